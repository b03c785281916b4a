/// When the analysis of an edited document runs: not before the messages queued behind the
/// edit are handled. Those that read (a hover, completion) are answered from the analysis of
/// the version before when the edits left their lines alone (see `answer`), so they cost
/// microseconds instead of waiting for a whole analysis; those that need the new version make
/// its analysis themselves, and its diagnostics go out right after them. Either way the new
/// version's diagnostics are published after its analysis, once per burst of edits.
///
/// Deterministic: "behind the edit" is what the queue holds once the transport has taken in
/// what has arrived (`receive`), so tests that fill the queue see the same order as a client
/// that writes faster than the server reads.
extension LanguageServer {
    /// After an edit (the document's newest version: none newer is queued): its analysis and
    /// diagnostics now when nothing waits behind it, else once the queue is empty.
    func analyseSoon(_ document: Document) {
        receive()
        guard queue.isEmpty else {
            if !analysesDue.contains(document.uri) { analysesDue.append(document.uri) }
            return
        }
        analyse(document)
    }

    /// The analysis due first, and its diagnostics; false when none is due.
    func analyseNextDue() -> Bool {
        guard !analysesDue.isEmpty else { return false }
        let uri = analysesDue.removeFirst()
        // Closed or out of sync since: nothing to say. (A newer version queued would have kept
        // the queue from being empty.)
        if let document = documents[uri] { analyse(document) }
        return true
    }

    /// The analysis of the document's text, and its diagnostics for a client that does not
    /// pull them. Made for a client that pulls too: until it is, requests would be answered
    /// from the analysis before the edits, and its pull, which comes next, finds it made.
    private func analyse(_ document: Document) {
        _ = document.analysis
        publishDiagnostics(document)
    }

    /// A request that needed the current text made its analysis: its diagnostics go out now
    /// rather than after the rest of the queue.
    func publishAnalysesMadeByRequests() {
        guard !analysesDue.isEmpty else { return }
        for uri in analysesDue {
            guard let document = documents[uri], document.hasAnalysis, !isSuperseded(uri) else { continue }
            publishDiagnostics(document)
        }
    }
}
