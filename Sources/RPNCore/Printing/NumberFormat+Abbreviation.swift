extension NumberFormat {
    /// A value for a place with room for `limit` characters (the shell's stack display, a
    /// hover, an inlay hint): as `string(_:)` when it fits, else its first digits, `…`, its
    /// last four and how many digits it has: `1267650600228…5376 (31 digits)`. A value of a
    /// million digits must not be printed on every redisplay or sent to an editor line by line.
    public func string(_ value: Number, limit: Int) -> String {
        if case .list(let elements) = value { return listString(elements, limit: limit) }
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

    /// A list for a place with room for `limit` characters: whole when it fits, else its first
    /// elements, `…`, its last one and how many it has: `{ 1 2 3 … 200 } (200 elements)`. Only
    /// the elements shown are printed (a list of 10^7 is not printed on every redisplay), each
    /// abbreviated in turn when it alone is too long.
    private func listString(_ elements: [Number], limit: Int) -> String {
        let (open, separator, close) = listStyle == .stack ? ("{ ", " ", " }") : ("{", ", ", "}")
        guard !elements.isEmpty else { return listStyle == .stack ? "{ }" : "{}" }
        let elementLimit = Swift.max(8, limit / 3)
        var shown: [String] = []
        var length = open.count + close.count
        for element in elements {
            let text = string(element, limit: elementLimit)
            length += text.count + (shown.isEmpty ? 0 : separator.count)
            shown.append(text)
            if length > limit { break }
        }
        if shown.count == elements.count, length <= limit { return open + shown.joined(separator: separator) + close }
        let suffix = " (\(elements.count) element\(elements.count == 1 ? "" : "s"))"
        let last = string(elements[elements.count - 1], limit: elementLimit)
        // As many first elements as leave room for `… last }` and the count; one at least.
        var budget = limit - suffix.count - open.count - close.count - last.count - 2 * separator.count - 1
        var head: [String] = []
        for text in shown.dropLast() where head.isEmpty || budget >= text.count + separator.count {
            budget -= text.count + separator.count
            head.append(text)
        }
        if head.isEmpty { head = [shown[0]] }
        return open + head.joined(separator: separator) + separator + "…" + separator + last + close + suffix
    }
}
