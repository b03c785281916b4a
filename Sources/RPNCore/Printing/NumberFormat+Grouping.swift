extension NumberFormat {
    /// Puts a comma between groups of three in the run of digits that starts at `start`
    /// (the integer part: it ends at the point, the `e`, the `/` or the end), so
    /// `1234567.5` becomes `1,234,567.5`. Decimals and exponents are never grouped.
    static func groupDigits(in out: inout [UInt8], from start: Int) {
        var end = start
        while end < out.count, out[end] >= UInt8(ascii: "0"), out[end] <= UInt8(ascii: "9") { end += 1 }
        let count = end - start
        guard count > 3 else { return }
        var grouped: [UInt8] = []
        grouped.reserveCapacity(count + (count - 1) / 3)
        for (i, digit) in out[start..<end].enumerated() {
            if i > 0, (count - i) % 3 == 0 { grouped.append(UInt8(ascii: ",")) }
            grouped.append(digit)
        }
        out.replaceSubrange(start..<end, with: grouped)
    }
}
