/// The open documents by URI.
final class DocumentStore {
    private var documents: [String: Document] = [:]

    subscript(uri: String) -> Document? { documents[uri] }

    func open(_ document: Document) { documents[document.uri] = document }

    @discardableResult
    func close(_ uri: String) -> Document? { documents.removeValue(forKey: uri) }

    var all: [Document] { Array(documents.values) }
}
