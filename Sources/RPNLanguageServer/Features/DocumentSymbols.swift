import RPNCore
import RPNJSON

extension LanguageServer {
    /// One symbol per store, with the expression it stores, and one per word of one's own
    /// (Function, its effect as detail) with its parameters and the stores of its body as
    /// children; in source order, from the document's analysis, one pass over its tokens.
    func registerDocumentSymbols() {
        on(DocumentSymbolRequest.self) { [unowned self] request throws(ResponseError) in
            let document = try document(request.textDocument)
            try checkpoint()
            // Of a version before when the edits since touched none of the symbols' lines.
            return try answer(document) { view throws(ResponseError) in try documentSymbols(view) }
        }
    }

    private func documentSymbols(_ view: AnalysisView) throws(ResponseError) -> [DocumentSymbol] {
        let analysis = view.analysis, document = view.document
        var stores: [(token: Int, stored: Int32)] = []
        for index in analysis.tokens.indices where analysis.tokens[index].kind == .store {
            stores.append((index, index > 0 ? analysis.tops[index - 1] : -1))
            if stores.count & 4095 == 0 { try checkpoint() }
        }
        let printer = analysis.printer(limit: 80)
        var sweep = PositionSweep(bytes: document.bytes, encoding: encoding)  // stores come in order
        let words = analysis.documentWordIndices  // not those of the files it includes
        var nextWord = 0
        var symbols: [DocumentSymbol] = []
        symbols.reserveCapacity(stores.count + words.count)
        var word: DocumentSymbol?  // the word whose body the stores are in
        var wordEnd = 0
        for store in stores {
            let token = analysis.tokens[store.token]
            // The words that begin before this store come first; a store in a word's body
            // is its child.
            while nextWord < words.count, analysis.words[words[nextWord]].range.lowerBound < token.range.lowerBound {
                if let word { symbols.append(word) }
                word = try symbol(ofWord: words[nextWord], view)
                wordEnd = analysis.words[words[nextWord]].range.upperBound
                nextWord += 1
            }
            if let finished = word, token.range.lowerBound >= wordEnd {
                symbols.append(finished)
                word = nil
            }
            let name = token.storeNameRange(in: analysis.source)
            let stored = try view.current(token.range)
            let start = sweep.position(of: stored.lowerBound)
            let nameStart = sweep.position(of: name.lowerBound + stored.lowerBound - token.range.lowerBound)
            let end = sweep.position(of: stored.upperBound)
            let detail = store.stored < 0 ? nil
                : String(decoding: printer.describe([store.stored]).bytes, as: UTF8.self)
            let symbol = DocumentSymbol(name: analysis.source.text(of: name), kind: SymbolKind.variable,
                                        range: Range(start: start, end: end),
                                        selectionRange: Range(start: nameStart, end: end), detail: detail)
            if word != nil { word!.children.append(symbol) } else { symbols.append(symbol) }
            if symbols.count & 1023 == 0 { try checkpoint() }
        }
        if let word { symbols.append(word) }
        while nextWord < words.count {
            symbols.append(try symbol(ofWord: words[nextWord], view))
            nextWord += 1
        }
        return symbols
    }

    /// A word as a symbol: its effect as detail, its declared parameters as children.
    private func symbol(ofWord index: Int, _ view: AnalysisView) throws(ResponseError) -> DocumentSymbol {
        let analysis = view.analysis, document = view.document
        let word = analysis.words[index]
        let parameters = analysis.symbols(in: word.range).filter { $0.kind == .parameterDeclaration && $0.word == Int32(index) }
        // The word's lines hold its name and parameters: all move as one.
        let range = try view.current(word.range), delta = range.lowerBound - word.range.lowerBound
        func moved(_ bytes: Swift.Range<Int>) -> Range {
            document.range(of: (bytes.lowerBound + delta)..<(bytes.upperBound + delta), encoding: encoding)
        }
        return DocumentSymbol(
            name: word.name, kind: SymbolKind.function, range: moved(word.range), selectionRange: moved(word.nameRange),
            detail: analysis.effect(ofWord: index)?.description,
            children: parameters.map { parameter in
                let range = moved(parameter.range)
                return DocumentSymbol(name: analysis.name(of: parameter), kind: SymbolKind.variable, range: range,
                                      selectionRange: range, detail: "parameter of \(word.name)")
            })
    }
}
