import RPNJSON

/// LSP `SelectionRange`: a range and its parents, each containing the one before. Kept as the
/// chain of ranges, innermost first; encoded as LSP's nested `{range, parent}` (null when
/// there is none).
struct SelectionRange: JSONConvertible {
    var ranges: [Range]

    var json: JSONValue {
        var parent: JSONValue?
        for range in ranges.reversed() {  // from the outermost in: no recursion
            var object: JSONObject = ["range": range.json]
            if let parent { object["parent"] = parent }
            parent = .object(object)
        }
        return parent ?? .null
    }
}
