import RPNJSON

/// `textDocument/completion`: the words and variables that complete what is typed at the
/// cursor. `→` and `>` (of `->`) start a store's name, so they ask for completion too.
struct CompletionRequest: TextDocumentPositionRequest {
    typealias Response = CompletionList
    static let method = "textDocument/completion"
    static let capability: ServerCapability? = ServerCapability(
        "completionProvider", value: ["triggerCharacters": ["→", ">"]])

    var textDocument: TextDocumentIdentifier
    var position: Position

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
        position = try Position(json: json?["position"])
    }
}
