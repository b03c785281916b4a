import RPNCore
import RPNJSON

/// `workspace/executeCommand` with `rpn.evaluate`: a calculator in the editor. Editors bind a
/// key to it; code lenses and "Evaluate" code actions carry it.
///
/// Params: `{command: "rpn.evaluate", arguments: [{uri, position}]}` evaluates the document up
/// to the end of the line of `position` (of the definition or block it is inside, if any); `arguments: [{uri, range}]` evaluates the text of the
/// range, run on the stack the document leaves before it. Variables have the values the
/// document gives them at its end (as in the inlay hints: an entry reads a variable's latest
/// value), trigonometry follows the `angleUnit` setting, and variables the document never
/// stores are free, as in `rpn/describe`.
///
/// Result: `{text, values: [number | null], description, diagnostics: [Diagnostic], range?}`:
/// `text` is the top entry's description and value (`√(3+5) = 2.8284271247461903`) or why it
/// has none; `values` and `description` are the whole stack's; `diagnostics` those of the
/// evaluated line or range and of the top entry's expression; `range` is that expression's.
/// The server also sends `window/showMessage` (Info) with `text`, for clients without inlay
/// hints or lenses (Neovim 0.7, eglot 1.9) that show nothing else.
extension LanguageServer {
    func registerExecuteCommand() {
        on(ExecuteCommandRequest.self) { [unowned self] request throws(ResponseError) in
            switch request.command {
            case .evaluate(let arguments):
                let document = try document(TextDocumentIdentifier(uri: arguments.uri))
                let result = evaluateCommand(document, arguments.target)
                notify("window/showMessage", ["type": .int(MessageType.info), "message": .string(result.text)])
                return result
            }
        }
    }

    func evaluateCommand(_ document: Document, _ target: EvaluateCommand.Arguments.Target) -> EvaluateCommandResult {
        let bytes = document.bytes
        var machine = Machine(options: .editor(.result(freeVariables: true), angleUnit: document.angleUnit,
                                                   exact: document.exact, digits: document.digits,
                                                   complex: document.complex))
        // The parts run are the document's: so are their includes, placed after all of it.
        let includes = DocumentIncludes(document: DocumentIncludes.source(uri: document.uri, bytes: bytes),
                                        fileSystem: includeFiles)
        machine.includes = includes.resolver
        // The bytes evaluated for their own sake: the line, or the selection.
        let part: Swift.Range<Int>
        switch target {
        case .range(let range):
            let requested = document.offsets(of: range, encoding: encoding)
            let (lower, upper) = (requested.lowerBound, requested.upperBound)
            machine.run(includes.part(0..<lower))
            // Its own source: the selection's first token starts where the selection does.
            machine.run(includes.part(lower..<upper))
            part = lower..<upper
        case .position(let position):
            let line = document.lineIndex.lineRange(position.line, in: bytes)
            // A line inside a definition or block that spans lines: through its end.
            let end = document.analysis.endOfProgram(containing: line.upperBound) ?? line.upperBound
            part = line.lowerBound..<end
            machine.run(includes.part(0..<part.upperBound))
        }
        // The document's variables, as they are at its end: stores in the part ran with the
        // values of their moment, the entries left read the latest ones.
        let final = document.analysis.variables
        for (index, name) in final.names.enumerated() {
            if case .value(let value) = final.bindings[index] {
                machine.setVariable(name, to: value)
            } else if machine.variables.index(of: name) != nil {
                machine.setVariable(name, to: nil)
            }
        }
        let values = machine.values()
        let diagnostics = includes.shownInDocument(machine.allDiagnostics)
        var text = "the stack is empty"
        var expression: Swift.Range<Int>?
        if let top = machine.stackNodes.last, top >= 0 {
            let tree = ExpressionTree(nodes: machine.nodes, root: top)
            let span = tree.span
            expression = span
            let description = machine.description(of: top, style: DescriptionStyle(byteLimit: 200))
            if let value = values.last ?? nil {
                text = "\(description) = \(configuration.numberFormat.string(value, limit: 1000))"
            } else if let error = diagnostics.first(where: { $0.severity == .error && span.contains($0.range.lowerBound) }) {
                text = "\(description): \(error.message)"
            } else {
                let free = machine.freeVariables(of: [top])
                text = free.isEmpty ? "\(description) has no value"
                    : "\(description) has no value: \(free.joined(separator: ", ")) \(free.count == 1 ? "is" : "are") free"
            }
        }
        let lower = min(expression?.lowerBound ?? part.lowerBound, part.lowerBound)
        let relevant = Diagnostic.ordered(diagnostics.filter { $0.range.lowerBound >= lower && $0.range.lowerBound <= part.upperBound })
        return EvaluateCommandResult(text: text, values: values,
                                     description: machine.description(style: DescriptionStyle(byteLimit: 4096)),
                                     diagnostics: lspDiagnostics(relevant, in: document),
                                     range: expression.map { document.range(of: $0, encoding: encoding) })
    }
}

/// A number cut to three significant digits for a title (`2.83…`), never losing integer digits;
/// the full value stays in the lens and the command's answer.
enum ShortNumber {
    static func text(_ x: Number, _ format: NumberFormat) -> String {
        let full = format.string(x, limit: 40)
        // Only plain decimals are cut: a fraction, a grouped or based number, or a display
        // mode's digits are shown as the user asked.
        guard format.mode == .standard, full.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 || $0 == 46 || $0 == 45 || $0 == 101 || $0 == 43 })
        else { return full }
        var rest = Substring(full)
        var sign = ""
        if rest.hasPrefix("-") {
            sign = "-"
            rest = rest.dropFirst()
        }
        var exponent = ""
        if let e = rest.firstIndex(of: "e") {
            exponent = String(rest[e...])
            rest = rest[..<e]
        }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        let integer = parts[0], fraction = parts.count > 1 ? parts[1] : ""
        let digits = (integer + fraction).utf8.map { Int($0) - 48 }
        var point = integer.utf8.count
        let firstSignificant = digits.firstIndex { $0 != 0 } ?? digits.count
        let keep = max(point, firstSignificant + 3)
        guard keep < digits.count else { return full }
        var kept = Array(digits[..<keep])
        if digits[keep] >= 5 {  // round half up, carrying
            var i = kept.count - 1
            while i >= 0, kept[i] == 9 {
                kept[i] = 0
                i -= 1
            }
            if i >= 0 { kept[i] += 1 } else {
                kept.insert(1, at: 0)
                point += 1
            }
        }
        var fractionDigits = kept[point...]
        while fractionDigits.last == 0 { fractionDigits.removeLast() }
        let digitText = { (d: ArraySlice<Int>) in String(d.map { Character(Unicode.Scalar(UInt8(48 + $0))) }) }
        return sign + digitText(kept[..<point]) + (fractionDigits.isEmpty ? "" : "." + digitText(fractionDigits)) + "…" + exponent
    }
}
