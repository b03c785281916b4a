import RPNJSON

/// The queue of messages that have arrived: handled in order, with what long requests need to
/// stop early (see `checkpoint`), and edits waiting one behind the other analysed once.
extension LanguageServer {
    /// Adds a message to the queue; `$/cancelRequest` takes effect at once, for requests
    /// waiting and for the one in progress.
    public func enqueue(_ message: JSONValue) {
        queue.append(message)
    }

    public var hasQueuedMessages: Bool { !queue.isEmpty }

    /// Handles the queued messages in order until none is left and no analysis is due,
    /// `exit` has arrived, or `stop` says so. Edits to one document that wait one behind the
    /// other are all applied, but only the last is analysed and has its diagnostics published
    /// (see DocumentSync), and that once the messages queued behind it have been handled (see
    /// `analyseSoon`).
    public func handleQueued(until stop: () -> Bool = { false }) {
        while exitCode == nil, !stop() {
            if let message = queue.popFirst() {
                handle(message)
                limitRetainedAnalyses()
                publishAnalysesMadeByRequests()
                continue
            }
            receive()  // what has arrived meanwhile is served before the analysis starts
            if queue.isEmpty, !analyseNextDue() { return }
        }
    }

    /// For long requests, every so often: takes in what has arrived, then stops the request
    /// (by throwing) when it has been cancelled (RequestCancelled), or when a newer version
    /// of its document is waiting. Then it yields: the new version is handled first, and the
    /// request, whose answer would describe text that no longer exists, gets ContentModified.
    func checkpoint() throws(ResponseError) {
        guard let current else { return }
        receive()
        if queue.cancelled.contains(current.key) || cancelledByCaller.contains(current.key) {
            throw ResponseError(ResponseError.requestCancelled, "the request was cancelled")
        }
        if let uri = current.uri, queue.hasNewerVersion(of: uri) {
            throw ResponseError(ResponseError.contentModified, "\(uri) changed while the request was being handled")
        }
    }

    /// Whether the document has a newer version waiting in the queue: analysing or publishing
    /// this one would be wasted.
    func isSuperseded(_ uri: String) -> Bool { queue.hasNewerVersion(of: uri) }

    /// Answers the requests that yielded to a newer version of `uri`, now that it is handled.
    func answerYielded(_ uri: String) {
        guard let ids = yielded.removeValue(forKey: uri) else { return }
        for id in ids {
            respond(id: id, error: ResponseError(ResponseError.contentModified, "\(uri) changed; ask again"))
        }
    }
}
