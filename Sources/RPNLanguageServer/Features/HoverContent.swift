import RPNCore
import RPNJSON

extension LanguageServer {
    func registerHover() {
        on(HoverRequest.self) { [unowned self] request throws(ResponseError) in
            let (document, offset) = try documentPosition(request)
            return try answer(document) { view throws(ResponseError) -> Hover? in
                let analysis = view.analysis
                let offset = try view.analysed(offset)
                guard let index = analysis.tokenIndex(at: offset), analysis.tokens[index].kind != .comment else { return nil }
                // A word of one's own, a parameter or a loop counter (in a stack effect, the
                // parameter's name rather than the whole `( … )`).
                let symbol = analysis.symbol(containing: offset)
                let content = if let symbol { hover(analysis, index, symbol) } else {
                    try hover(view, index, angleUnit: document.angleUnit, exact: document.exact)
                }
                guard !content.isEmpty else { return nil }
                return Hover(contents: content, format: clientCapabilities.hoverFormat,
                             range: document.range(of: try view.current(symbol?.range ?? analysis.tokens[index].range),
                                                   encoding: encoding))
            }
        }
    }

    /// A word: its effect and what it computes (`hyp(a,b) = √(a^2+b^2)`), and at a call on the
    /// top level the call and its value. A parameter or loop counter: whose it is.
    func hover(_ analysis: DocumentAnalysis, _ index: Int, _ symbol: SymbolOccurrence) -> MarkupContent {
        var content = MarkupContent()
        let name = analysis.name(of: symbol)
        switch symbol.kind {
        case .wordDefinition, .wordUse:
            let word = Int(symbol.symbol)
            content.strong(name)
            if let effect = analysis.effect(ofWord: word) {
                content.text(" ")
                content.code(effect.description)
            }
            content.lineBreak()
            content.code(analysis.describe(word: word))
            if symbol.kind == .wordUse {
                let top = analysis.tops[index]
                if top >= 0 {  // a call run from the top level; inside a body, nothing has a value yet
                    content.paragraph()
                    content.code(analysis.description(of: top))
                    if let value = analysis.value(of: top) { appendValue(value, to: &content) }
                }
            }
        case .parameterDeclaration, .parameterUse:
            content.text("parameter \(name) of \(analysis.words[Int(symbol.word)].name)")
        case .loopVariableDeclaration, .loopVariableUse:
            content.text("loop counter \(name)" + (symbol.word >= 0 ? " of \(analysis.words[Int(symbol.word)].name)" : ""))
        }
        return content
    }

    /// ` = value` in the display's format, and, where the value carries fewer digits than the
    /// display asks for (a double under FIX 30), a note that says so and how to get more.
    func appendValue(_ value: Number, to content: inout MarkupContent) {
        content.text(" = " + configuration.numberFormat.string(value, limit: 1000))
        if configuration.numberFormat.cutsDigits(of: value) {
            content.paragraph()
            content.text("This value carries fewer digits than the display shows; the `digits` setting computes more.")
        }
    }

