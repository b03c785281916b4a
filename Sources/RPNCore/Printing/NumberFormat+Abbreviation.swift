extension NumberFormat {
    /// A value for a place with room for `limit` characters (the shell's stack display, a
    /// hover, an inlay hint): as `string(_:)` when it fits, else its first digits, `…`, its
    /// last four and how many digits it has: `1267650600228…5376 (31 digits)`. A value of a
    /// million digits must not be printed on every redisplay or sent to an editor line by line.
    public func string(_ value: Number, limit: Int) -> String {
        let text = string(value)
        guard text.utf8.count > limit else { return text }
        let digits = text.utf8.count { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        let suffix = " (\(digits) digits)"
        let characters = Array(text)
        let tail = 4
        let head = Swift.max(1, limit - suffix.count - tail - 1)
        guard head + tail < characters.count else { return text }
        return String(characters[..<head]) + "…" + String(characters[(characters.count - tail)...]) + suffix
    }
}
