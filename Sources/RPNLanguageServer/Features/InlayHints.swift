import RPNCore
import RPNJSON

extension LanguageServer {
    /// At the end of each line with code in the range: `⇒ description = value` of the line's
    /// result (`DocumentAnalysis.result(of:)`: none inside a definition or a top-level block,
    /// whose tokens do not run where they stand, nor on a definition's last line). Right after
    /// the name of a word that declares no effect, the effect inferred:
    /// `: square ( x -- x ) dup × ;`. Before the operands of a call of a word of one's own, the
    /// names of the parameters they fill: `a: 3 b: 4 hyp` (the `parameterNames` setting). Only
    /// the lines asked for are looked at.
    func registerInlayHints() {
        on(InlayHintRequest.self) { [unowned self] request throws(ResponseError) in
            let document = try document(request.textDocument)
            guard configuration.inlayHints else { return [] }
            let range = request.range
            try checkpoint()
            let requested = document.offsets(of: range, encoding: encoding)
            let (lower, upper) = (requested.lowerBound, requested.upperBound)
            return try answer(document) { view throws(ResponseError) in
                // The range's lines as the analysis has them: its offsets plus `delta` are the
                // document's (all of them move together: no edit since touched these lines).
                let analysed = try view.analysed(lower..<upper)
                return try inlayHints(document, view.analysis, in: analysed, delta: lower - analysed.lowerBound)
            }
        }
    }

    /// The hints of `range` of the analysed text, placed in the document's text.
    private func inlayHints(_ document: Document, _ analysis: DocumentAnalysis, in range: Swift.Range<Int>,
                            delta: Int) throws(ResponseError) -> [InlayHint] {
        let (lower, upper) = (range.lowerBound + delta, range.upperBound + delta)
        let lines = document.lineIndex
        // A line's hint belongs to the range when the range covers some of the line; the
        // end is exclusive, so a range ending at the start of line 21 stops at line 20.
        var results: [(line: Int, top: Int32)] = []
        var line = lines.line(containing: lower)
        var index = analysis.firstToken(endingAfter: lines.lineStarts[line] - delta)
        while line < lines.lineCount, lines.lineStarts[line] < upper {
            let next = line + 1 < lines.lineCount ? lines.lineStarts[line + 1] - delta : Int.max
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
        hints = merged(hints, effectHints(document, analysis, in: range, delta: delta))
        guard configuration.parameterNameHints else { return hints }
        return merged(hints, try parameterNameHints(document, analysis, in: range, delta: delta))
    }
}

extension LanguageServer {
    /// The inferred effect after the name of each word in `range` (of the analysed text; plus
    /// `delta` in the document's) that declares none (and has one: a body with errors has
    /// none), in source order.
    func effectHints(_ document: Document, _ analysis: DocumentAnalysis, in range: Swift.Range<Int>, delta: Int) -> [InlayHint] {
        analysis.words.compactMap { word in
            guard analysis.isInDocument(word.range.lowerBound), word.declaredEffect == nil, let effect = word.effect,
                  word.nameRange.upperBound >= range.lowerBound, word.nameRange.lowerBound < range.upperBound
            else { return nil }
            return InlayHint(position: document.position(of: word.nameRange.upperBound + delta, encoding: encoding),
                             label: effect.description)
        }
    }

    /// Before each operand of a call of a word that declares its parameters, the name of the
    /// one it fills, for operands that begin in `range` (the core's `CallOperands`: `1 2 + 4
    /// hyp` gives `a:` before `1`), in source order; none where the operand is a name spelled
    /// as the parameter (`a b hyp` says it already), nor where the operand cannot be told
    /// (`3 dup hyp`).
    func parameterNameHints(_ document: Document, _ analysis: DocumentAnalysis,
                            in range: Swift.Range<Int>, delta: Int) throws(ResponseError) -> [InlayHint] {
        var found: [(offset: Int, call: Int, label: String)] = []
        // Only words of one's own declare parameters.
        guard analysis.words.contains(where: { !($0.declaredEffect?.inputs.isEmpty ?? true) }) else { return [] }
        let tokens = analysis.tokens
        // One pass from the range's first token, the stack telling each call's operands (see
        // `CallOperands.Stack`); past the range, on while an operand that begins in it is on
        // the stack, for as far as signature help looks for a call (`callReach`): values no
        // call takes would otherwise take every request to the end of the document.
        let first = analysis.firstToken(endingAfter: range.lowerBound)
        let last = analysis.firstToken(endingAfter: range.upperBound)
        var stack = CallOperands.Stack(from: first)
        var sweep = DocumentAnalysis.CallSweep(analysis)
        for call in first..<Swift.min(tokens.count, last + DocumentAnalysis.callReach) {
            if tokens[call].range.lowerBound >= range.upperBound,
               stack.firstStart.map({ tokens[$0].range.lowerBound >= range.upperBound }) ?? true { break }
            if call & 1023 == 1023 { try checkpoint() }
            if let word = sweep.calledWord(call), let names = analysis.words[word].declaredEffect?.inputs, !names.isEmpty {
                let operands = stack.operands(ofCallAt: call, inputs: names.count) { analysis.stepEffect(ofToken: $0) }
                for (name, operand) in zip(names, operands) {
                    guard let operand = operand.tokens else { continue }
                    let first = tokens[operand.lowerBound]
                    if operand.count == 1, analysis.text(of: first) == name { continue }
                    if range.contains(first.range.lowerBound) { found.append((first.range.lowerBound, call, name + ":")) }
                }
            }
            stack.take(sweep.stepEffect(call), at: call)
        }
        // A call is an operand of a later one (`1 2 g 3 f`): the later call's hint comes first
        // where both start, as its operand holds the other (`a: p: 1 q: 2 g b: 3 f`).
        found.sort { ($0.offset, -$0.call) < ($1.offset, -$1.call) }
        return found.map { hint in
            InlayHint(position: document.position(of: hint.offset + delta, encoding: encoding), label: hint.label,
                      kind: InlayHintKind.parameter, paddingLeft: false, paddingRight: true)
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
