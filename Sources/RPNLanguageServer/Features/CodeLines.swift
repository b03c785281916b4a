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

    /// The entry on top of the stack after a line: nil when the stack is empty there, and
    /// for a line whose code is all inside definitions, which run nothing where they stand
    /// (the entry on top there is an earlier line's). Code before a definition on its line
    /// gives the line's result.
    func result(of line: CodeLine) -> Int32? {
        var last = line.lastToken
        while last >= line.firstToken, let region = region(ofToken: last), region.kind == .definition {
            last = region.tokens.lowerBound - 1
        }
        guard last >= line.firstToken else { return nil }
        let top = tops[last]
        return top >= 0 ? top : nil
    }

    /// A line's result when evaluating it can tell more than its description: not a bare free
    /// variable (`sqr`, a slip for `sqrt`, has no value, and its description is its name).
    func evaluableResult(of line: CodeLine) -> Int32? {
        guard let top = result(of: line) else { return nil }
        let node = nodes[Int(top)]
        if node.kind == .variable, variables.bindings[Int(node.lhs)] == .unset { return nil }
        return top
    }
}
