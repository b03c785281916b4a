import RPNJSON

/// LSP `CodeAction`: an edit, a command, or both, of a kind (`CodeActionKind`).
struct CodeAction: JSONConvertible {
    var title: String
    var kind: String
    /// The diagnostics it fixes, as the client sent them.
    var diagnostics: [JSONValue]?
    var edit: WorkspaceEdit?
    var command: Command?
    var isPreferred = false

    init(title: String, kind: String, diagnostics: [JSONValue]? = nil, edit: WorkspaceEdit? = nil,
         command: Command? = nil, isPreferred: Bool = false) {
        self.title = title
        self.kind = kind
        self.diagnostics = diagnostics
        self.edit = edit
        self.command = command
        self.isPreferred = isPreferred
    }

    var json: JSONValue {
        var object: JSONObject = ["title": .string(title), "kind": .string(kind)]
        if let diagnostics { object["diagnostics"] = .array(diagnostics) }
        if let edit { object["edit"] = edit.json }
        if let command { object["command"] = command.json }
        if isPreferred { object["isPreferred"] = true }
        return .object(object)
    }
}
