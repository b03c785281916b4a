import RPNJSON

/// LSP `FormattingOptions`, the parts the formatter honours (absent ones are false). Not
/// `tabSize` and `insertSpaces`: clients send their editor-wide defaults there (4 or 8, tabs in
/// Neovim), so the indentation is the `formatting.indentWidth` setting's, in spaces.
struct FormattingOptions {
    var trimTrailingWhitespace = false
    var insertFinalNewline = false
    var trimFinalNewlines = false

    init(json: JSONValue?) {
        trimTrailingWhitespace = json?["trimTrailingWhitespace"]?.boolValue ?? false
        insertFinalNewline = json?["insertFinalNewline"]?.boolValue ?? false
        trimFinalNewlines = json?["trimFinalNewlines"]?.boolValue ?? false
    }
}
