/// Reformats program text: one space between tokens, no leading or trailing blanks, line
/// breaks and comments kept, and optionally the operators spelled with glyphs or in ASCII.
/// The language server's formatting and the shell's `:save` use it.
public enum Formatter {
    public enum Glyphs: String, Sendable {
        /// Spell every token as written.
        case keep
        /// `* / - sqrt pi ->` become `× ÷ − √ π →`.
        case unicode
        /// `× ÷ − √ π →` become `* / - sqrt pi ->`.
        case ascii
    }

    public static func format(_ source: SourceFile, glyphs: Glyphs = .keep) -> String {
        var out = ""
        out.reserveCapacity(source.bytes.count)
        var line = 0
        var lineHasText = false
        let index = source.lineIndex
        for token in Lexer.tokenize(source) {
            let tokenLine = index.line(containing: token.range.lowerBound - source.baseOffset)
            while line < tokenLine {
                out += "\n"
                line += 1
                lineHasText = false
            }
            if lineHasText { out += " " }
            out += spelling(of: token, in: source, glyphs: glyphs)
            lineHasText = true
        }
        // Keep the line count, including a final newline.
        while line < index.lineCount - 1 {
            out += "\n"
            line += 1
        }
        return out
    }

    /// A token's text, respelled when asked to.
    public static func spelling(of token: Token, in source: SourceFile, glyphs: Glyphs) -> String {
        let text = source.text(of: token.range)
        guard glyphs != .keep else { return text }
        let unicode = glyphs == .unicode
        switch (token.kind, token.builtin) {
        case (.operator, .multiply?): return unicode ? "×" : "*"
        case (.operator, .divide?): return unicode ? "÷" : "/"
        case (.operator, .subtract?): return unicode ? "−" : "-"
        case (.function, .sqrt?): return unicode ? "√" : "sqrt"
        case (.constant, .pi?): return unicode ? "π" : "pi"
        case (.store, _):
            let name = source.text(of: token.storeNameRange(in: source))
            return (unicode ? "→" : "->") + name
        default: return text
        }
    }
}
