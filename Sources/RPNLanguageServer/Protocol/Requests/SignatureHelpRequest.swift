import RPNJSON

/// `textDocument/signatureHelp`: the stack effect of the word at the cursor, or of the call the
/// operand there fills (null: none). A space asks: after `3 4 hyp ` the word just typed.
struct SignatureHelpRequest: TextDocumentPositionRequest {
    typealias Response = SignatureHelp?
    static let method = "textDocument/signatureHelp"
    static let capability: ServerCapability? = ServerCapability("signatureHelpProvider", value: ["triggerCharacters": [" "]])

    var textDocument: TextDocumentIdentifier
    var position: Position

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
        position = try Position(json: json?["position"])
    }
}
