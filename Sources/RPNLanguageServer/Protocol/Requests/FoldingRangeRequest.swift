import RPNJSON

/// `textDocument/foldingRange`: paragraphs and comment blocks.
struct FoldingRangeRequest: RequestType {
    typealias Response = [FoldingRange]
    static let method = "textDocument/foldingRange"
    static let capability: ServerCapability? = ServerCapability("foldingRangeProvider", value: true)

    var textDocument: TextDocumentIdentifier

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
    }
}
