import RPNCore
import RPNJSON

extension LanguageServer {
    /// One symbol per store, with the expression it stores; from the document's analysis,
    /// one pass over its tokens.
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
            var symbols: [DocumentSymbol] = []
            symbols.reserveCapacity(stores.count)
            for store in stores {
                let token = analysis.tokens[store.token]
                let name = token.storeNameRange(in: analysis.source)
                let start = sweep.position(of: token.range.lowerBound)
                let nameStart = sweep.position(of: name.lowerBound)
                let end = sweep.position(of: token.range.upperBound)
                let detail = store.stored < 0 ? nil
                    : String(decoding: printer.describe([store.stored]).bytes, as: UTF8.self)
                symbols.append(DocumentSymbol(name: analysis.source.text(of: name), kind: SymbolKind.variable,
                                              range: Range(start: start, end: end),
                                              selectionRange: Range(start: nameStart, end: end), detail: detail))
                if symbols.count & 1023 == 0 { try checkpoint() }
            }
            return symbols
        }
    }
}
