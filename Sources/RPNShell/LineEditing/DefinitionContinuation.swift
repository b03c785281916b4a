/// A definition may span lines at the prompt: after `: sq` the shell shows `...>` and appends
/// the lines typed until the `;`, then runs them as one entry.
enum DefinitionContinuation {
    /// The prompt while a definition waits for its `;`: as wide as `rpn> `, so carets line up.
    static let prompt = "...> "

    /// Whether `text` (the lines typed so far, joined with newlines) leaves a definition
    /// open: its last `:` token comes after its last `;` token. `:` and `;` are tokens of
    /// their own wherever they stand (`dup×;`), as the lexer reads them, except inside a `#`
    /// comment (to the end of its line) or a `( … )` closed on its line (a stack effect or a
    /// comment); a `(` left open on its line hides nothing. A text that starts as a shell
    /// command (`:undo`) opens nothing. The lexer and the machine judge the rest: a nested
    /// `:` or a stray `;` is theirs to report, so the first `;` always ends the wait.
    static func isOpen(_ text: String) -> Bool { isOpen(text, continuing: false) }

    /// The same for `text` typed while a definition is open (`continuing`) or not. Nothing
    /// hides a `:` or a `;` past the end of a line, so the shell judges each line at `...>`
    /// alone, in time proportional to the line rather than to the definition so far.
    static func isOpen(_ text: String, continuing: Bool) -> Bool {
        if !continuing, ShellCommand.isCommand(Substring(text)) { return false }
        let bytes = Array(text.utf8)
        var open = continuing
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "#"):
                while i < bytes.count, !isLineEnd(bytes[i]) { i += 1 }
                continue
            case UInt8(ascii: "("):
                var close = i + 1
                while close < bytes.count, !isLineEnd(bytes[close]), bytes[close] != UInt8(ascii: ")") { close += 1 }
                if close < bytes.count, bytes[close] == UInt8(ascii: ")") { i = close }
            case UInt8(ascii: ":"): open = true
            case UInt8(ascii: ";"): open = false
            default: break
            }
            i += 1
        }
        return open
    }

    /// LF, or CR (alone or before LF), as the lexer ends a comment.
    private static func isLineEnd(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
}
