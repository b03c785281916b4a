import RPNCore
import RPNJSON

/// Completion of what is being typed at the cursor. Every item carries a `textEdit` that
/// replaces exactly the typed part (in the negotiated encoding), so no client has to guess
/// where a word starts: after `2 ->` the items complete the name (`M`), after `2 -` they
/// replace the `-` with `->M`, after `2 sq` they replace `sq`. With the cursor inside a word
/// (`sq|rt`) the whole word is replaced (or, for clients with `insertReplaceSupport`, either
/// the typed part or the whole word, as the user chooses; an item that ends as the word does
/// replaces it in both ways): never `sqrtrt`. Items are only those that start with the typed
/// text; a glyph is offered under the spelling people type (`√` has `filterText` `sqrt`, `±`
/// `neg` or `chs`, whichever is being typed).
///
/// Ranked nearest first (see `CompletionCandidate`), at most `completionLimit` items: a list cut
/// short says `isIncomplete`, so the client asks again as more is typed. Documentation comes
/// with `completionItem/resolve`, for the item looked at.
extension LanguageServer {
    static let completionLimit = 200

    func registerCompletion() {
        on(CompletionRequest.self) { [unowned self] request throws(ResponseError) in
            let (document, offset) = try documentPosition(request)
            return try answer(document) { view throws(ResponseError) in completionList(view, at: offset) }
        }
        on(CompletionResolveRequest.self) { [unowned self] request throws(ResponseError) in
            ResolvedCompletionItem(item: request.item, documentation: request.data.flatMap(completionDocumentation))
        }
    }

