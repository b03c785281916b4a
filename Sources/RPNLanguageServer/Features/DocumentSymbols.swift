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
            let analysis = document.analysis
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
                    word = symbol(ofWord: words[nextWord], analysis, document)
                    wordEnd = analysis.words[words[nextWord]].range.upperBound
                    nextWord += 1
                }
                if let finished = word, token.range.lowerBound >= wordEnd {
                    symbols.append(finished)
                    word = nil
                }
                let name = token.storeNameRange(in: analysis.source)
                let start = sweep.position(of: token.range.lowerBound)
                let nameStart = sweep.position(of: name.lowerBound)
                let end = sweep.position(of: token.range.upperBound)
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
                symbols.append(symbol(ofWord: words[nextWord], analysis, document))
                nextWord += 1
            }
            return symbols
        }
    }

    /// A word as a symbol: its effect as detail, its declared parameters as children.
    private func symbol(ofWord index: Int, _ analysis: DocumentAnalysis, _ document: Document) -> DocumentSymbol {
        let word = analysis.words[index]
        let parameters = analysis.symbols(in: word.range).filter { $0.kind == .parameterDeclaration && $0.word == Int32(index) }
        return DocumentSymbol(
            name: word.name, kind: SymbolKind.function, range: document.range(of: word.range, encoding: encoding),
            selectionRange: document.range(of: word.nameRange, encoding: encoding),
            detail: analysis.effect(ofWord: index)?.description,
            children: parameters.map { parameter in
                let range = document.range(of: parameter.range, encoding: encoding)
                return DocumentSymbol(name: analysis.name(of: parameter), kind: SymbolKind.variable, range: range,
                                      selectionRange: range, detail: "parameter of \(word.name)")
            })
    }
}
