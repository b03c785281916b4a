import RPNJSON

/// LSP `Location`.
struct Location: JSONConvertible, Equatable {
    var uri: String
    var range: Range

    var json: JSONValue { ["uri": .string(uri), "range": range.json] }
}
