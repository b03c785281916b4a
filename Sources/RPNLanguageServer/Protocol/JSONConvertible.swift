import RPNJSON

/// A value as it goes on the wire: every result a handler returns is one, and the server
/// encodes it once, when it answers.
protocol JSONConvertible {
    var json: JSONValue { get }
}

/// LSP's `T | null`: nothing to say is `null`.
extension Optional: JSONConvertible where Wrapped: JSONConvertible {
    var json: JSONValue { self?.json ?? .null }
}

extension Array: JSONConvertible where Element: JSONConvertible {
    var json: JSONValue { .array(map(\.json)) }
}
