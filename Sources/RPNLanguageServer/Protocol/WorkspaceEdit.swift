import RPNJSON

/// LSP `WorkspaceEdit` in its `changes` form: edits by document URI, in the order given.
struct WorkspaceEdit: JSONConvertible {
    var changes: [(uri: String, edits: [TextEdit])]

    /// Edits to one document.
    init(uri: String, edits: [TextEdit]) { changes = [(uri, edits)] }

    var json: JSONValue { ["changes": .object(JSONObject(changes.map { ($0.uri, $0.edits.json) }))] }
}