    /// The list at `offset` of the document. What is being typed is read from the document's
    /// text; the candidates from the view's analysis, which may be of the version before the
    /// keystroke that asks (see `answer`): then the places compared are the analysed text's,
    /// as near the cursor as the edits since tell, and the cursor's own line is read from the
    /// document instead.
    func completionList(_ view: AnalysisView, at offset: Int) -> CompletionList {
        let analysis = view.analysis, document = view.document
        let context = CompletionContext(document, cursor: offset)
        var candidates: [CompletionCandidate] = []
        func offer(_ offer: CompletionCandidate.Offer, _ group: CompletionCandidate.Group, distance: Int) {
            candidates.append(CompletionCandidate(offer: offer, group: group, distance: distance))
        }
        let cursor = view.analysedOffset(near: offset)
        // Words of one's own and the locals in scope, when a word is being typed.
        let program = context.kind == .word ? ProgramCompletion(analysis, before: view.analysedOffset(near: context.replaced.lowerBound))
            : ProgramCompletion()
        // Variables the document has besides the one being typed (`sq` is no variable just
        // because it is half of `sqrt`), nor a name the program gives a word or local (in a
        // body being typed, not resolved yet); each with the distance of its nearest occurrence.
        var variables: [String: Int] = [:]
        if context.kind != .nothing && context.kind != .definition {
            func add(_ name: String, _ range: Swift.Range<Int>, from place: Int) {
                let distance = min(abs(range.lowerBound - place), abs(range.upperBound - place))
                variables[name] = min(variables[name] ?? .max, distance)
            }
            if view.isCurrent {
                let typed = context.typedToken.flatMap { analysis.tokenIndex(at: $0.lowerBound) }
                for occurrence in analysis.occurrences where occurrence.tokenIndex != typed {
                    add(occurrence.name, occurrence.range, from: offset)
                }
            } else {
                // The cursor's line as the analysed text had it is not the document's: its
                // variables are read from the document's line instead.
                let line = EditsSinceAnalysis.Lines(holding: cursor..<cursor, in: analysis.source.bytes).bytes
                for occurrence in analysis.occurrences where !line.contains(occurrence.range.lowerBound) {
                    add(occurrence.name, occurrence.range, from: cursor)
                }
                for (name, range) in context.variablesBesidesTyped(in: document.bytes) { add(name, range, from: offset) }
            }
            for name in program.names { variables[name] = nil }
        }
        let typed = context.typed
        switch context.kind {
        case .nothing:
            break
        case .definition:
            for snippet in CompletionSnippet.all where clientCapabilities.completionSnippets && snippet.keyword == typed {
                offer(.snippet(snippet), .language, distance: 0)
            }
        case .word:
            for local in program.locals where CompletionContext.name(local.name, startsWith: typed) {
                offer(.local(local), .local, distance: cursor - local.declaredAt)
            }
            for word in program.words where CompletionContext.name(word.name, startsWith: typed) {
                offer(.word(word), .program, distance: cursor - word.definedAt)
            }
            for (name, distance) in variables where CompletionContext.name(name, startsWith: typed) {
                offer(.variable(name), .program, distance: distance)
            }
            if clientCapabilities.completionSnippets {
                for (i, snippet) in CompletionSnippet.all.enumerated() where typed.isEmpty || snippet.keyword.hasPrefix(typed.lowercased()) {
                    offer(.snippet(snippet), .language, distance: i - CompletionSnippet.all.count)
                }
            }
            for (i, word) in BuiltinCompletion.all.enumerated() {
                guard let filterText = word.filterText(typed: typed) else { continue }
                offer(.builtin(word, filterText: filterText == word.spelling ? nil : filterText), .language, distance: i)
            }
            if typed.isEmpty {
                for (name, distance) in variables {
                    for arrow in ["→", "->"] { offer(.store(arrow: arrow, name: name), .store, distance: distance) }
                }
            }
        case .storeName:
            // The arrow stays; the item is the name (labelled so, so that every client
            // matches it against the name typed after the arrow).
            for (name, distance) in variables where CompletionContext.name(name, startsWith: typed) {
                offer(.storeName(name), .program, distance: distance)
            }
            // `→list` is no store but a word spelled with the arrow (issue 19): its name after it.
            if "list".hasPrefix(typed.lowercased()) {
                let word = BuiltinCompletion(spelling: "list", word: Builtin[.toList], letterSpellings: [])
                offer(.builtin(word, filterText: "list"), .language, distance: 0)
            }
        case .arrow:
            for (name, distance) in variables { offer(.store(arrow: "->", name: name), .program, distance: distance) }
        }
        candidates.sort(by: CompletionCandidate.ranked)
        let kept = candidates.prefix(Self.completionLimit)
        let edits = CompletionEdits(self, document, context)
        let digits = String(kept.count).count
        let items = kept.enumerated().map { rank, candidate in
            var item = completionItem(candidate.offer, analysis, uri: document.uri, edits: edits)
            let number = String(rank)
            item.sortText = String(repeating: "0", count: digits - number.count) + number
            return item
        }
        return CompletionList(isIncomplete: candidates.count > kept.count, items: items)
    }

    /// The item of a candidate kept: its label, what it puts in place, and its one-line detail.
    func completionItem(_ offer: CompletionCandidate.Offer, _ analysis: DocumentAnalysis, uri: String,
                        edits: CompletionEdits) -> CompletionItem {
        switch offer {
        case .local(let local):
            return edits.item(local.name, kind: CompletionItemKind.variable, detail: local.detail)
        case .word(let word):
            var item = edits.item(word.name, kind: CompletionItemKind.function,
                                  detail: word.index.flatMap { analysis.effect(ofWord: $0)?.description } ?? "")
            if let index = word.index { item.data = .word(uri: uri, index: index, name: word.name) }
            return item
        case .variable(let name):
            var detail = "variable"
            if case .value(let v) = analysis.variables[name] { detail = "= " + configuration.numberFormat.string(v, limit: 60) }
            return edits.item(name, kind: CompletionItemKind.variable, detail: detail)
        case .store(let arrow, let name):
            return edits.item(arrow + name, kind: CompletionItemKind.variable, detail: "store the top of the stack into \(name)")
        case .storeName(let name):
            return edits.item(name, kind: CompletionItemKind.variable, detail: "store the top of the stack into \(name)")
        case .builtin(let word, let filterText):
            var item = edits.item(word.spelling, kind: word.kind, detail: word.stackEffect, filterText: filterText)
            item.data = .builtin(spelling: word.spelling)
            return item
        case .snippet(let snippet):
            var item = edits.item(snippet.label, kind: CompletionItemKind.snippet, detail: snippet.detail,
                                  filterText: snippet.keyword, newText: snippet.body)
            item.insertTextFormat = InsertTextFormat.snippet
            return item
        }
    }

