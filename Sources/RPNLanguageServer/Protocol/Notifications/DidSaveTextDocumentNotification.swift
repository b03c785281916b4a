import RPNJSON

/// `textDocument/didSave`: the document's text is on the disk from then on. The server works
/// on the text the editor has, saved or not; a save only tells it that the closed files it
/// read around this one may be read again (`FileWatching`). Advertised without the text
/// (`textDocumentSync.save`).
struct DidSaveTextDocumentNotification: NotificationType {
    static let method = "textDocument/didSave"
    static let capability: ServerCapability? = ServerCapability("textDocumentSync", value: ["save": ["includeText": false]])

    var textDocument: TextDocumentIdentifier

    init(json: JSONValue?) throws(ResponseError) { textDocument = try TextDocumentIdentifier(params: json) }
}
