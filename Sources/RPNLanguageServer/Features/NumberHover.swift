import RPNCore

/// Hover on a number literal: what it stands for in the document's arithmetic (the `exact`
/// setting: exact values, or doubles), written out; its kind; for an integer its other bases.
///
/// | literal | `exact` | hover (plain text) |
/// |---|---|---|
/// | `1000` | true | `1000 integer` / `hexadecimal 0x3E8, octal 0o1750, binary 0b1111101000` |
/// | `0x1F` | true | `0x1F integer: 31` / `hexadecimal 0x1F, octal 0o37, binary 0b11111` |
/// | `0.25` | true | `0.25 fraction: 1/4` |
/// | `0.1` | false | `0.1 inexact, a double: 0.1000000000000000055511151231257827021181583404541015625` |
/// | `0.5i` | true | `0.5i imaginary: 1/2i` |
///
/// The value is shown where it says more than the literal (`1e3` is 1000; `1000` is 1000), each
/// text at most `writtenOutLimit` characters (a literal of a million digits is a short hover).
extension LanguageServer {
    static let writtenOutLimit = 1000

    /// nil when the literal has no value (malformed, or past the cap: its diagnostics say why).
    func numberHover(_ literal: String, exact: Bool) -> MarkupContent? {
        // The value a program gets from the literal: the machine's, through the one path.
        guard case .success(let value) = RPN.number(literal, exact: exact) else { return nil }
        var content = MarkupContent()
        content.strong(literal)
        let written: String
        switch value {
        case .integer:
            content.text(" integer")
            written = NumberFormat().string(value, limit: Self.writtenOutLimit)
        case .rational:
            content.text(" fraction")
            written = NumberFormat.exactText.string(value, limit: Self.writtenOutLimit)
        case .real(let double):
            content.text(" inexact, a double")
            written = Self.exactDecimal(of: double)
        case .float(let float):  // literals are never read at --digits; for completeness
            content.text(" inexact, \(float.digits) digits")
            written = NumberFormat().string(value, limit: Self.writtenOutLimit)
        case .complex(let z):
            content.text(z.re.isExact ? " imaginary" : " imaginary, inexact (a double)")
            written = NumberFormat.exactText.string(value, limit: Self.writtenOutLimit)
        case .list, .quotation:  // a literal is never one
            return nil
        }
        if written != literal {
            content.text(": ")
            content.code(written)
        }
        let exactValue = value.isExact ? value : Number.exactly(value.doubleValue)
        if case .integer = exactValue {
            content.lineBreak()
            for (name, base) in [("hexadecimal", 16), ("octal", 8), ("binary", 2)] {
                content.text((base == 16 ? "" : ", ") + name + " ")
                content.code(NumberFormat(base: base).string(exactValue, limit: Self.writtenOutLimit))
            }
        }
        return content
    }

    /// A double's value exactly, in decimal: a fraction over 2^k has exactly k decimals (0.1 is
    /// 0.1000000000000000055511151231257827021181583404541015625). The smallest doubles have
    /// more decimals than the formatter shows: those are written as the fraction.
    static func exactDecimal(of double: Double) -> String {
        let exact = Number.exactly(double)
        guard case .rational(let fraction) = exact else { return NumberFormat().string(exact, limit: writtenOutLimit) }
        let decimals = fraction.denominator.bitLength - 1
        let format = decimals <= NumberFormat.maximumDigits ? NumberFormat(mode: .fixed(decimals)) : NumberFormat.exactText
        return format.string(exact, limit: writtenOutLimit)
    }
}
