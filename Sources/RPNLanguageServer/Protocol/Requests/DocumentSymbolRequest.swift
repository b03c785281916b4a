import RPNJSON

/// `textDocument/documentSymbol`: one symbol per store.
struct DocumentSymbolRequest: RequestType {
    typealias Response = [DocumentSymbol]
    static let method = "textDocument/documentSymbol"
    static let capability: ServerCapability? = ServerCapability("documentSymbolProvider", value: true)

    var textDocument: TextDocumentIdentifier

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
    }
}
