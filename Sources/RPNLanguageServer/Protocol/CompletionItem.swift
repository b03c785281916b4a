import RPNJSON

/// LSP `CompletionItem` that puts its text in place through its `textEdit`. The documentation
/// is left to `completionItem/resolve` (`data` says what to document), so a list stays small.
struct CompletionItem: JSONConvertible {
    var label: String
    /// `CompletionItemKind`.
    var kind: Int
    var detail: String
    var textEdit: Edit
    var filterText: String?
    /// The order the server ranks the items in (clients sort by it).
    var sortText: String?
    var insertText: String?
    /// `InsertTextFormat.snippet` for a snippet (nil: plain text).
    var insertTextFormat: Int?
    var documentation: Documentation?
    var data: CompletionItemData?

    /// One range, or where the client knows them both, the typed part and the whole word.
    enum Edit {
        case replacing(TextEdit)
        case insertOrReplace(InsertReplaceEdit)

        var json: JSONValue {
            switch self {
            case .replacing(let edit): edit.json
            case .insertOrReplace(let edit): edit.json
            }
        }
    }

    /// Markdown as `MarkupContent`, plain text as a bare string (what every client takes).
    enum Documentation {
        case markdown(MarkupContent)
        case plainText(String)

        init(_ content: MarkupContent, _ format: MarkupKind) {
            self = format == .markdown ? .markdown(content) : .plainText(content.plainText)
        }

        var json: JSONValue {
            switch self {
            case .markdown(let content): content.json(.markdown)
            case .plainText(let text): .string(text)
            }
        }
    }

    var json: JSONValue {
        var object: JSONObject = ["label": .string(label), "kind": .int(kind), "detail": .string(detail),
                                  "textEdit": textEdit.json]
        if let filterText { object["filterText"] = .string(filterText) }
        if let sortText { object["sortText"] = .string(sortText) }
        if let insertText { object["insertText"] = .string(insertText) }
        if let insertTextFormat { object["insertTextFormat"] = .int(insertTextFormat) }
        if let documentation { object["documentation"] = documentation.json }
        if let data { object["data"] = data.json }
        return .object(object)
    }
}