    /// What a word does and its stack effect; what a number is (NumberHover); the expression
    /// the token completes and its value; for an invalid token, what is wrong with it.
    func hover(_ view: AnalysisView, _ index: Int, angleUnit: AngleUnit, exact: Bool) throws(ResponseError) -> MarkupContent {
        let analysis = view.analysis
        let token = analysis.tokens[index]
        let text = analysis.text(of: token)
        var content = MarkupContent()
        if let id = token.builtin {
            let word = Builtin[id]
            content.strong(text)
            content.text(" ")
            content.code(word.stackEffect)
            content.lineBreak()
            content.text(word.summary)
            if let note = try angleNote(view, index, word: id, setting: angleUnit) {
                content.paragraph()
                content.append(note)
            }
        }
        switch token.kind {
        case .store:
            let name = analysis.source.text(of: token.storeNameRange(in: analysis.source))
            content.strong(text)
            content.text(" stores the top of the stack into ")
            content.code(name)
            if case .value(let v) = analysis.variables[name] {
                content.text("; finally ")
                content.code(name)
                content.text(" = " + configuration.numberFormat.string(v, limit: 1000))
            }
        case .number:
            if let number = numberHover(text, exact: exact) { return number }
            content.append(problems(analysis, token))
        case .invalid:
            content.append(problems(analysis, token))
        case .path:
            content.append(includeHover(analysis, index))
        default:
            let top = analysis.tops[index]
            if top >= 0 {
                content.paragraph()
                content.code(analysis.description(of: top))
                if let value = analysis.value(of: top) { appendValue(value, to: &content) }
            }
            if token.kind == .variable, analysis.variables.index(of: text) != nil {
                let stores = analysis.occurrences.filter { $0.isStore && $0.name == text }
                if stores.isEmpty {
                    content.paragraph()
                    content.code(text)
                    content.text(" is a free variable")
                } else if let later = stores.first(where: { $0.tokenIndex > index }) {
                    // The rule that surprises dc and HP users: a read sees the variable's last value.
                    content.paragraph()
                    content.code(text)
                    content.text(" is read when this entry is evaluated, with its latest value, so the store ")
                    content.code("→" + text)
                    let storeLine = try line(of: later.range.lowerBound, in: view)
                    content.text(" on line \(storeLine) changes what it reads here "
                                 + "(variables are symbolic until the end: ")
                    content.code("1 →M M 2 →M M +")
                    content.text(" is 4)")
                }
            }
        }
        return content
    }

    /// A token with nothing to describe: what the diagnostics say about it.
    private func problems(_ analysis: DocumentAnalysis, _ token: Token) -> MarkupContent {
        var content = MarkupContent()
        for diagnostic in analysis.diagnostics where diagnostic.range.overlaps(token.range) {
            content.paragraph()
            content.text(diagnostic.message)
        }
        return content
    }

    /// For words that take or give angles, and `deg` and `rad`: the unit in force at the
    /// token, and where it comes from (a `deg` or `rad` before it, or the `angleUnit`
    /// setting: the editor's counterpart of the command line's option).
    private func angleNote(_ view: AnalysisView, _ index: Int, word: BuiltinID,
                           setting: AngleUnit) throws(ResponseError) -> MarkupContent? {
        let analysis = view.analysis
        var note = MarkupContent()
        switch word {
        case .sin, .cos, .tan, .asin, .acos, .atan, .atan2:
            var directive: Int?
            for earlier in stride(from: index - 1, through: 0, by: -1) {
                let builtin = analysis.tokens[earlier].builtin
                if builtin == .deg || builtin == .rad { directive = earlier; break }
            }
            if let directive {
                let unit = analysis.tokens[directive].builtin == .deg ? "degrees" : "radians"
                note.text("Here in \(unit), after ")
                note.code(analysis.text(of: analysis.tokens[directive]))
                let directiveLine = try line(of: analysis.tokens[directive].range.lowerBound, in: view)
                note.text(" on line \(directiveLine).")
            } else {
                note.text("Here in \(Self.name(of: setting)): the ")
                note.code("angleUnit")
                note.text(" setting, until a ")
                note.code("deg")
                note.text(" or ")
                note.code("rad")
                note.text(".")
            }
        case .deg, .rad:
            note.text("Before the first ")
            note.code("deg")
            note.text(" or ")
            note.code("rad")
            note.text(", angles follow the ")
            note.code("angleUnit")
            note.text(" setting (now \(Self.name(of: setting))).")
        default:
            return nil
        }
        return note
    }

    private static func name(of unit: AngleUnit) -> String { unit == .degrees ? "degrees" : "radians" }

    /// The 1-based line, as people count lines, of a byte offset of the analysed text, in the
    /// document's text.
    private func line(of offset: Int, in view: AnalysisView) throws(ResponseError) -> Int {
        view.document.lineIndex.line(containing: try view.current(offset)) + 1
    }
}
