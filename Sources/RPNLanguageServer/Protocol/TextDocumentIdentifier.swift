import RPNJSON

/// LSP `TextDocumentIdentifier`: the document a request is about.
struct TextDocumentIdentifier: Equatable {
    var uri: String

    init(uri: String) { self.uri = uri }

    /// From a request's `params`, which must have `textDocument.uri`.
    init(params: JSONValue?) throws(ResponseError) {
        guard let uri = params?["textDocument"]?["uri"]?.stringValue else {
            throw .invalidParams("expected textDocument.uri")
        }
        self.init(uri: uri)
    }
}
