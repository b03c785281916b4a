import RPNJSON

/// LSP `DocumentDiagnosticReport`: every diagnostic of a document with the id of this result,
/// or `unchanged` when the client's are still right.
enum DocumentDiagnosticReport: JSONConvertible {
    case full(resultID: String, items: [JSONValue])
    case unchanged(resultID: String)

    /// The report's members, which a workspace report adds the document's to.
    var members: JSONObject {
        switch self {
        case .full(let resultID, let items): ["kind": "full", "resultId": .string(resultID), "items": .array(items)]
        case .unchanged(let resultID): ["kind": "unchanged", "resultId": .string(resultID)]
        }
    }

    var json: JSONValue { .object(members) }
}