    /// What `completionItem/resolve` adds: a built-in word's effect and summary, a word of
    /// one's own's description (`hyp(a,b) = √(a^2+b^2)`); nothing for a definition gone since.
    func completionDocumentation(_ data: CompletionItemData) -> CompletionItem.Documentation? {
        let format = clientCapabilities.completionDocumentationFormat
        switch data {
        case .builtin(let spelling):
            return BuiltinCompletion.all.first { $0.spelling == spelling }.map { CompletionItem.Documentation($0.documentation, format) }
        case .word(let uri, let index, let name):
            guard let analysis = documents[uri]?.analysis, index < analysis.words.count,
                  analysis.words[index].name == name, analysis.words[index].effect != nil else { return nil }
            var content = MarkupContent()
            content.code(analysis.describe(word: index))
            return CompletionItem.Documentation(content, format)
        }
    }
}

/// What the cursor is in the middle of, read from the tokens of its line in the document's
/// text (lexed here: the analysis may be of the version before the keystroke).
struct CompletionContext {
    enum Kind {
        /// A comment, a number or a broken token: nothing to offer.
        case nothing
        /// A word, a variable or nothing yet (after a space or a glyph): words and variables,
        /// and with nothing typed yet stores too.
        case word
        /// The name after a store's arrow (`→`, `->`), possibly still empty.
        case storeName
        /// A `-` that may become the arrow `->`.
        case arrow
        /// A `:` just typed: a definition begins (its snippet replaces the `:`).
        case definition
    }

    var kind: Kind
    /// The bytes a completion replaces: from the start of what is being typed to the cursor.
    var replaced: Swift.Range<Int>
    /// The whole word the cursor is in: `replaced` and the rest of the token after the cursor.
    var word: Swift.Range<Int>
    /// What has been typed of it.
    var typed: String
    /// The bytes of the token being typed, whose variable does not count as one the document has.
    var typedToken: Swift.Range<Int>?
    /// The tokens of the cursor's line.
    private var line: [Token] = []

    init(_ document: Document, cursor: Int) {
        kind = .word
        replaced = cursor..<cursor
        word = replaced
        typed = ""
        let lineNumber = document.lineIndex.line(containing: cursor)
        var line: [Token] = []
        try? document.forEachToken(inLines: lineNumber..<(lineNumber + 1)) { line.append($0) }
        self.line = line
        // The token that ends at the cursor or runs across it (a line break is in none).
        let under = cursor > 0 ? line.first { $0.range.contains(cursor - 1) } : nil
        defer {
            // Inside a token, the rest of it is the rest of the word being completed (of the
            // name, right after a store's arrow).
            word = replaced
            if replaced.lowerBound < cursor || kind == .storeName, let under, under.range.upperBound > cursor {
                word = replaced.lowerBound..<under.range.upperBound
            }
        }
        guard let token = under else { return }
        let bytes = document.bytes
        let text = bytes[token.range.lowerBound..<cursor]
        let arrowLength = text.starts(with: "->".utf8) ? 2 : text.starts(with: "→".utf8) ? 3 : 0
        switch token.kind {
        case .comment, .number, .stackEffect, .path:
            kind = .nothing
        case .store, .invalid:
            guard arrowLength > 0 else { kind = .nothing; return }  // `3x`, `😀`: nothing fits
            if cursor - token.range.lowerBound >= arrowLength {
                kind = .storeName
                replaced = (token.range.lowerBound + arrowLength)..<cursor
                typedToken = token.kind == .store ? token.range : nil
            } else {
                kind = .arrow  // between the - and the > of ->
                replaced = token.range.lowerBound..<cursor
            }
        case .operator where token.builtin == .subtract && text.elementsEqual("-".utf8):
            kind = .arrow
            replaced = token.range.lowerBound..<cursor
        case .keyword where token.builtin == .define && text.elementsEqual(":".utf8):
            kind = .definition
            replaced = token.range.lowerBound..<cursor
        case .operator where text.last == UInt8(ascii: ">"):
            // ">" is a trigger character for the arrow "->"; right after the comparison ">" or
            // the shift ">>" nothing is being typed yet, and every word popping up would be noise.
            kind = .nothing
        case .variable, .function, .constant, .stackWord, .directive, .operator, .keyword:
            // A word being typed; after a glyph (`√`, `×`, `π`) the next word starts at the cursor.
            if token.kind == .variable || text.first.map(Self.isASCIILetterOrUnderscore) == true {
                replaced = token.range.lowerBound..<cursor
                typedToken = token.kind == .variable ? token.range : nil
            }
        }
        typed = String(decoding: bytes[replaced], as: UTF8.self)
    }

