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
            return try answer(document) { view throws(ResponseError) in try foldingRanges(view) }
        }
    }

    /// The folds of the document's text. Lines are told apart by the analysis' tokens, or, for
    /// the analysis of a version before (see `AnalysisView`), by the tokens lexed from the
    /// text; the definitions come from the analysis, moved across the edits since.
    private func foldingRanges(_ view: AnalysisView) throws(ResponseError) -> [FoldingRange] {
        let document = view.document
        var lineKinds = LineKinds(document.lineIndex)
        if view.isCurrent {
            for token in view.analysis.tokens { lineKinds.take(token) }
        } else {
            try document.forEachToken(inLines: 0..<document.lineIndex.lineCount) { lineKinds.take($0) }
        }
        let kinds = lineKinds.kinds
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
        let words = view.analysis.words
        if !words.isEmpty {
            let lines = document.lineIndex
            var byStart = Dictionary(grouping: folds.indices, by: { folds[$0].startLine })
            for word in words where view.analysis.isInDocument(word.range.lowerBound) {  // not an included file's
                let bytes = try view.current(word.range)
                let start = lines.line(containing: bytes.lowerBound)
                let end = lines.line(containing: bytes.upperBound - 1)
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

enum LineKind: UInt8 {
    case blank, comment, code
}

/// What each line holds: nothing but whitespace, only a comment, or code, from the text's
/// tokens taken in order. A line whose first token is a comment holds nothing else (a comment
/// runs to the end of its line).
struct LineKinds {
    private let starts: [Int]
    private(set) var kinds: [LineKind]
    private var line = 0

    init(_ lines: LineIndex) {
        starts = lines.lineStarts
        kinds = [LineKind](repeating: .blank, count: starts.count)
    }

    mutating func take(_ token: Token) {
        while line + 1 < starts.count, starts[line + 1] <= token.range.lowerBound { line += 1 }
        if kinds[line] == .blank { kinds[line] = token.kind == .comment ? .comment : .code }
    }
}
