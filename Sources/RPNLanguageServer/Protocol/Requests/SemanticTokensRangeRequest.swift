import RPNJSON

/// `textDocument/semanticTokens/range`: the tokens of a range (only its lines are lexed).
struct SemanticTokensRangeRequest: RequestType {
    typealias Response = SemanticTokens
    static let method = "textDocument/semanticTokens/range"
    static let capability: ServerCapability? = ServerCapability(
        "semanticTokensProvider", value: ["legend": SemanticTokenLegend.json, "range": true])

    var textDocument: TextDocumentIdentifier
    var range: Range

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
        range = try Range(json: json?["range"])
    }
}
