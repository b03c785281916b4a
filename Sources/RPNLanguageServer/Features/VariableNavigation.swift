import RPNJSON

/// Variables as symbols: a store `→M` defines M, a bare `M` uses it.
extension LanguageServer {
    func registerVariableNavigation() {
        on("textDocument/definition") { [unowned self] params throws(ResponseError) in
            let (document, offset) = try documentPosition(params)
            guard let occurrence = document.analysis.occurrence(at: offset) else { return .null }
            let stores = document.analysis.occurrences.filter { $0.isStore && $0.name == occurrence.name }
            return .array(stores.map { Location(uri: document.uri, range: document.range(of: $0.range, encoding: encoding)).json })
        }
        on("textDocument/references") { [unowned self] params throws(ResponseError) in
            let (document, offset) = try documentPosition(params)
            guard let occurrence = document.analysis.occurrence(at: offset) else { return .null }
            let includeStores = params?["context"]?["includeDeclaration"]?.boolValue ?? true
            let all = document.analysis.occurrences.filter { $0.name == occurrence.name && (includeStores || !$0.isStore) }
            return .array(all.map { Location(uri: document.uri, range: document.range(of: $0.range, encoding: encoding)).json })
        }
        on("textDocument/documentHighlight") { [unowned self] params throws(ResponseError) in
            let (document, offset) = try documentPosition(params)
            guard let occurrence = document.analysis.occurrence(at: offset) else { return .null }
            let all = document.analysis.occurrences.filter { $0.name == occurrence.name }
            return .array(all.map {
                ["range": document.range(of: $0.range, encoding: encoding).json,
                 "kind": .int($0.isStore ? DocumentHighlightKind.write : DocumentHighlightKind.read)]
            })
        }
    }
}
