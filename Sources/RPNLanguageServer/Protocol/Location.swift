import RPNJSON

/// LSP `Location`.
struct Location: JSONConvertible {
    var uri: String
    var range: Range

    var json: JSONValue { ["uri": .string(uri), "range": range.json] }
}
