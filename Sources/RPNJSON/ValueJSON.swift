import RPNCore

/// rpn's values in JSON, the one encoding of the command line's `--json` and the language
/// server's answers: `number` as JSON numbers (the nearest double, null for none or past the
/// doubles' range) so that every JSON reader can use them, a complex value as `{"re", "im"}`
/// of two such numbers; `exact` as text that loses nothing (`"1267650600228229401496703205376"`,
/// `"1/3"`, `"3+4i"`).
public enum ValueJSON {
    /// A value as a JSON number, or a complex value as `{"re": …, "im": …}`; null for none.
    public static func number(_ value: Number?) -> JSONValue { number(value, nesting: 0) }

    /// Lists nest in JSON arrays to this depth; deeper ones are their exact text (JSON readers
    /// and our serializer recurse on arrays).
    static let listNesting = 64

    private static func number(_ value: Number?, nesting: Int) -> JSONValue {
        guard let value else { return .null }
        switch value {
        case .complex(let z): return ["re": double(z.re), "im": double(z.im)]
        case .list(let elements):
            guard nesting < listNesting else { return exact(value) }
            return .array(elements.map { number($0, nesting: nesting + 1) })
        case .quotation(let q): return .string(q.text)
        default: return double(value)
        }
    }

    /// A real value's nearest double, null past the doubles' range (JSON cannot spell infinities).
    private static func double(_ value: Number) -> JSONValue {
        let d = value.doubleValue
        return d.isFinite ? .double(d) : .null
    }

    /// A value's exact text: all the digits of an integer, a fraction as `1/3`, an inexact
    /// value as its shortest round-trip digits, a complex value as `3+4i` of those; null for none.
    public static func exact(_ value: Number?) -> JSONValue { exact(value, nesting: 0) }

    private static func exact(_ value: Number?, nesting: Int) -> JSONValue {
        guard let value else { return .null }
        if case .list(let elements) = value, nesting < listNesting {
            return .array(elements.map { exact($0, nesting: nesting + 1) })
        }
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
