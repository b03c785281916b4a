import RPNJSON

/// LSP `InsertReplaceEdit`: a completion's text with the two ranges a client chooses between
/// as its user prefers, `insert` (the typed part, to the cursor) or `replace` (the whole word
/// the cursor is in). Only for clients that announce `insertReplaceSupport`.
struct InsertReplaceEdit: JSONConvertible {
    var newText: String
    var insert: Range
    var replace: Range

    var json: JSONValue { ["newText": .string(newText), "insert": insert.json, "replace": replace.json] }
}
