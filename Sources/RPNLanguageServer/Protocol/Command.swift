import RPNJSON

/// LSP `Command`: a command the client runs through `workspace/executeCommand`, with a title
/// to show.
struct Command: JSONConvertible {
    var title: String
    var command: String
    var arguments: [JSONValue]

    var json: JSONValue { ["title": .string(title), "command": .string(command), "arguments": .array(arguments)] }
}
