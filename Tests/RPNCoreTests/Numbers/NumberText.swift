@testable import RPNCore

/// Numbers in tests written as Python's fractions print them: `"-7/2"`, `"12"` (the expected
/// values are computed with Python's fractions and int, an independent reference).
enum NumberText {
    /// `"n"` or `"n/d"` (decimal integers) as a Number; a literal otherwise (`"0x1F"`, `"2.5"`).
    static func number(_ text: String) -> Number {
        if let slash = text.firstIndex(of: "/") {
            let n = integer(String(text[..<slash])), d = integer(String(text[text.index(after: slash)...]))
            return Number.ratio(n, d)
        }
        guard let value = literal(text) else { fatalError("not a number in a test table: \(text)") }
        return value
    }

    static func integer(_ text: String) -> ExactInteger {
        guard case .integer(let i) = literal(text) else { fatalError("not an integer: \(text)") }
        return i
    }

    static func literal(_ text: String) -> Number? {
        var text = text
        return text.withUTF8 { Number.parseLiteral($0) }
    }

    /// A value as Python's `str(Fraction)`: `"n"` or `"n/d"`; `"real(x)"` for inexact ones.
    static func text(_ n: Number) -> String {
        switch n {
        case .integer(let i): return i.decimalString
        case .rational(let r): return "\(r.numerator.decimalString)/\(r.denominator.decimalString)"
        case .real(let d): return "real(\(d))"
        case .float(let f): return "float(\(NumberFormat().string(.float(f))))"
        case .complex(let z): return "complex(\(text(z.re)), \(text(z.im)))"
        case .list(let elements): return "[" + elements.map(text).joined(separator: ", ") + "]"
        case .quotation(let q): return q.text
        }
    }

    /// An outcome: the value's text, `"inexact"`, or the failure's code.
    static func text(_ outcome: NumberOutcome) -> String {
        switch outcome {
        case .value(let n): return text(n)
        case .inexact: return "inexact"
        case .failure(let code, _): return code.rawValue
        }
    }

    /// Whether the representation is normalized (`.big` only past Int, rationals reduced with
    /// a denominator > 1): equal values must be equal representations.
    static func isNormalized(_ n: Number) -> Bool {
        func normalized(_ i: ExactInteger) -> Bool {
            if case .big(let b) = i { return b.intValue == nil }
            return true
        }
        switch n {
        case .integer(let i): return normalized(i)
        case .rational(let r):
            return normalized(r.numerator) && normalized(r.denominator)
                && ExactInteger.compare(r.denominator, .one) > 0
                && ExactInteger.gcd(r.numerator, r.denominator) == .one
        case .real(let d): return d.isFinite && !(d == 0 && d.sign == .minus)
        case .float(let f): return f.isFinite
        case .complex(let z):
            return isNormalized(z.re) && isNormalized(z.im) && !z.im.isZero && !z.re.isComplex && !z.im.isComplex
                && z.re.isExact == z.im.isExact
        case .list(let elements): return elements.allSatisfy(isNormalized)
        case .quotation: return true
        }
    }
}
