import RPNCore
import RPNJSON

extension LanguageServer {
    func registerHover() {
        on("textDocument/hover") { [unowned self] params throws(ResponseError) in
            let (document, offset) = try documentPosition(params)
            let analysis = document.analysis
            guard let index = analysis.tokenIndex(at: offset), analysis.tokens[index].kind != .comment else { return .null }
            let content = hover(analysis, index)
            return ["contents": content.json(markdownSupported: markdownHover),
                    "range": document.range(of: analysis.tokens[index].range, encoding: encoding).json]
        }
    }

    /// What a word does and its stack effect; the expression the token completes and its value.
    func hover(_ analysis: DocumentAnalysis, _ index: Int) -> MarkupContent {
        let token = analysis.tokens[index]
        let text = analysis.text(of: token)
        var markdown: [String] = []
        var plain: [String] = []
        if let id = token.builtin {
            let word = Builtin[id]
            markdown.append("**\(text)** `\(word.stackEffect)`  \n\(word.summary)")
            plain.append("\(text) \(word.stackEffect)\n\(word.summary)")
        }
        switch token.kind {
        case .store:
            let name = analysis.source.text(of: token.storeNameRange(in: analysis.source))
            var line = "stores the top of the stack into `\(name)`"
            if case .value(let v) = analysis.variables[name] { line += "; finally `\(name)` = \(NumberFormatting.ascii(v))" }
            markdown.append("**\(text)** " + line)
            plain.append("\(text) " + line.replacingBackticks())
        case .invalid:
            break
        default:
            let top = analysis.tops[index]
            if top >= 0 {
                let description = analysis.description(of: top)
                let value = analysis.value(of: top).map { " = " + NumberFormatting.ascii($0) } ?? ""
                markdown.append("`\(description)`\(value)")
                plain.append("\(description)\(value)")
            }
            if token.kind == .variable, analysis.variables.index(of: text) != nil {
                let stores = analysis.occurrences.filter { $0.isStore && $0.name == text }
                if stores.isEmpty {
                    markdown.append("`\(text)` is a free variable")
                    plain.append("\(text) is a free variable")
                } else if let later = stores.first(where: { $0.tokenIndex > index }) {
                    // The rule that surprises dc and HP users: a read sees the variable's last value.
                    let line = analysis.source.position(of: later.range.lowerBound, in: .characters).line + 1
                    let note = "`\(text)` is read when this entry is evaluated, with its latest value, so the store "
                        + "`→\(text)` on line \(line) changes what it reads here (variables are symbolic until the "
                        + "end: `1 →M M 2 →M M +` is 4)"
                    markdown.append(note)
                    plain.append(note.replacingBackticks())
                }
            }
        }
        return MarkupContent(markdown: markdown.joined(separator: "\n\n"), plainText: plain.joined(separator: "\n\n"))
    }
}

extension String {
    func replacingBackticks() -> String { String(self.filter { $0 != "`" }) }
}
