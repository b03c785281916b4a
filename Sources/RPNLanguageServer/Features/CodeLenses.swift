import RPNCore
import RPNJSON

/// `textDocument/codeLens`: above each line with a result to evaluate (`evaluableResult`: none
/// on a definition's line, none for a bare free variable), `= value` (or `no value`), whose
/// command is `rpn.evaluate` up to that line. The range is the line's code.
///
/// Clients ask for the whole document after every edit, so the lenses come from the analysis
/// the diagnostics already made (the entry each line leaves on top, its value with the final
/// variables, cached in its nodes), are built in one pass with a `PositionSweep`, and are kept
/// with the analysis: asking again about the same version costs nothing.
extension LanguageServer {
    func registerCodeLens() {
        on(CodeLensRequest.self) { [unowned self] request throws(ResponseError) in
            let document = try document(request.textDocument)
            let analysis = document.analysis
            if let lenses = analysis.memo[Self.codeLensMemo] { return EncodedResult(encoded: lenses) }
            var sweep = PositionSweep(bytes: document.bytes, encoding: encoding)
            var lenses: [CodeLens] = []
            for line in analysis.codeLines(0...Int.max, in: document.lineIndex) {
                guard let top = analysis.evaluableResult(of: line) else { continue }
                let start = sweep.position(of: analysis.tokens[line.firstToken].range.lowerBound)
                let end = sweep.position(of: analysis.tokens[line.lastToken].range.upperBound)
                let title = analysis.value(of: top).map { "= " + configuration.numberFormat.string($0, limit: 60) } ?? "no value"
                lenses.append(CodeLens(range: Range(start: start, end: end),
                                       command: EvaluateCommand.command(title, uri: document.uri, position: end)))
            }
            let result = EncodedResult(lenses)
            analysis.memo[Self.codeLensMemo] = result.json
            return result
        }
    }

    static let codeLensMemo = "codeLens"
}
