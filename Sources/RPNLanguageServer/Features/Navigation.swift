import RPNCore
import RPNJSON

/// Definition, references and highlights. Two kinds of names: a variable, which a store `→M`
/// defines and a bare `M` uses; and a symbol of a program (a word of one's own, a parameter,
/// a loop counter), which the core resolves: each occurrence says which definition or local it
/// names, so the parameter n of one word is not the n of another, nor the variable n. A word's
/// references are in every file that sees its definition (`files(seeing:)`).
extension LanguageServer {
    func registerVariableNavigation() {
        on(DefinitionRequest.self) { [unowned self] request throws(ResponseError) in
            let (document, offset) = try documentPosition(request)
            let analysis = document.analysis
            if let symbol = analysis.symbol(at: offset) {
                // A word of an included file is defined there.
                if symbol.isWord, let location = analysis.includes?.location(of: analysis.words[Int(symbol.symbol)].nameRange,
                                                                              encoding: encoding) {
                    return [location]
                }
                return analysis.occurrences(of: symbol).filter(\.isDeclaration).map { location($0.range, in: document) }
            }
            // An include, or its file's name: the file.
            if let index = analysis.tokenIndex(at: offset), let path = analysis.includedPath(atToken: index) {
                return [Location(uri: FileURI.uri(path), range: Range(start: Position(line: 0, character: 0),
                                                                      end: Position(line: 0, character: 0)))]
            }
            guard let occurrence = analysis.occurrence(at: offset) else { return nil }
            let stores = analysis.occurrences.filter { $0.isStore && $0.name == occurrence.name }
            return stores.map { location($0.range, in: document) }
        }
        on(ReferencesRequest.self) { [unowned self] request throws(ResponseError) in
            let (document, offset) = try documentPosition(request)
            let analysis = document.analysis
            if let symbol = analysis.symbol(at: offset) {
                // A word: in every file that sees its definition, the file defining it first.
                if let word = wordKey(symbol, in: document) {
                    return try files(seeing: word).flatMap { file in
                        file.words.occurrences(of: word).filter { request.includeDeclaration || !$0.isDefinition }
                            .map { file.location($0.range) }
                    }
                }
                return analysis.occurrences(of: symbol).filter { request.includeDeclaration || !$0.isDeclaration }
                    .map { location($0.range, in: document) }
            }
            guard let occurrence = analysis.occurrence(at: offset) else { return nil }
            let all = analysis.occurrences.filter {
                $0.name == occurrence.name && (request.includeDeclaration || !$0.isStore)
            }
            return all.map { location($0.range, in: document) }
        }
        on(DocumentHighlightRequest.self) { [unowned self] request throws(ResponseError) in
            let (document, offset) = try documentPosition(request)
            let analysis = document.analysis
            if let symbol = analysis.symbol(at: offset) {
                return analysis.occurrences(of: symbol).map {
                    DocumentHighlight(range: document.range(of: $0.range, encoding: encoding),
                                      kind: $0.isDeclaration ? DocumentHighlightKind.write : DocumentHighlightKind.read)
                }
            }
            guard let occurrence = analysis.occurrence(at: offset) else { return nil }
            let all = analysis.occurrences.filter { $0.name == occurrence.name }
            return all.map {
                DocumentHighlight(range: document.range(of: $0.range, encoding: encoding),
                                  kind: $0.isStore ? DocumentHighlightKind.write : DocumentHighlightKind.read)
            }
        }
    }

    private func location(_ range: Swift.Range<Int>, in document: Document) -> Location {
        Location(uri: document.uri, range: document.range(of: range, encoding: encoding))
    }
}

extension SymbolOccurrence {
    /// Where the word or local comes into being: `: NAME`, a parameter in `( a b -- c )`, the
    /// name after `for`.
    var isDeclaration: Bool {
        switch kind {
        case .wordDefinition, .parameterDeclaration, .loopVariableDeclaration: true
        case .wordUse, .parameterUse, .loopVariableUse: false
        }
    }

    var isWord: Bool { kind == .wordDefinition || kind == .wordUse }
}

extension DocumentAnalysis {
    /// Every occurrence of the symbol `occurrence` names, in source order. A local's are all in
    /// its definition or block; a word's anywhere after its definition.
    func occurrences(of occurrence: SymbolOccurrence) -> [SymbolOccurrence] {
        symbols.filter { $0.symbol == occurrence.symbol }
    }
}
