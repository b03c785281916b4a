import RPNJSON

/// `textDocument/prepareRename`: whether the cursor is on something a rename can rename (a
/// variable): its range and name (null: nothing). Advertised as
/// `renameProvider.prepareProvider`, with rename.
struct PrepareRenameRequest: TextDocumentPositionRequest {
    typealias Response = PrepareRenameResult?
    static let method = "textDocument/prepareRename"
    static let capability: ServerCapability? = ServerCapability(
        "renameProvider", value: ["prepareProvider": true], refines: true)

    var textDocument: TextDocumentIdentifier
    var position: Position

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
        position = try Position(json: json?["position"])
    }
}
