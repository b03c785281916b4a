/// Reformats program text: each line indented by how deep it stands in definitions, `if`s and
/// loops (`Options.indentWidth` spaces a level), one space between tokens, no trailing blanks,
/// comments and stack effects kept as written, each line with its own ending (`\n`, `\r\n` or a
/// lone `\r`), and optionally the operators spelled with glyphs or in ASCII. Lines are never
/// joined or split: where the tokens go is the author's, how far in they stand the structure's.
/// The result comes as edits of only the bytes that change (a run of blanks, a respelled
/// token, the final line endings), so an editor's cursor stays on its token; `format` applies
/// them. The language server's formatting uses it.
public enum Formatter {
    public enum Glyphs: String, Sendable {
        /// Spell every token as written.
        case keep
        /// `* / - sqrt pi -> <= >= !=` become `× ÷ − √ π → ≤ ≥ ≠`.
        case unicode
        /// `× ÷ − √ π → ≤ ≥ ≠` become `* / - sqrt pi -> <= >= !=`.
        case ascii
    }

    /// How to format, beyond the layout, which is always the same (the LSP `FormattingOptions`).
    public struct Options: Sendable, Equatable {
        public var glyphs: Glyphs
        /// Spaces per level of nesting (0: every line starts at its first column).
        public var indentWidth: Int
        /// Comments lose their trailing blanks too (code never keeps any).
        public var trimTrailingWhitespace: Bool
        /// A last line with text gets a line ending (the one the document's last line break uses).
        public var insertFinalNewline: Bool
        /// Empty lines at the end go, down to the final line ending.
        public var trimFinalNewlines: Bool

        public static let defaultIndentWidth = 2

        public init(glyphs: Glyphs = .keep, indentWidth: Int = Options.defaultIndentWidth,
                    trimTrailingWhitespace: Bool = false, insertFinalNewline: Bool = false,
                    trimFinalNewlines: Bool = false) {
            self.glyphs = glyphs
            self.indentWidth = indentWidth
            self.trimTrailingWhitespace = trimTrailingWhitespace
            self.insertFinalNewline = insertFinalNewline
            self.trimFinalNewlines = trimFinalNewlines
        }
    }

    /// Bytes of a source (offsets local to it) replaced by new ones.
    public struct Edit: Sendable, Equatable {
        public var range: Range<Int>
        public var bytes: [UInt8]

        public init(range: Range<Int>, bytes: [UInt8]) {
            self.range = range
            self.bytes = bytes
        }

        public var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// The edits that format `source`, in order, neither overlapping nor touching: runs of
    /// blanks made what the layout asks, tokens respelled, and at the end the final line
    /// endings trimmed or one inserted. Line endings themselves are never edited. With `lines`,
    /// only those lines are formatted (indented by the structure of the whole text) and the
    /// final line endings are left alone.
    public static func edits(_ source: SourceFile, options: Options = Options(), lines: Range<Int>? = nil) -> [Edit] {
        let bytes = source.bytes
        let index = source.lineIndex
        let tokens = Lexer.tokenize(source)
        let layout = LineLayout.lines(of: tokens, in: source)
        func local(_ token: Token) -> Range<Int> {
            (token.range.lowerBound - source.baseOffset)..<(token.range.upperBound - source.baseOffset)
        }

        let all = 0..<index.lineCount
        let formattedLines = lines.map { $0.clamped(to: all) } ?? all
        // The final line endings: lines from `kept` on are removed whole.
        var kept = index.lineCount
        var finalEnding: [UInt8] = []
        if lines == nil {
            let lastWithText = layout.lastIndex { !$0.tokens.isEmpty }
            if options.trimFinalNewlines {
                kept = lastWithText.map { $0 + 1 } ?? 0
                if kept == index.lineCount - 1, index.lineRange(kept, in: bytes).isEmpty {
                    kept = index.lineCount  // only the final line ending follows: nothing to trim
                }
            }
            if options.insertFinalNewline, kept == index.lineCount, let last = lastWithText, last == index.lineCount - 1 {
                finalEnding = lineEnding(before: last, in: bytes, index: index)
            }
        }

        var edits = EditList(bytes: bytes)
        let space = [UInt8(ascii: " ")]
        for line in formattedLines where line < kept {
            let content = index.lineRange(line, in: bytes)
            let tokensOfLine = layout[line].tokens
            guard let first = tokensOfLine.first else {
                edits.replace(content, with: [])  // blanks alone on a line go
                continue
            }
            if let level = layout[line].level {
                edits.replace(content.lowerBound..<local(tokens[first]).lowerBound,
                              with: repeatElement(UInt8(ascii: " "), count: level * options.indentWidth))
            }
            var end = local(tokens[first]).lowerBound  // of the last token placed
            for token in tokensOfLine {
                let range = local(tokens[token])
                if token > first { edits.replace(end..<range.lowerBound, with: space) }
                edits.respell(range, as: spelling(of: tokens[token], in: source, options: options))
                end = range.upperBound
            }
            edits.replace(end..<content.upperBound, with: [])
            if line == index.lineCount - 1 { edits.replace(content.upperBound..<content.upperBound, with: finalEnding) }
        }
        if kept < index.lineCount {
            // From the end of the last line kept (after its ending) to the end of the text.
            let start = kept == 0 ? 0 : index.lineStarts[kept]
            edits.replace(start..<bytes.count, with: [])
        }
        return edits.edits
    }

