import RPNCore
import RPNJSON

/// Completion of what is being typed at the cursor. Every item carries a `textEdit` that
/// replaces exactly the typed part (in the negotiated encoding), so no client has to guess
/// where a word starts: after `2 ->` the items complete the name (`M`), after `2 -` they
/// replace the `-` with `->M`, after `2 sq` they replace `sq`. Items are only those that
/// start with the typed text; a glyph is offered under the spelling people type (`√` has
/// `filterText` `sqrt`, `±` `neg` or `chs`, whichever is being typed).
extension LanguageServer {
    func registerCompletion() {
        on(CompletionRequest.self) { [unowned self] request throws(ResponseError) in
            let (document, offset) = try documentPosition(request)
            let analysis = document.analysis
            let context = CompletionContext(analysis, cursor: offset)
            let range = document.range(of: context.replaced, encoding: encoding)
            /// An item that puts its label in place of the typed text.
            func item(_ label: String, kind: Int, detail: String, filterText: String? = nil,
                      documentation: CompletionItem.Documentation? = nil) -> CompletionItem {
                let newText = label
                // eglot 1.9 (Debian 12's) puts insertText (else the label) in place of what is
                // typed, then removes what it takes to be the part beyond the typed text and
                // applies textEdit: a text shorter than the typed one (`√` for `sq`) makes it
                // delete the character after the cursor. Padded to the typed length, it comes
                // out right; other clients ignore insertText when there is a textEdit.
                let shortfall = context.typed.unicodeScalars.count - newText.unicodeScalars.count
                return CompletionItem(label: label, kind: kind, detail: detail,
                                      textEdit: TextEdit(range: range, newText: newText), filterText: filterText,
                                      insertText: shortfall > 0 ? newText + String(repeating: " ", count: shortfall) : nil,
                                      documentation: documentation)
            }
            var items: [CompletionItem] = []
            // Words of one's own and the locals in scope, when a word is being typed.
            let program = context.kind == .word ? ProgramCompletion(analysis, before: context.replaced.lowerBound)
                : ProgramCompletion()
            // Variables the document has besides the one being typed (`sq` is no variable
            // just because it is half of `sqrt`), nor a name the program gives a word or local
            // (in a body being typed, not resolved yet).
            let variables = Set(analysis.occurrences.lazy.filter { $0.tokenIndex != context.typedToken }.map(\.name))
                .subtracting(program.names).sorted()
            switch context.kind {
            case .nothing:
                break
            case .word:
                let format = clientCapabilities.completionDocumentationFormat
                for word in BuiltinCompletion.all {
                    guard let filterText = word.filterText(typed: context.typed) else { continue }
                    items.append(item(word.spelling, kind: word.kind, detail: word.stackEffect,
                                      filterText: filterText == word.spelling ? nil : filterText,
                                      documentation: word.documentation(format)))
                }
                for local in program.locals where CompletionContext.name(local.name, startsWith: context.typed) {
                    items.append(item(local.name, kind: CompletionItemKind.variable, detail: local.detail))
                }
                // Each description runs the word on symbols: only for the first words offered.
                var described = 0
                for word in program.words where CompletionContext.name(word.name, startsWith: context.typed) {
                    var documentation: CompletionItem.Documentation?
                    if let index = word.index, analysis.words[index].effect != nil, described < 100 {
                        described += 1
                        var content = MarkupContent()
                        content.code(analysis.describe(word: index))
                        documentation = format == .markdown ? .markdown(content) : .plainText(content.plainText)
                    }
                    items.append(item(word.name, kind: CompletionItemKind.function, detail: word.detail,
                                      documentation: documentation))
                }
                for name in variables where CompletionContext.name(name, startsWith: context.typed) {
                    var detail = "variable"
                    if case .value(let v) = analysis.variables[name] { detail = "= " + configuration.numberFormat.string(v, limit: 60) }
                    items.append(item(name, kind: CompletionItemKind.variable, detail: detail))
                }
                if context.typed.isEmpty {
                    for name in variables {
                        for arrow in ["→", "->"] {
                            items.append(item(arrow + name, kind: CompletionItemKind.variable,
                                              detail: "store the top of the stack into \(name)"))
                        }
                    }
                }
            case .storeName:
                // The arrow stays; the item is the name (labelled so, so that every client
                // matches it against the name typed after the arrow).
                for name in variables where CompletionContext.name(name, startsWith: context.typed) {
                    items.append(item(name, kind: CompletionItemKind.variable,
                                      detail: "store the top of the stack into \(name)"))
                }
            case .arrow:
                for name in variables {
                    items.append(item("->" + name, kind: CompletionItemKind.variable,
                                      detail: "store the top of the stack into \(name)"))
                }
            }
            return CompletionList(items: items)
        }
    }
}

/// What the cursor is in the middle of, read from the document's tokens.
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
    }

    var kind: Kind
    /// The bytes a completion replaces: from the start of what is being typed to the cursor.
    var replaced: Swift.Range<Int>
    /// What has been typed of it.
    var typed: String
    /// The token being typed, whose variable does not count as one the document has.
    var typedToken: Int?

    init(_ analysis: DocumentAnalysis, cursor: Int) {
        kind = .word
        replaced = cursor..<cursor
        typed = ""
        // The token that ends at the cursor or runs across it.
        guard cursor > 0, let index = analysis.tokenIndex(at: cursor - 1) else { return }
        let token = analysis.tokens[index]
        let text = analysis.source.bytes[token.range.lowerBound..<cursor]
        let arrowLength = text.starts(with: "->".utf8) ? 2 : text.starts(with: "→".utf8) ? 3 : 0
        switch token.kind {
        case .comment, .number, .stackEffect:
            kind = .nothing
        case .store, .invalid:
            guard arrowLength > 0 else { kind = .nothing; return }  // `3x`, `😀`: nothing fits
            if cursor - token.range.lowerBound >= arrowLength {
                kind = .storeName
                replaced = (token.range.lowerBound + arrowLength)..<cursor
                typedToken = token.kind == .store ? index : nil
            } else {
                kind = .arrow  // between the - and the > of ->
                replaced = token.range.lowerBound..<cursor
            }
        case .operator where token.builtin == .subtract && text.elementsEqual("-".utf8):
            kind = .arrow
            replaced = token.range.lowerBound..<cursor
        case .operator where text.last == UInt8(ascii: ">"):
            // ">" is a trigger character for the arrow "->"; right after the comparison ">" or
            // the shift ">>" nothing is being typed yet, and every word popping up would be noise.
            kind = .nothing
        case .variable, .function, .constant, .stackWord, .directive, .operator, .keyword:
            // A word being typed; after a glyph (`√`, `×`, `π`) the next word starts at the cursor.
            if token.kind == .variable || text.first.map(Self.isASCIILetterOrUnderscore) == true {
                replaced = token.range.lowerBound..<cursor
                typedToken = token.kind == .variable ? index : nil
            }
        }
        typed = String(decoding: analysis.source.bytes[replaced], as: UTF8.self)
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

    func documentation(_ format: MarkupKind) -> CompletionItem.Documentation {
        var content = MarkupContent()
        content.strong(spelling)
        content.text(" ")
        content.code(word.stackEffect)
        content.lineBreak()
        content.text(word.summary)
        return format == .markdown ? .markdown(content) : .plainText(content.plainText)
    }
}
