import RPNJSON

/// Variables as symbols: a store `→M` defines M, a bare `M` uses it.
extension LanguageServer {
    func registerVariableNavigation() {
        on(DefinitionRequest.self) { [unowned self] request throws(ResponseError) in
            let (document, offset) = try documentPosition(request)
            guard let occurrence = document.analysis.occurrence(at: offset) else { return nil }
            let stores = document.analysis.occurrences.filter { $0.isStore && $0.name == occurrence.name }
            return stores.map { Location(uri: document.uri, range: document.range(of: $0.range, encoding: encoding)) }
        }
        on(ReferencesRequest.self) { [unowned self] request throws(ResponseError) in
            let (document, offset) = try documentPosition(request)
            guard let occurrence = document.analysis.occurrence(at: offset) else { return nil }
            let all = document.analysis.occurrences.filter {
                $0.name == occurrence.name && (request.includeDeclaration || !$0.isStore)
            }
            return all.map { Location(uri: document.uri, range: document.range(of: $0.range, encoding: encoding)) }
        }
        on(DocumentHighlightRequest.self) { [unowned self] request throws(ResponseError) in
            let (document, offset) = try documentPosition(request)
            guard let occurrence = document.analysis.occurrence(at: offset) else { return nil }
            let all = document.analysis.occurrences.filter { $0.name == occurrence.name }
            return all.map {
                DocumentHighlight(range: document.range(of: $0.range, encoding: encoding),
                                  kind: $0.isStore ? DocumentHighlightKind.write : DocumentHighlightKind.read)
            }
        }
    }
}