    /// The variables read or stored on the cursor's line but for the one being typed, with
    /// their bytes (a store's name after its arrow).
    func variablesBesidesTyped(in bytes: [UInt8]) -> [(name: String, range: Swift.Range<Int>)] {
        line.compactMap { token in
            guard token.range != typedToken else { return nil }
            let name: Swift.Range<Int>
            switch token.kind {
            case .variable: name = token.range
            case .store: name = token.storeNameRange(in: SourceFile(name: "", bytes: bytes))
            default: return nil
            }
            return (String(decoding: bytes[name], as: UTF8.self), name)
        }
    }

    private static func isASCIILetterOrUnderscore(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26 || byte == UInt8(ascii: "_")
    }

    /// Variables match what is typed in any case (clients filter so too); words as the
    /// language spells them (see `BuiltinCompletion`).
    static func name(_ name: String, startsWith typed: String) -> Bool {
        typed.isEmpty || name.lowercased().hasPrefix(typed.lowercased())
    }
}

/// One spelling of a built-in word as a completion item, from the word table.
struct BuiltinCompletion {
    let spelling: String
    let word: Builtin
    /// The word's letter spellings (`sqrt` for `√`; `neg` and `chs` for `±`).
    let letterSpellings: [String]

    var kind: Int {
        switch word.kind {
        case .binaryOperator: CompletionItemKind.operator
        case .function: CompletionItemKind.function
        case .constant: CompletionItemKind.constant
        case .stackWord, .directive, .keyword: CompletionItemKind.keyword
        }
    }

    var stackEffect: String { word.stackEffect }

    static let all: [BuiltinCompletion] = Builtin.all.flatMap { word in
        let letters = word.spellings.filter { $0.first.map { $0.isASCII && $0.isLetter } ?? false }
        return word.spellings.map { BuiltinCompletion(spelling: $0, word: word, letterSpellings: letters) }
    }

    /// What a client should match the typed text against, nil when the item does not match:
    /// the spelling itself, or for a glyph the letter spelling that starts with what is typed.
    /// Letters match in any ASCII case, constants only as written (`E` is a variable).
    func filterText(typed: String) -> String? {
        let isLetterSpelling = letterSpellings.contains(spelling)
        if typed.isEmpty { return isLetterSpelling ? spelling : letterSpellings.first ?? spelling }
        let candidates = isLetterSpelling ? [spelling] : letterSpellings
        return candidates.first { candidate in
            word.spelling(candidate, completes: typed)
        }
    }

    var documentation: MarkupContent {
        var content = MarkupContent()
        content.strong(spelling)
        content.text(" ")
        content.code(word.stackEffect)
        content.lineBreak()
        content.text(word.summary)
        return content
    }
}
