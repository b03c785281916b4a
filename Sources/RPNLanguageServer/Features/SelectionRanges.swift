import RPNCore
import RPNJSON

/// `textDocument/selectionRange`: for each position, the ranges an "expand selection" steps
/// through: the token, the expression it completes (from the first token of its tree: `3 5 +`
/// for the `+`; for a store, what it stores with it), the line, the paragraph (lines between
/// blank lines), the document. Each step contains the one before (an expression reaching into
/// earlier lines widens the line and paragraph steps); equal steps are given once. Positions
/// are in the negotiated encoding.
extension LanguageServer {
    func registerSelectionRanges() {
        on(SelectionRangeRequest.self) { [unowned self] request throws(ResponseError) in
            let document = try document(request.textDocument)
            return request.positions.map { position in
                let offset = document.offset(of: position, encoding: encoding)
                let ranges = selectionRanges(document, at: offset)
                return SelectionRange(ranges: ranges.map { document.range(of: $0, encoding: encoding) })
            }
        }
    }

    /// Byte ranges, innermost first.
    func selectionRanges(_ document: Document, at offset: Int) -> [Swift.Range<Int>] {
        let analysis = document.analysis
        let lines = document.lineIndex
        var ranges: [Swift.Range<Int>] = []
        func add(_ range: Swift.Range<Int>) {
            let widened = ranges.last.map { min($0.lowerBound, range.lowerBound)..<max($0.upperBound, range.upperBound) } ?? range
            if widened != ranges.last { ranges.append(widened) }
        }
        if let index = analysis.tokenIndex(at: offset, orJustBefore: true) {
            add(analysis.tokens[index].range)
            if let root = analysis.expression(of: index) {
                add(ExpressionTree(nodes: analysis.nodes, root: root).span)
            }
        }
        let line = lines.line(containing: offset)
        add(lines.lineRange(line, in: document.bytes))
        func hasCode(_ line: Int) -> Bool {
            let range = lines.lineRange(line, in: document.bytes)
            let token = analysis.firstToken(endingAfter: range.lowerBound)
            return token < analysis.tokens.count && analysis.tokens[token].range.lowerBound < range.upperBound
        }
        if hasCode(line) {
            var first = line, last = line
            while first > 0, hasCode(first - 1) { first -= 1 }
            while last + 1 < lines.lineCount, hasCode(last + 1) { last += 1 }
            add(lines.lineRange(first, in: document.bytes).lowerBound..<lines.lineRange(last, in: document.bytes).upperBound)
        }
        add(0..<document.bytes.count)
        return ranges
    }
}

extension DocumentAnalysis {
    /// The expression a token is about: the node it completes (numbers, names, operators,
    /// functions), what a store or `drop` pops, what `dup`, `over`, `pick`... copy to the top;
    /// nil otherwise.
    func expression(of index: Int) -> Int32? {
        let token = tokens[index]
        let before: Int32 = index > 0 ? tops[index - 1] : -1
        switch token.kind {
        case .number, .constant, .variable, .operator, .function:
            let top = tops[index]
            return top >= 0 && nodes[Int(top)].tokenStart == token.range.lowerBound ? top : nil
        case .store:
            return before >= 0 ? before : nil
        case .stackWord where token.builtin == .drop:
            return before >= 0 ? before : nil
        case .stackWord where token.builtin?.copiesAnEntry == true:
            return tops[index] >= 0 ? tops[index] : nil
        default:
            return nil
        }
    }
}

extension BuiltinID {
    /// Stack words that leave a copy of an entry on top: `dup`, `over`, `pick`, `tuck`,
    /// `dup2`, `dupn` and `lastx` (which pushes an operand again).
    var copiesAnEntry: Bool {
        switch self {
        case .dup, .over, .pick, .tuck, .dup2, .dupn, .lastx: true
        default: false
        }
    }
}
