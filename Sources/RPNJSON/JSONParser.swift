/// Parses JSON texts (RFC 8259, strictly) from bytes.
///
/// What is accepted:
/// - any value at the top level, with whitespace (space, tab, LF, CR) around it and nothing
///   else; no byte order mark, comments, trailing commas, single quotes, NaN or Infinity;
/// - only valid UTF-8, inside strings and out (overlong forms, encoded surrogates, 0xC0,
///   0xC1, 0xF5–0xFF and truncated sequences are errors at the sequence's first byte);
/// - `\uD83D\uDE00`-style surrogate pairs as one scalar. A lone or unpaired surrogate escape
///   becomes U+FFFD instead of an error: some editors send them when they cut a string in
///   the middle of a pair, and one replacement character hurts less than a dropped message;
/// - containers nested at most `maximumDepth` deep.
///
/// Parsing runs over the bytes with an explicit stack (no recursion), copies unescaped runs
/// of a string in bulk and is O(n); a 10 MB string value takes a few milliseconds.
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted. Parsing itself does not recurse,
    /// but Swift destroys and compares nested values recursively, so an unbounded depth would
    /// let a message overflow the stack long after it was parsed. LSP messages nest a
    /// handful of levels.
    public static let maximumDepth = 512

    /// Parses one JSON text.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var reader = JSONReader(bytes)
        return try reader.parseText()
    }

    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        // `withUnsafeBufferPointer` is not typed-throws, so the error goes through a Result.
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result<JSONValue, JSONParseError> { () throws(JSONParseError) in try parse(buffer) }
        }
        return try result.get()
    }

    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { buffer in
            Result<JSONValue, JSONParseError> { () throws(JSONParseError) in try parse(buffer) }
        }
        return try result.get()
    }
}
