import RPNJSON

/// `workspace/diagnostic` (LSP 3.17): the diagnostics of every open document (the server knows
/// no others), `unchanged` for those whose result id the client sends in `previousResultIds`.
/// Advertised as `diagnosticProvider.workspaceDiagnostics`, with the document request.
struct WorkspaceDiagnosticRequest: RequestType {
    typealias Response = WorkspaceDiagnosticReport
    static let method = "workspace/diagnostic"
    static let capability: ServerCapability? = ServerCapability(
        "diagnosticProvider", "workspaceDiagnostics", value: true, refines: true)

    /// The result id the client has for each document, by URI.
    var previousResultIDs: [String: String] = [:]

    init(json: JSONValue?) throws(ResponseError) {
        guard let previous = json?["previousResultIds"]?.arrayValue else {
            throw .invalidParams("expected previousResultIds, an array")
        }
        for entry in previous {
            guard let uri = entry["uri"]?.stringValue, let value = entry["value"]?.stringValue else {
                throw .invalidParams("each of previousResultIds needs a uri and a value, both strings")
            }
            previousResultIDs[uri] = value
        }
    }
}
