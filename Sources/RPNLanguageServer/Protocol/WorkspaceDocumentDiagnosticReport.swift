import RPNJSON

/// LSP `WorkspaceDocumentDiagnosticReport`: a document's report in a `workspace/diagnostic`
/// answer, with the document and the version it is about.
struct WorkspaceDocumentDiagnosticReport: JSONConvertible {
    var uri: String
    var version: Int
    var report: DocumentDiagnosticReport

    var json: JSONValue {
        var object = report.members
        object["uri"] = .string(uri)
        object["version"] = .int(version)
        return .object(object)
    }
}
