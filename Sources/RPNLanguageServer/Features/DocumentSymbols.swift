import RPNJSON

extension LanguageServer {
    /// One symbol per store, with the expression it stores.
    func registerDocumentSymbols() {
        on("textDocument/documentSymbol") { [unowned self] params throws(ResponseError) in
            let document = try document(params)
            let analysis = document.analysis
            let symbols: [JSONValue] = analysis.occurrences.filter(\.isStore).map { store in
                let stored = store.tokenIndex > 0 ? analysis.tops[store.tokenIndex - 1] : -1
                var symbol: JSONObject = [
                    "name": .string(store.name),
                    "kind": .int(SymbolKind.variable),
                    "range": document.range(of: analysis.tokens[store.tokenIndex].range, encoding: encoding).json,
                    "selectionRange": document.range(of: store.range, encoding: encoding).json,
                ]
                if stored >= 0 { symbol["detail"] = .string(analysis.description(of: stored, limit: 80)) }
                return .object(symbol)
            }
            return .array(symbols)
        }
    }
}
