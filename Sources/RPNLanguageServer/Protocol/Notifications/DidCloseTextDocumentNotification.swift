import RPNJSON

/// `textDocument/didClose`.
struct DidCloseTextDocumentNotification: NotificationType {
    static let method = "textDocument/didClose"
    static let capability: ServerCapability? = ServerCapability("textDocumentSync", value: ["openClose": true])

    var textDocument: TextDocumentIdentifier

    init(json: JSONValue?) throws(ResponseError) { textDocument = try TextDocumentIdentifier(params: json) }
}
