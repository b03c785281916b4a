import RPNJSON

/// LSP `WorkspaceEdit` of one document. With a version, as `documentChanges`: one
/// `TextDocumentEdit` naming the version the edits were made for, which a client must refuse to
/// apply to any other (an edit offered before the user typed on would land on text it was not
/// made for); without, as `changes`, for clients that do not take `documentChanges`.
struct WorkspaceEdit: JSONConvertible {
    var uri: String
    /// The version of the text the edits were made for; nil: the `changes` form.
    var version: Int?
    var edits: [TextEdit]

    var json: JSONValue {
        guard let version else { return ["changes": .object([uri: edits.json])] }
        return ["documentChanges": [["textDocument": ["uri": .string(uri), "version": .int(version)], "edits": edits.json]]]
    }
}

extension LanguageServer {
    /// Edits to the current version of a document, named by it where the client can check it
    /// (`workspace.workspaceEdit.documentChanges`).
    func workspaceEdit(_ document: Document, _ edits: [TextEdit]) -> WorkspaceEdit {
        WorkspaceEdit(uri: document.uri, version: clientCapabilities.versionedEdits ? document.version : nil, edits: edits)
    }
}
