import RPNJSON

/// The answer to `textDocument/prepareRename` (`{range, placeholder}`): what a rename here
/// would rename, and the name an editor offers to change.
struct PrepareRenameResult: JSONConvertible {
    var range: Range
    var placeholder: String

    var json: JSONValue { ["range": range.json, "placeholder": .string(placeholder)] }
}
