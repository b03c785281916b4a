import RPNJSON

/// `textDocument/definition`: the stores of the variable under the cursor (null: no variable
/// there).
struct DefinitionRequest: TextDocumentPositionRequest {
    typealias Response = [Location]?
    static let method = "textDocument/definition"
    static let capability: ServerCapability? = ServerCapability("definitionProvider", value: true)

    var textDocument: TextDocumentIdentifier
    var position: Position

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
        position = try Position(json: json?["position"])
    }
}
