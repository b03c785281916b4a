import RPNJSON

/// `workspace/symbol`: the words defined and the variables stored in the workspace folders'
/// `*.rpn` files (and the open documents) whose names match `query`.
struct WorkspaceSymbolRequest: RequestType {
    typealias Response = [SymbolInformation]
    static let method = "workspace/symbol"
    static let capability: ServerCapability? = ServerCapability("workspaceSymbolProvider", value: true)

    var query: String

    init(json: JSONValue?) throws(ResponseError) {
        guard let query = json?["query"]?.stringValue else { throw .invalidParams("expected query, a string") }
        self.query = query
    }
}
