import RPNJSON

/// `textDocument/formatting`: the edits that lay the whole document out.
struct FormattingRequest: RequestType {
    typealias Response = [TextEdit]
    static let method = "textDocument/formatting"
    static let capability: ServerCapability? = ServerCapability("documentFormattingProvider", value: true)

    var textDocument: TextDocumentIdentifier
    var options: FormattingOptions

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
        options = FormattingOptions(json: json?["options"])
    }
}
