/// Numeric enumerations of the LSP specification that the server uses.
enum CompletionItemKind {
    static let function = 3, variable = 6, keyword = 14, snippet = 15, constant = 21, `operator` = 24
}

enum InsertTextFormat {
    static let plainText = 1, snippet = 2
}

enum SymbolKind {
    static let function = 12, variable = 13
}

enum DocumentHighlightKind {
    static let read = 2, write = 3
}

enum InlayHintKind {
    static let type = 1, parameter = 2
}

enum TextDocumentSyncKind {
    static let full = 1, incremental = 2
}

enum MessageType {
    static let error = 1, warning = 2, info = 3, log = 4
}

enum DiagnosticSeverity {
    static let error = 1, warning = 2, information = 3, hint = 4
}

enum DiagnosticTag {
    static let unnecessary = 1
}
