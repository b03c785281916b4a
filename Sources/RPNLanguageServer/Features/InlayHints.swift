import RPNCore
import RPNJSON

extension LanguageServer {
    func registerInlayHints() {
        on("textDocument/inlayHint") { [unowned self] params throws(ResponseError) in
            let document = try document(params)
            guard configuration.inlayHints else { return [] }
            let range = try Range(json: params?["range"])
            let analysis = document.analysis
            let lines = document.lineIndex
            var hints: [JSONValue] = []
            // The last code token of each line in the range: its top of stack is the line's result.
            let first = document.offset(of: Position(line: range.start.line, character: 0), encoding: encoding)
            var index = analysis.tokenIndex(atOrAfter: first)
            while index < analysis.tokens.count {
                let token = analysis.tokens[index]
                let line = lines.line(containing: token.range.lowerBound)
                if line > range.end.line { break }
                var last = index
                var next = index + 1
                while next < analysis.tokens.count,
                      lines.line(containing: analysis.tokens[next].range.lowerBound) == line {
                    if analysis.tokens[next].kind != .comment { last = next }
                    next += 1
                }
                if analysis.tokens[last].kind != .comment, analysis.tops[last] >= 0 {
                    let top = analysis.tops[last]
                    let value = analysis.value(of: top).map { " = " + NumberFormatting.ascii($0) } ?? ""
                    let end = lines.lineRange(line, in: document.bytes).upperBound
                    hints.append([
                        "position": document.position(of: end, encoding: encoding).json,
                        "label": .string("⇒ " + analysis.description(of: top, limit: 80) + value),
                        "paddingLeft": true,
                    ])
                }
                index = next
            }
            return .array(hints)
        }
    }
}

extension DocumentAnalysis {
    /// The first token that ends after `offset`.
    func tokenIndex(atOrAfter offset: Int) -> Int {
        var low = 0, high = tokens.count
        while low < high {
            let mid = (low + high) / 2
            if tokens[mid].range.upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
