import RPNJSON

/// `textDocument/didChange`, with incremental changes.
struct DidChangeTextDocumentNotification: NotificationType {
    static let method = "textDocument/didChange"
    static let capability: ServerCapability? = ServerCapability(
        "textDocumentSync", value: ["change": .int(TextDocumentSyncKind.incremental)])

    var textDocument: TextDocumentIdentifier
    /// The version after the changes (nil: the client gives none; the document keeps its own).
    var version: Int?
    /// The changes, in order, up to the first that cannot be read.
    var contentChanges: [TextDocumentContentChangeEvent] = []
    /// What is wrong with the first change that cannot be read: the client has made it, so the
    /// server's text is no longer the client's (DocumentSync).
    var invalidChange: ResponseError?

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
        version = json?["textDocument"]?["version"]?.intValue
        for change in json?["contentChanges"]?.arrayValue ?? [] {
            do throws(ResponseError) {
                contentChanges.append(try TextDocumentContentChangeEvent(json: change))
            } catch {
                invalidChange = error
                break
            }
        }
    }
}
