import RPNCore
import RPNJSON

/// The kinds of code action the server offers (`codeActionProvider.codeActionKinds`).
enum CodeActionKind {
    /// Fixes for diagnostics (see QuickFixes).
    static let quickFix = "quickfix"
    /// "Show as infix": each line's description appended as a comment.
    static let rewrite = "refactor.rewrite"
    /// "Evaluate: √(3+5) = 2.83…": runs `rpn.evaluate` for a line or the selection. A source
    /// action (it concerns the document, not a problem in it); clients that know only `source`
    /// treat it as one.
    static let evaluate = "source.rpn.evaluate"

    static let all = [quickFix, rewrite, evaluate]

    /// Whether a client's `context.only` asks for `kind`. Kinds are hierarchical: `source`
    /// covers `source.rpn.evaluate`, `refactor` covers `refactor.rewrite`; no `only`, or the
    /// empty kind, asks for every kind.
    static func isRequested(_ kind: String, only: [String]?) -> Bool {
        guard let only else { return true }
        return only.contains { $0.isEmpty || kind == $0 || kind.hasPrefix($0 + ".") }
    }
}

extension LanguageServer {
    func registerCodeActions() {
        on(CodeActionRequest.self) { [unowned self] request throws(ResponseError) in
            let document = try document(request.textDocument)
            let range = request.range
            let only = request.context.only
            var actions: [CodeAction] = []
            if CodeActionKind.isRequested(CodeActionKind.quickFix, only: only) {
                actions += quickFixes(selectedBy: request.context.diagnostics, in: document)
            }
            if CodeActionKind.isRequested(CodeActionKind.rewrite, only: only), let action = showAsInfix(document, range) {
                actions.append(action)
            }
            if CodeActionKind.isRequested(CodeActionKind.evaluate, only: only) {
                actions += evaluateActions(document, range)
            }
            return actions
        }
    }

    /// The lines a range asks about: from its start line to its end line, without the end
    /// line when the range merely reaches its start (whole lines selected).
    func requestedLines(_ range: Range, in document: Document) -> ClosedRange<Int> {
        let (start, end) = (range.start, range.end)
        let last = min(end.character == 0 && end.line > start.line ? end.line - 1 : end.line, document.lineIndex.lineCount - 1)
        return min(start.line, last)...last
    }

    /// "Show as infix": each line's result as a comment at its end (lines ending in a comment
    /// keep theirs).
    func showAsInfix(_ document: Document, _ range: Range) -> CodeAction? {
        let analysis = document.analysis
        let printer = analysis.printer(limit: 400)  // one for all the lines (see `printer`)
        var edits: [TextEdit] = []
        for line in analysis.codeLines(requestedLines(range, in: document), in: document.lineIndex) {
            let bytes = document.lineIndex.lineRange(line.line, in: document.bytes)
            // A comment after the line's last code token ends the line.
            let next = line.lastToken + 1
            guard next == analysis.tokens.count || !bytes.contains(analysis.tokens[next].range.lowerBound),
                  let top = analysis.result(of: line) else { continue }
            let end = document.position(of: bytes.upperBound, encoding: encoding)
            edits.append(TextEdit(range: Range(start: end, end: end),
                                  newText: " # " + String(decoding: printer.describe([top]).bytes, as: UTF8.self)))
        }
        guard !edits.isEmpty else { return nil }
        return CodeAction(title: "Show as infix", kind: CodeActionKind.rewrite,
                          edit: workspaceEdit(document, edits))
    }

    /// "Evaluate: √(3+5) = 2.83…" for each line with a result to evaluate in the range (the
    /// first ten; see `evaluableResult`), and "Evaluate selection" for a selection; both run
    /// `rpn.evaluate`.
    func evaluateActions(_ document: Document, _ range: Range) -> [CodeAction] {
        let analysis = document.analysis
        var actions: [CodeAction] = []
        let lines = analysis.codeLines(requestedLines(range, in: document), in: document.lineIndex, limit: 10)
        // Values first: they cache into the nodes the one printer shares.
        let values = lines.map { line in analysis.evaluableResult(of: line).map { analysis.value(of: $0) } }
        let printer = analysis.printer(limit: 40)
        for (line, value) in zip(lines, values) {
            guard let top = analysis.evaluableResult(of: line) else { continue }
            let title = "Evaluate: " + String(decoding: printer.describe([top]).bytes, as: UTF8.self)
                + ((value ?? nil).map { " = " + ShortNumber.text($0, configuration.numberFormat) } ?? "")
            let end = document.position(of: analysis.tokens[line.lastToken].range.upperBound, encoding: encoding)
            actions.append(CodeAction(title: title, kind: CodeActionKind.evaluate,
                                      command: EvaluateCommand.command(title, uri: document.uri, position: end)))
        }
        if range.start != range.end {
            let command = EvaluateCommand.command("Evaluate selection", uri: document.uri, range: range)
            actions.append(CodeAction(title: "Evaluate selection", kind: CodeActionKind.evaluate, command: command))
        }
        return actions
    }
}
