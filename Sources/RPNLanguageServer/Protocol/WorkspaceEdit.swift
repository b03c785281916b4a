import RPNJSON

/// LSP `WorkspaceEdit`: edits of one document or several. Versioned, as `documentChanges`: one
/// `TextDocumentEdit` per document naming the version the edits were made for (null for a
/// file the client does not have open), which a client must refuse to apply to any other (an
/// edit offered before the user typed on would land on text it was not made for); otherwise
/// as `changes`, for clients that do not take `documentChanges`.
struct WorkspaceEdit: JSONConvertible {
    struct DocumentEdits {
        var uri: String
        /// The version of the open document's text the edits were made for; nil: a closed file.
        var version: Int?
        var edits: [TextEdit]
    }

    var versioned: Bool
    var documents: [DocumentEdits]

    var json: JSONValue {
        guard versioned else {
            var changes = JSONObject()
            for document in documents { changes[document.uri] = document.edits.json }
            return ["changes": .object(changes)]
        }
        return ["documentChanges": .array(documents.map { document in
            ["textDocument": ["uri": .string(document.uri), "version": document.version.map(JSONValue.int) ?? .null],
             "edits": document.edits.json]
        })]
    }
}

extension LanguageServer {
    /// Edits to the current version of a document, named by it where the client can check it
    /// (`workspace.workspaceEdit.documentChanges`).
    func workspaceEdit(_ document: Document, _ edits: [TextEdit]) -> WorkspaceEdit {
        WorkspaceEdit(versioned: clientCapabilities.versionedEdits,
                      documents: [WorkspaceEdit.DocumentEdits(uri: document.uri, version: document.version, edits: edits)])
    }
}
