import RPNCore
import RPNJSON

extension LanguageServer {
    /// At the end of each line with code in the range: `⇒ description = value` of the line's
    /// result (`DocumentAnalysis.result(of:)`: none inside a definition or a top-level block,
    /// whose tokens do not run where they stand, nor on a definition's last line). Right after
    /// the name of a word that declares no effect, the effect inferred:
    /// `: square ( x -- x ) dup × ;`. Only the lines asked for are looked at.
    func registerInlayHints() {
        on(InlayHintRequest.self) { [unowned self] request throws(ResponseError) in
            let document = try document(request.textDocument)
            guard configuration.inlayHints else { return [] }
            let range = request.range
            try checkpoint()
            let requested = document.offsets(of: range, encoding: encoding)
            let (lower, upper) = (requested.lowerBound, requested.upperBound)
            let analysis = document.analysis
            let lines = document.lineIndex
            // A line's hint belongs to the range when the range covers some of the line; the
            // end is exclusive, so a range ending at the start of line 21 stops at line 20.
            var results: [(line: Int, top: Int32)] = []
            var line = lines.line(containing: lower)
            var index = analysis.firstToken(endingAfter: lines.lineStarts[line])
            while line < lines.lineCount, lines.lineStarts[line] < upper {
                let next = line + 1 < lines.lineCount ? lines.lineStarts[line + 1] : Int.max
                var code: CodeLine?  // the line's first and last code tokens
                while index < analysis.tokens.count, analysis.tokens[index].range.lowerBound < next {
                    if analysis.tokens[index].kind != .comment {
                        code = CodeLine(line: line, firstToken: code?.firstToken ?? index, lastToken: index)
                    }
                    index += 1
                }
                if let code, let top = analysis.result(of: code) { results.append((line, top)) }
                line += 1
                if line & 1023 == 0 { try checkpoint() }
            }
            // Values first: they cache into the nodes the printer shares.
            let values = results.map { analysis.value(of: $0.top).map { " = " + configuration.numberFormat.string($0, limit: 60) } ?? "" }
            let printer = analysis.printer(limit: 80)
            var hints: [InlayHint] = []
            hints.reserveCapacity(results.count)
            for (k, result) in results.enumerated() {
                let line = lines.lineRange(result.line, in: document.bytes)
                let end = Position(line: result.line, character: LineIndex.width(of: document.bytes, from: line.lowerBound,
                                                                                 to: line.upperBound, unit: encoding.unit))
                let description = String(decoding: printer.describe([result.top]).bytes, as: UTF8.self)
                hints.append(InlayHint(position: end, label: "⇒ " + description + values[k]))
                if k & 1023 == 1023 { try checkpoint() }
            }
            return merged(hints, effectHints(document, analysis, in: lower..<upper))
        }
    }
}

extension LanguageServer {
    /// The inferred effect after the name of each word in `range` that declares none (and has
    /// one: a body with errors has none), in source order.
    func effectHints(_ document: Document, _ analysis: DocumentAnalysis, in range: Swift.Range<Int>) -> [InlayHint] {
        analysis.words.compactMap { word in
            guard word.declaredEffect == nil, let effect = word.effect,
                  word.nameRange.upperBound >= range.lowerBound, word.nameRange.lowerBound < range.upperBound
            else { return nil }
            return InlayHint(position: document.position(of: word.nameRange.upperBound, encoding: encoding),
                             label: effect.description)
        }
    }

    /// Two lists of hints in position order, as one.
    func merged(_ first: [InlayHint], _ second: [InlayHint]) -> [InlayHint] {
        guard !second.isEmpty else { return first }
        var result: [InlayHint] = []
        result.reserveCapacity(first.count + second.count)
        var i = 0, j = 0
        while i < first.count || j < second.count {
            if j == second.count || i < first.count && (first[i].position.line, first[i].position.character)
                <= (second[j].position.line, second[j].position.character) {
                result.append(first[i])
                i += 1
            } else {
                result.append(second[j])
                j += 1
            }
        }
        return result
    }
}
