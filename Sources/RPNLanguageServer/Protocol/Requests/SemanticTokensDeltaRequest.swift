import RPNJSON

/// `textDocument/semanticTokens/full/delta`: the edits since the result `previousResultId`
/// (all the tokens when that result is not known). Advertised as
/// `semanticTokensProvider.full.delta`, with full.
struct SemanticTokensDeltaRequest: RequestType {
    typealias Response = SemanticTokensDeltaResult
    static let method = "textDocument/semanticTokens/full/delta"
    static let capability: ServerCapability? = ServerCapability(
        "semanticTokensProvider", "full", value: ["delta": true], refines: true)

    var textDocument: TextDocumentIdentifier
    var previousResultID: String

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
        guard let previous = json?["previousResultId"]?.stringValue else {
            throw .invalidParams("expected previousResultId")
        }
        previousResultID = previous
    }
}
