import RPNCore
import RPNJSON

/// `textDocument/foldingRange`: paragraphs (lines separated by blank lines), comment blocks
/// (consecutive lines holding only a comment) and definitions of words (`:` to `;`), each of
/// at least two lines (a definition that is a paragraph by itself folds once); whole lines only
/// (`lineFoldingOnly` clients need nothing else). At most the client's `rangeLimit`, first ones
/// first. Lines are told apart by their tokens, so no text is scanned twice.
extension LanguageServer {
    func registerFoldingRanges() {
        on(FoldingRangeRequest.self) { [unowned self] request throws(ResponseError) in
            let document = try document(request.textDocument)
            let kinds = document.analysis.lineKinds(document.lineIndex)
            var folds: [FoldingRange] = []
            var line = 0
            while line < kinds.count {
                guard kinds[line] != .blank else {
                    line += 1
                    continue
                }
                var last = line
                while last + 1 < kinds.count, kinds[last + 1] != .blank { last += 1 }
                var comments: [(Int, Int)] = []
                var k = line
                while k <= last {
                    guard kinds[k] == .comment else {
                        k += 1
                        continue
                    }
                    var end = k
                    while end + 1 <= last, kinds[end + 1] == .comment { end += 1 }
                    if end > k { comments.append((k, end)) }
                    k = end + 1
                }
                if last > line, comments.first.map({ $0 != (line, last) }) ?? true {
                    folds.append(FoldingRange(startLine: line, endLine: last))
                }
                for (start, end) in comments {
                    folds.append(FoldingRange(startLine: start, endLine: end, kind: "comment"))
                }
                line = last + 1
            }
            let words = document.analysis.words
            if !words.isEmpty {
                let lines = document.lineIndex
                var byStart = Dictionary(grouping: folds.indices, by: { folds[$0].startLine })
                for word in words where document.analysis.isInDocument(word.range.lowerBound) {
                    let start = lines.line(containing: word.range.lowerBound)
                    let end = lines.line(containing: word.range.upperBound - 1)
                    guard end > start, !(byStart[start] ?? []).contains(where: { folds[$0].endLine == end && folds[$0].kind == nil })
                    else { continue }
                    byStart[start, default: []].append(folds.count)
                    folds.append(FoldingRange(startLine: start, endLine: end))
                }
                // In order of their first lines; a paragraph before a definition it begins with.
                folds = folds.enumerated().sorted { ($0.element.startLine, $0.offset) < ($1.element.startLine, $1.offset) }
                    .map(\.element)
            }
            if let limit = clientCapabilities.foldingRangeLimit, folds.count > limit {
                folds.removeLast(folds.count - limit)
            }
            return folds
        }
    }
}

enum LineKind: UInt8 {
    case blank, comment, code
}

extension DocumentAnalysis {
    /// What each line holds: nothing but whitespace, only a comment, or code. A line whose first
    /// token is a comment holds nothing else (a comment runs to the end of its line).
    func lineKinds(_ lines: LineIndex) -> [LineKind] {
        let starts = lines.lineStarts
        var kinds = [LineKind](repeating: .blank, count: starts.count)
        var line = 0
        for token in tokens {
            while line + 1 < starts.count, starts[line + 1] <= token.range.lowerBound { line += 1 }
            if kinds[line] == .blank { kinds[line] = token.kind == .comment ? .comment : .code }
        }
        return kinds
    }
}
