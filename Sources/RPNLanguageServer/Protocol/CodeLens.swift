import RPNJSON

/// LSP `CodeLens`: a command shown above a range.
struct CodeLens: JSONConvertible {
    var range: Range
    var command: Command

    var json: JSONValue { ["range": range.json, "command": command.json] }
}
