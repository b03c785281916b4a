import RPNJSON

/// The answer to `completionItem/resolve`: the item as the client sent it, with its
/// documentation (none for what has nothing more to say than its detail).
struct ResolvedCompletionItem: JSONConvertible {
    var item: JSONObject
    var documentation: CompletionItem.Documentation?

    var json: JSONValue {
        var object = item
        if let documentation { object["documentation"] = documentation.json }
        return .object(object)
    }
}
