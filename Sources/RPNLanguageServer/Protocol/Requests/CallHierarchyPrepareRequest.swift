import RPNJSON

/// `textDocument/prepareCallHierarchy`: the word of one's own under the cursor (its name where
/// it is defined or called), as the root of a call hierarchy (null: no word there).
struct CallHierarchyPrepareRequest: TextDocumentPositionRequest {
    typealias Response = [CallHierarchyItem]?
    static let method = "textDocument/prepareCallHierarchy"
    static let capability: ServerCapability? = ServerCapability("callHierarchyProvider", value: true)

    var textDocument: TextDocumentIdentifier
    var position: Position

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
        position = try Position(json: json?["position"])
    }
}
