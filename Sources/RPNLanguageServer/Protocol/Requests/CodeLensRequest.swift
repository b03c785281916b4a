import RPNJSON

/// `textDocument/codeLens`: above each line with a result, its value, whose command evaluates
/// the line (kept encoded with the analysis, see `EncodedResult`).
struct CodeLensRequest: RequestType {
    typealias Response = EncodedResult<[CodeLens]>
    static let method = "textDocument/codeLens"
    static let capability: ServerCapability? = ServerCapability("codeLensProvider", value: ["resolveProvider": false])

    var textDocument: TextDocumentIdentifier

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
    }
}
