import RPNJSON

/// `textDocument/didOpen`.
struct DidOpenTextDocumentNotification: NotificationType {
    static let method = "textDocument/didOpen"
    static let capability: ServerCapability? = ServerCapability("textDocumentSync", value: ["openClose": true])

    var textDocument: TextDocumentItem

    init(json: JSONValue?) throws(ResponseError) { textDocument = try TextDocumentItem(json: json?["textDocument"]) }
}
