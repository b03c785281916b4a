import RPNJSON

/// `textDocument/references`: every occurrence of the variable under the cursor, its stores
/// too unless `context.includeDeclaration` is false (null: no variable there).
struct ReferencesRequest: TextDocumentPositionRequest {
    typealias Response = [Location]?
    static let method = "textDocument/references"
    static let capability: ServerCapability? = ServerCapability("referencesProvider", value: true)

    var textDocument: TextDocumentIdentifier
    var position: Position
    var includeDeclaration: Bool

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
        position = try Position(json: json?["position"])
        includeDeclaration = json?["context"]?["includeDeclaration"]?.boolValue ?? true
    }
}
