/// Text made literal for markdown (CommonMark, as clients render hover and completion
/// documentation): whatever comes from the document or the word table shows as written,
/// never as emphasis, a link, a heading or HTML (`*` is not a bullet, `_a_b_` not italics).
enum Markdown {
    /// `text` with every character that could start markdown syntax backslash-escaped: the
    /// one escaping function for document and word-table text. Only what can matter is
    /// escaped, so renderers that show escapes raw (Neovim 0.7's hover window) stay readable:
    /// `Square root.` keeps its period.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var atLineStart = true
        var onlyDigitsSoFar = true  // "12." or "12)" at the start of a line is a list item
        for character in text {
            if character == "\n" || character == "\r" {
                result.append(character)
                atLineStart = true
                onlyDigitsSoFar = true
                continue
            }
            if alwaysEscaped.contains(character)
                || atLineStart && escapedAtLineStart.contains(character)
                || !atLineStart && onlyDigitsSoFar && (character == "." || character == ")") {
                result.append("\\")
            }
            result.append(character)
            onlyDigitsSoFar = onlyDigitsSoFar && character.isASCII && character.isNumber
            atLineStart = false
        }
        return result
    }

    /// Inline syntax anywhere: escapes, code spans, emphasis, links and images, autolinks and
    /// HTML, entities, strikethrough, table cells.
    private static let alwaysEscaped: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "&", "~", "|"]
    /// Block syntax at the start of a line: headings, list bullets, setext underlines and
    /// thematic breaks.
    private static let escapedAtLineStart: Set<Character> = ["#", "+", "-", "="]

    /// A code span showing `text` exactly (backslashes are literal in code spans, so this is
    /// not escaping): fenced with more backticks than the longest run inside, padded with a
    /// space where the text starts or ends with a backtick.
    static func codeSpan(_ text: String) -> String {
        var longest = 0, run = 0
        var inner = ""
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
            inner.append(character == "\n" || character == "\r" ? " " : character)  // no line breaks in a span
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = inner.first == "`" || inner.last == "`" || (inner.first == " " && inner.last == " " && inner.contains { $0 != " " })
        return padded ? fence + " " + inner + " " + fence : fence + inner + fence
    }
}
