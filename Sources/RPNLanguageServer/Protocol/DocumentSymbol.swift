import RPNJSON

/// LSP `DocumentSymbol`: a store (one variable), or a word of one's own with its parameters
/// (and the stores of its body) as children.
struct DocumentSymbol: JSONConvertible {
    var name: String
    /// `SymbolKind`.
    var kind: Int
    var range: Range
    var selectionRange: Range
    var detail: String?
    var children: [DocumentSymbol] = []

    var json: JSONValue {
        var object: JSONObject = ["name": .string(name), "kind": .int(kind), "range": range.json,
                                  "selectionRange": selectionRange.json]
        if let detail { object["detail"] = .string(detail) }
        if !children.isEmpty { object["children"] = children.json }
        return .object(object)
    }
}
