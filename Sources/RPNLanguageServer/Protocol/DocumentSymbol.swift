import RPNJSON

/// LSP `DocumentSymbol` (without children: a store defines one variable).
struct DocumentSymbol: JSONConvertible {
    var name: String
    /// `SymbolKind`.
    var kind: Int
    var range: Range
    var selectionRange: Range
    var detail: String?

    var json: JSONValue {
        var object: JSONObject = ["name": .string(name), "kind": .int(kind), "range": range.json,
                                  "selectionRange": selectionRange.json]
        if let detail { object["detail"] = .string(detail) }
        return .object(object)
    }
}
