import RPNJSON

/// LSP `CompletionList`.
struct CompletionList: JSONConvertible {
    /// Whether typing more should ask again (never: the items are all that match).
    var isIncomplete = false
    var items: [CompletionItem]

    var json: JSONValue { ["isIncomplete": .bool(isIncomplete), "items": items.json] }
}
