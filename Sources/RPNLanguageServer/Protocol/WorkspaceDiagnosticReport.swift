import RPNJSON

/// LSP `WorkspaceDiagnosticReport`: one report per open document.
struct WorkspaceDiagnosticReport: JSONConvertible {
    var items: [WorkspaceDocumentDiagnosticReport]

    var json: JSONValue { ["items": items.json] }
}
