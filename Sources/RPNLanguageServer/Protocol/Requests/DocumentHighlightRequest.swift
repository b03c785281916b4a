import RPNJSON

/// `textDocument/documentHighlight`: every occurrence of the variable under the cursor,
/// stores as writes (null: no variable there).
struct DocumentHighlightRequest: TextDocumentPositionRequest {
    typealias Response = [DocumentHighlight]?
    static let method = "textDocument/documentHighlight"
    static let capability: ServerCapability? = ServerCapability("documentHighlightProvider", value: true)

    var textDocument: TextDocumentIdentifier
    var position: Position

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
        position = try Position(json: json?["position"])
    }
}
