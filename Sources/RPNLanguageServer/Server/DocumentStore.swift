/// The open documents by URI, and those the server has lost track of: open in the client,
/// but after a change the server could not apply, their text here is not the client's.
final class DocumentStore {
    private var documents: [String: Document] = [:]
    /// Why each document out of sync is (see DocumentSync).
    private var outOfSync: [String: String] = [:]

    subscript(uri: String) -> Document? { documents[uri] }

    /// A document's text, whole: open, or in sync again.
    func open(_ document: Document) {
        documents[document.uri] = document
        outOfSync[document.uri] = nil
    }

    @discardableResult
    func close(_ uri: String) -> Document? {
        outOfSync[uri] = nil
        return documents.removeValue(forKey: uri)
    }

    /// Drops a document's text, which is no longer the client's; `reason` says why.
    func loseTrack(of uri: String, because reason: String) {
        documents[uri] = nil
        outOfSync[uri] = reason
    }

    /// Why a document is out of sync; nil when it is in sync or not open.
    func outOfSyncReason(_ uri: String) -> String? { outOfSync[uri] }

    var all: [Document] { Array(documents.values) }
}
