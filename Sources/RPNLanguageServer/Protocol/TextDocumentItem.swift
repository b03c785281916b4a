import RPNJSON

/// LSP `TextDocumentItem`: a document as it is opened.
struct TextDocumentItem {
    var uri: String
    /// 0 when the client gives none.
    var version: Int
    var text: String

    init(json: JSONValue?) throws(ResponseError) {
        guard let uri = json?["uri"]?.stringValue, let text = json?["text"]?.stringValue else {
            throw .invalidParams("didOpen needs textDocument {uri, text}")
        }
        self.uri = uri
        self.version = json?["version"]?.intValue ?? 0
        self.text = text
    }
}
