import RPNJSON

/// LSP `TextEdit`.
struct TextEdit: JSONConvertible {
    var range: Range
    var newText: String

    var json: JSONValue { ["range": range.json, "newText": .string(newText)] }
}