    /// The formatted text: `edits` applied.
    public static func format(_ source: SourceFile, options: Options = Options()) -> String {
        var bytes = source.bytes
        for edit in edits(source, options: options).reversed() {
            bytes.replaceSubrange(edit.range, with: edit.bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public static func format(_ source: SourceFile, glyphs: Glyphs) -> String {
        format(source, options: Options(glyphs: glyphs))
    }

    /// The line ending of the last line break before `line` (`\n` when there is none).
    private static func lineEnding(before line: Int, in bytes: [UInt8], index: LineIndex) -> [UInt8] {
        guard line > 0 else { return [0x0A] }
        let end = index.lineRange(line - 1, in: bytes).upperBound
        return Array(bytes[end..<index.lineStarts[line]])
    }

    /// A token's bytes, respelled when asked to; a comment without its trailing blanks when asked to.
    static func spelling(of token: Token, in source: SourceFile, options: Options) -> [UInt8] {
        let local = (token.range.lowerBound - source.baseOffset)..<(token.range.upperBound - source.baseOffset)
        if token.kind == .comment, options.trimTrailingWhitespace {
            var end = local.upperBound
            while end > local.lowerBound, Lexer.isSpace(source.bytes[end - 1]) { end -= 1 }
            return Array(source.bytes[local.lowerBound..<end])
        }
        guard options.glyphs != .keep, let respelled = respelling(of: token, in: source, glyphs: options.glyphs) else {
            return Array(source.bytes[local])
        }
        return Array(respelled.utf8)
    }

    /// A token's text, respelled when asked to.
    public static func spelling(of token: Token, in source: SourceFile, glyphs: Glyphs) -> String {
        respelling(of: token, in: source, glyphs: glyphs) ?? source.text(of: token.range)
    }

    private static func respelling(of token: Token, in source: SourceFile, glyphs: Glyphs) -> String? {
        guard glyphs != .keep else { return nil }
        let unicode = glyphs == .unicode
        switch (token.kind, token.builtin) {
        case (.operator, .multiply?): return unicode ? "×" : "*"
        case (.operator, .divide?): return unicode ? "÷" : "/"
        case (.operator, .subtract?): return unicode ? "−" : "-"
        case (.function, .sqrt?): return unicode ? "√" : "sqrt"
        case (.constant, .pi?): return unicode ? "π" : "pi"
        case (.operator, .lessEqual?): return unicode ? "≤" : "<="
        case (.operator, .greaterEqual?): return unicode ? "≥" : ">="
        case (.operator, .notEqual?): return unicode ? "≠" : "!="
        case (.store, _):
            let name = source.text(of: token.storeNameRange(in: source))
            return (unicode ? "→" : "->") + name
        default: return nil
        }
    }
}
