/// Numbers as people and programs read them: shortest round-trip digits, no trailing `.0`,
/// exponents without leading zeros (`1e+21`, `1e-7`).
public enum NumberFormatting {
    /// For values written to stdout: ASCII minus.
    public static func ascii(_ x: Double) -> String {
        var bytes: [UInt8] = []
        append(x, minus: [UInt8(ascii: "-")], to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `x` prints in exponent form (`1e-7`, `6.02e+23`) rather than as plain digits.
    /// Such a number needs parentheses next to `^`, where `1e-7^2` could be read as 1e(−7^2).
    public static func hasExponent(_ x: Double) -> Bool {
        let m = x.magnitude
        guard m != 0, m.isFinite, !isPlainInteger(m) else { return false }
        return m.description.utf8.contains(UInt8(ascii: "e"))
    }

    /// Integers below 2^53 print as plain digits, without building a String.
    @inline(__always)
    static func isPlainInteger(_ m: Double) -> Bool { m < 9007199254740992 && m.rounded(.towardZero) == m }

    /// Appends `x`, with `minus` as the sign of a negative number. NaN and infinities never
    /// reach here as answers; they print as `nan`/`inf` only inside messages.
    public static func append(_ x: Double, minus: [UInt8], to out: inout [UInt8]) {
        if x.isNaN { out.append(contentsOf: "nan".utf8); return }
        if x < 0 { out.append(contentsOf: minus) }
        let m = x.magnitude
        if m == 0 { out.append(UInt8(ascii: "0")); return }
        if m.isInfinite { out.append(contentsOf: "inf".utf8); return }
        if isPlainInteger(m) {
            // Integers: the common case, done without building a String: a digit at once, more
            // written from the end of a buffer on the stack and appended in order.
            var n = UInt64(m)
            if n < 10 { out.append(UInt8(ascii: "0") &+ UInt8(n)); return }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in  // 2^64 has 20
                var i = 20
                while n > 0 {
                    i &-= 1
                    digits[i] = UInt8(ascii: "0") &+ UInt8(n % 10)
                    n /= 10
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[i...]))
            }
            return
        }
        let text = m.description  // shortest round-trip digits
        var utf8 = Array(text.utf8)
        if let e = utf8.firstIndex(of: UInt8(ascii: "e")) {
            var mantissa = Array(utf8[..<e])
            if mantissa.count > 2, mantissa.suffix(2) == [UInt8(ascii: "."), UInt8(ascii: "0")] {
                mantissa.removeLast(2)
            }
            var exponent = Array(utf8[(e + 1)...])
            let sign = exponent.first == UInt8(ascii: "-") ? UInt8(ascii: "-") : UInt8(ascii: "+")
            if exponent.first == UInt8(ascii: "-") || exponent.first == UInt8(ascii: "+") { exponent.removeFirst() }
            while exponent.count > 1, exponent.first == UInt8(ascii: "0") { exponent.removeFirst() }
            utf8 = mantissa + [UInt8(ascii: "e"), sign] + exponent
        } else if utf8.count > 2, utf8.suffix(2) == [UInt8(ascii: "."), UInt8(ascii: "0")] {
            utf8.removeLast(2)
        }
        out.append(contentsOf: utf8)
    }
}
