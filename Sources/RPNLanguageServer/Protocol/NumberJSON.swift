import RPNCore
import RPNJSON

/// Values in the server's JSON answers: `values` as JSON numbers (the nearest double, null for
/// none or past the doubles' range) so that every client can read them, and `exact` as text
/// that loses nothing (`"1267650600228229401496703205376"`, `"1/3"`).
enum NumberJSON {
    static func number(_ value: Number?) -> JSONValue {
        guard let d = value?.doubleValue, d.isFinite else { return .null }
        return .double(d)
    }

    static func exact(_ value: Number?) -> JSONValue {
        guard let value else { return .null }
        return .string(NumberFormat.exactText.string(value))
    }

    /// Whether a value is a double (its `exact` text is then the double's); null: no value.
    static func inexact(_ value: Number?) -> JSONValue {
        value.map { .bool(!$0.isExact) } ?? .null
    }
}
