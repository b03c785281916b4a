import RPNJSON

/// `textDocument/rename`: the variable under the cursor renamed everywhere, or RequestFailed
/// saying why it cannot be.
struct RenameRequest: TextDocumentPositionRequest {
    typealias Response = WorkspaceEdit
    static let method = "textDocument/rename"
    static let capability: ServerCapability? = ServerCapability("renameProvider", value: true)

    var textDocument: TextDocumentIdentifier
    var position: Position
    var newName: String

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
        position = try Position(json: json?["position"])
        guard let newName = json?["newName"]?.stringValue else { throw .invalidParams("expected newName") }
        self.newName = newName
    }
}
