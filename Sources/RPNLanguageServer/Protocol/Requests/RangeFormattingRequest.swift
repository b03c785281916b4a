import RPNJSON

/// `textDocument/rangeFormatting`: the edits that lay out the lines of a range.
struct RangeFormattingRequest: RequestType {
    typealias Response = [TextEdit]
    static let method = "textDocument/rangeFormatting"
    static let capability: ServerCapability? = ServerCapability("documentRangeFormattingProvider", value: true)

    var textDocument: TextDocumentIdentifier
    var range: Range
    var options: FormattingOptions

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
        range = try Range(json: json?["range"])
        options = FormattingOptions(json: json?["options"])
    }
}
