import RPNJSON

/// `textDocument/diagnostic` (LSP 3.17, pull diagnostics): the document's diagnostics, or
/// `unchanged` when they are those of `previousResultId`. Offered only to clients that pull
/// (`textDocument.diagnostic`); the others are pushed `publishDiagnostics`. No document's
/// diagnostics depend on another's (`interFileDependencies`).
struct DocumentDiagnosticRequest: RequestType {
    typealias Response = DocumentDiagnosticReport
    static let method = "textDocument/diagnostic"
    static let capability: ServerCapability? = ServerCapability(
        "diagnosticProvider", value: ["interFileDependencies": false, "workspaceDiagnostics": false],
        clientSupport: \ClientCapabilities.diagnosticPull)

    var textDocument: TextDocumentIdentifier
    /// The result id of the report the client has (absent: it has none).
    var previousResultID: String?

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
        if let previous = json?["previousResultId"], !previous.isNull {
            guard let id = previous.stringValue else { throw .invalidParams("previousResultId must be a string") }
            previousResultID = id
        }
    }
}
