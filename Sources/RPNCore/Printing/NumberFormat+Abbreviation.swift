extension NumberFormat {
    /// A value for a place with room for `limit` characters (the shell's stack display, a
    /// hover, an inlay hint): as `string(_:)` when it fits, else its first digits, `…`, its
    /// last four and how many digits it has: `1267650600228…5376 (31 digits)`. A value of a
    /// million digits must not be printed on every redisplay or sent to an editor line by line.
    public func string(_ value: Number, limit: Int) -> String {
        let text = string(value)
        guard text.utf8.count > limit else { return text }
        // The digits of the base printed in: hexadecimal ones are uppercase (an exponent's `e`
        // and the prefixes are lowercase), and the 0 of a prefix (`0x`) is no digit of the value.
        let prefixLetters: [UInt8] = [UInt8(ascii: "x"), UInt8(ascii: "o"), UInt8(ascii: "b")]
        let hasPrefix = Radix(base) != nil && text.utf8.prefix(6).contains { prefixLetters.contains($0) }  // after a sign
        let digits = text.utf8.count { (0x30...0x39).contains($0) || (0x41...0x46).contains($0) } - (hasPrefix ? 1 : 0)
        let suffix = " (\(digits) digits)"
        // One scalar a character (digits, signs, the point): counted and cut without an array
        // of a million characters.
        let scalars = text.unicodeScalars
        let tail = 4
        let head = Swift.max(1, limit - suffix.count - tail - 1)
        guard head + tail < scalars.count else { return text }
        return String(scalars[..<scalars.index(scalars.startIndex, offsetBy: head)]) + "…"
            + String(scalars[scalars.index(scalars.endIndex, offsetBy: -tail)...]) + suffix
    }
}
