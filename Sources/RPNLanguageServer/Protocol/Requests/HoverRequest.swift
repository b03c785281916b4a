import RPNJSON

/// `textDocument/hover`: what the word, the expression or the store under the cursor is (null:
/// nothing to say, as on a comment).
struct HoverRequest: TextDocumentPositionRequest {
    typealias Response = Hover?
    static let method = "textDocument/hover"
    static let capability: ServerCapability? = ServerCapability("hoverProvider", value: true)

    var textDocument: TextDocumentIdentifier
    var position: Position

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
        position = try Position(json: json?["position"])
    }
}
