import RPNCore

/// rpn's values in JSON, the one encoding of the command line's `--json` and the language
/// server's answers: `number` as JSON numbers (the nearest double, null for none or past the
/// doubles' range) so that every JSON reader can use them, a complex value as `{"re", "im"}`
/// of two such numbers; `exact` as text that loses nothing (`"1267650600228229401496703205376"`,
/// `"1/3"`, `"3+4i"`).
public enum ValueJSON {
    /// A value as a JSON number, or a complex value as `{"re": …, "im": …}`; null for none.
    public static func number(_ value: Number?) -> JSONValue {
        guard let value else { return .null }
        guard case .complex(let z) = value else { return double(value) }
        return ["re": double(z.re), "im": double(z.im)]
    }

    /// A real value's nearest double, null past the doubles' range (JSON cannot spell infinities).
    private static func double(_ value: Number) -> JSONValue {
        let d = value.doubleValue
        return d.isFinite ? .double(d) : .null
    }

    /// A value's exact text: all the digits of an integer, a fraction as `1/3`, an inexact
    /// value as its shortest round-trip digits, a complex value as `3+4i` of those; null for none.
    public static func exact(_ value: Number?) -> JSONValue {
        guard let value else { return .null }
        return .string(NumberFormat.exactText.string(value))
    }

    /// Whether a value is inexact (its `exact` text is then the digits it carries); null: no value.
    public static func inexact(_ value: Number?) -> JSONValue {
        value.map { .bool(!$0.isExact) } ?? .null
    }

    /// The significant digits an inexact value carries (`--digits N`: N; a double: 17, the
    /// digits that identify it; a complex value: those of its parts); null for an exact value or none.
    public static func digits(_ value: Number?) -> JSONValue {
        switch value {
        case .float(let f): .int(f.digits)
        case .real: .int(BigFloat.doubleDigits)
        case .complex(let z): digits(z.re)
        default: .null
        }
    }
}
