import RPNJSON

/// LSP `CompletionItem` that replaces the typed text through its `textEdit`.
struct CompletionItem: JSONConvertible {
    var label: String
    /// `CompletionItemKind`.
    var kind: Int
    var detail: String
    var textEdit: TextEdit
    var filterText: String?
    var insertText: String?
    var documentation: Documentation?

    /// Markdown as `MarkupContent`, plain text as a bare string (what every client takes).
    enum Documentation {
        case markdown(MarkupContent)
        case plainText(String)

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
        if let insertText { object["insertText"] = .string(insertText) }
        if let documentation { object["documentation"] = documentation.json }
        return .object(object)
    }
}
