import RPNCore

/// A line with code (a token other than a comment): its number, its first and last code
/// tokens. The entry on top of the stack after the last one is the line's result, as the
/// inlay hints show it.
struct CodeLine {
    var line: Int
    var firstToken: Int
    var lastToken: Int
}

extension DocumentAnalysis {
    /// The lines with code among `lines`, in order, at most `limit`, found in one pass over
    /// their tokens (the tokens and the line starts both increase, so this is linear, not a
    /// search per token).
    func codeLines(_ lines: ClosedRange<Int>, in index: LineIndex, limit: Int = .max) -> [CodeLine] {
        let starts = index.lineStarts
        guard lines.lowerBound < starts.count else { return [] }
        var result: [CodeLine] = []
        var line = max(0, lines.lowerBound)
        var token = firstToken(endingAfter: starts[line])
        while token < tokens.count {
            let start = tokens[token].range.lowerBound
            while line + 1 < starts.count, starts[line + 1] <= start { line += 1 }
            if line > lines.upperBound { break }
            if tokens[token].kind != .comment {
                if result.last?.line == line {
                    result[result.count - 1].lastToken = token
                } else {
                    if result.count == limit { break }
                    result.append(CodeLine(line: line, firstToken: token, lastToken: token))
                }
            }
            token += 1
        }
        return result
    }

    /// The entry on top of the stack after a line: nil when the stack is empty there.
    func result(of line: CodeLine) -> Int32? {
        let top = tops[line.lastToken]
        return top >= 0 ? top : nil
    }
}
