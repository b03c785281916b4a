import RPNJSON

/// `textDocument/semanticTokens/full`: every token of the document, with a result id for
/// later deltas.
struct SemanticTokensRequest: RequestType {
    typealias Response = SemanticTokens
    static let method = "textDocument/semanticTokens/full"
    static let capability: ServerCapability? = ServerCapability(
        "semanticTokensProvider", value: ["legend": SemanticTokenLegend.json, "full": true])

    var textDocument: TextDocumentIdentifier

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
    }
}
