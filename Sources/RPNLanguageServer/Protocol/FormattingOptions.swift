import RPNJSON

/// LSP `FormattingOptions`, the parts the formatter honours (absent ones are false; the
/// layout has no indentation, so `tabSize` and `insertSpaces` do not matter).
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
