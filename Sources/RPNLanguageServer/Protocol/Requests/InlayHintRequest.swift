import RPNJSON

/// `textDocument/inlayHint`: `⇒ description = value` at the end of each line with code in
/// the range.
struct InlayHintRequest: RequestType {
    typealias Response = [InlayHint]
    static let method = "textDocument/inlayHint"
    static let capability: ServerCapability? = ServerCapability("inlayHintProvider", value: true)

    var textDocument: TextDocumentIdentifier
    var range: Range

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
        range = try Range(json: json?["range"])
    }
}
