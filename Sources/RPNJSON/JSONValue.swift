/// One JSON value (RFC 8259), as parsed by `JSONParser` and written by `JSONSerializer`.
///
/// Numbers keep the distinction the text makes: a literal without fraction or exponent that
/// fits in `Int` is `.int` (LSP ids, line and character positions), every other number is
/// `.double`. `.int(1)` and `.double(1)` are therefore different values; use `intValue` or
/// `doubleValue` to read a number whatever its spelling.
///
/// Recursion goes through `Array` and `JSONObject`, which are already heap-allocated, so
/// the enum needs no `indirect`. Destroying and comparing values is still recursive in
/// Swift, which is why the parser refuses to build anything nested deeper than
/// `JSONParser.maximumDepth`.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent that fits in `Int`.
    case int(Int)
    /// Every other number. `-0` parses as `.double(-0.0)` so that its sign survives a round trip.
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

extension JSONValue: CustomStringConvertible {
    /// The compact serialization, so that test failures and logs show JSON.
    public var description: String { JSONSerializer.string(self) }
}
