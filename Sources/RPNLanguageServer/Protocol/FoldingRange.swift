import RPNJSON

/// LSP `FoldingRange` of whole lines.
struct FoldingRange: JSONConvertible {
    var startLine: Int
    var endLine: Int
    /// `FoldingRangeKind` (`comment`), nil for a region.
    var kind: String?

    var json: JSONValue {
        var object: JSONObject = ["startLine": .int(startLine), "endLine": .int(endLine)]
        if let kind { object["kind"] = .string(kind) }
        return .object(object)
    }
}
