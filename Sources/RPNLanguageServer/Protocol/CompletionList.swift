import RPNJSON

/// LSP `CompletionList`.
struct CompletionList: JSONConvertible {
    /// Whether typing more should ask again: the list was cut (see `completionLimit`).
    var isIncomplete = false
    var items: [CompletionItem]

    var json: JSONValue { ["isIncomplete": .bool(isIncomplete), "items": items.json] }
}
