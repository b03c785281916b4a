import RPNJSON

/// `textDocument/didSave`: taken and ignored (the server works on the text the editor has,
/// saved or not). Nothing is advertised for it (`textDocumentSync.save`), so clients need not
/// send it; some do all the same.
struct DidSaveTextDocumentNotification: NotificationType {
    static let method = "textDocument/didSave"

    init(json: JSONValue?) {}
}
