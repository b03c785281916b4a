import RPNJSON

/// `textDocument/codeAction`: quick fixes for the diagnostics the client sends, "Show as
/// infix" and "Evaluate" for the lines of the range, of the kinds asked for.
struct CodeActionRequest: RequestType {
    typealias Response = [CodeAction]
    static let method = "textDocument/codeAction"
    static let capability: ServerCapability? = ServerCapability(
        "codeActionProvider", value: ["codeActionKinds": .array(CodeActionKind.all.map(JSONValue.string))])

    var textDocument: TextDocumentIdentifier
    var range: Range
    var context: CodeActionContext

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
        range = try Range(json: json?["range"])
        context = try CodeActionContext(json: json?["context"])
    }
}
