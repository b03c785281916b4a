import RPNCore

/// The edits of one completion list: every item replaces the same range (Neovim 0.7 takes the
/// start of the completion from it), converted once.
struct CompletionEdits {
    /// The typed part, to the cursor, and the whole word the cursor is in.
    let typedRange: Range
    let wordRange: Range
    /// What follows the cursor in the word (`rt` in `sq|rt`).
    let rest: String
    /// The text the plain edit replaces, for eglot's padding below.
    let replacedLength: Int
    let insertReplace: Bool

    init(_ server: LanguageServer, _ document: Document, _ context: CompletionContext) {
        typedRange = document.range(of: context.replaced, encoding: server.encoding)
        wordRange = document.range(of: context.word, encoding: server.encoding)
        rest = String(decoding: document.bytes[context.replaced.upperBound..<context.word.upperBound], as: UTF8.self)
        replacedLength = String(decoding: document.bytes[context.word], as: UTF8.self).unicodeScalars.count
        insertReplace = server.clientCapabilities.completionInsertReplace && !rest.isEmpty
    }

    /// An item that puts `newText` (else its label) in place of the typed text.
    func item(_ label: String, kind: Int, detail: String, filterText: String? = nil, newText: String? = nil) -> CompletionItem {
        let newText = newText ?? label
        let edit: CompletionItem.Edit
        if insertReplace {
            // Inserting `sqrt` at `sq|rt` would make `sqrtrt`: an item that ends as the word
            // does replaces it either way.
            let insert = !rest.isEmpty && newText.hasSuffix(rest) ? wordRange : typedRange
            edit = .insertOrReplace(InsertReplaceEdit(newText: newText, insert: insert, replace: wordRange))
        } else {
            edit = .replacing(TextEdit(range: wordRange, newText: newText))
        }
        // eglot 1.9 (Debian 12's) puts insertText (else the label) in place of what is typed,
        // then removes what it takes to be the part beyond the typed text and applies textEdit:
        // a text shorter than the replaced one (`√` for `sq`) makes it delete the character
        // after the cursor. Padded to the replaced length, it comes out right; other clients
        // ignore insertText when there is a textEdit. (Snippets are never shorter.)
        let shortfall = replacedLength - newText.unicodeScalars.count
        return CompletionItem(label: label, kind: kind, detail: detail, textEdit: edit, filterText: filterText,
                              insertText: shortfall > 0 ? newText + String(repeating: " ", count: shortfall) : nil)
    }
}
