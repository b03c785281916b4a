/// Text from a program, made safe and legible before it is shown: in diagnostic messages,
/// under carets, in `rpn tokens`, in editors.
///
/// A program is untrusted input. Written raw, its control characters (ESC, NUL, CSI, ...)
/// would drive the user's terminal: recolour it, retitle it, move the cursor over earlier
/// output. So every control character is written as an escape, `\u{1B}`. Characters that
/// show nothing (a byte order mark, a no-break space, a zero-width space, a bidirectional
/// override) are the usual reason a token that looks right is rejected, so they are named,
/// `<U+FEFF>`, rather than shown blank. Everything else is shown as it is.
public enum TerminalText {
    /// How one scalar is shown: nil when it is shown as it is, else its escape or its name.
    /// Tabs are controls too; callers that keep them (to align carets) handle them first.
    public static func replacement(for scalar: Unicode.Scalar) -> String? {
        if DisplayWidth.isControl(scalar) { return "\\u{" + hex(scalar.value) + "}" }
        if isInvisible(scalar) { return name(scalar) }
        return nil
    }

    /// The same, for a scalar that follows `previous` (nil: the start of the text). A
    /// combining mark with nothing to draw on (at the start, after a space or after a character
    /// that was replaced) would vanish or deface what comes before, so it is named too.
    public static func replacement(for scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> String? {
        if let replacement = replacement(for: scalar) { return replacement }
        guard DisplayWidth.isCombiningMark(scalar) else { return nil }
        guard let previous, previous != " ", replacement(for: previous) == nil else { return name(scalar) }
        return nil
    }

    /// The text with control characters escaped and invisible characters named.
    public static func shown<S: StringProtocol>(_ text: S) -> String {
        var result = ""
        var previous: Unicode.Scalar? = nil
        for scalar in text.unicodeScalars {
            if let replacement = replacement(for: scalar, after: previous) {
                result += replacement
            } else {
                result.unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        return result
    }

    /// A token for a message, in single quotes: `'sqr'`, `'\u{1B}[31m'`, `'<U+FEFF>1'`.
    public static func quoted<S: StringProtocol>(_ text: S) -> String {
        "'" + shown(text) + "'"
    }

    /// Whether a scalar shows nothing on its own: format characters (U+FEFF, U+200B, the
    /// bidirectional controls, ...), line and paragraph separators, spaces other than U+0020,
    /// the soft hyphen and the Hangul and Braille blanks. Combining marks are not: they draw
    /// on the character before them.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0xA0 { return false }
        switch value {
        case 0x00A0, 0x00AD, 0x115F, 0x1160, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x2800, 0x3000, 0x3164, 0xFFA0:
            return true
        default:
            return DisplayWidth.contains(DisplayWidth.format, value)
        }
    }

    /// `<U+FEFF>`.
    static func name(_ scalar: Unicode.Scalar) -> String { "<U+" + hex(scalar.value, minimumDigits: 4) + ">" }

    static func hex(_ value: UInt32, minimumDigits: Int = 1) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, minimumDigits - digits.count)) + digits
    }
}
