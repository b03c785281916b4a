import RPNJSON

/// LSP `Hover`: what is under the cursor, rendered in the client's format, and the range it
/// is about.
struct Hover: JSONConvertible {
    var contents: MarkupContent
    var format: MarkupKind
    var range: Range

    var json: JSONValue { ["contents": contents.json(format), "range": range.json] }
}
