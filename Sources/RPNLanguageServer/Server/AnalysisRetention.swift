/// How long analyses are kept. An analysis holds the document's expression forest (32 bytes
/// per number, variable or operation: 7-8 bytes per byte of typical text), so only documents
/// in use keep one: at most `retainedAnalyses` of them, each for at most `analysisRetention`
/// after it was last asked for. A document without one keeps its text and line index and
/// makes the analysis again when a request needs it (about 25 ms for 10^5 lines).
extension LanguageServer {
    static let retainedAnalyses = 3

    /// Keeps the analyses of the most recently used documents only.
    func limitRetainedAnalyses() {
        let analysed = documents.all.filter(\.hasAnalysis)
        guard analysed.count > Self.retainedAnalyses else { return }
        for document in analysed.sorted(by: { $0.lastUsed > $1.lastUsed }).dropFirst(Self.retainedAnalyses) {
            if document.releaseAnalysis() { freedMemory = true }
        }
    }

    /// Lets go of analyses unused since `analysisRetention` before `now`; returns how long
    /// until the next one is due (nil: none is kept).
    public func releaseIdleAnalyses(now: ContinuousClock.Instant = .now) -> Duration? {
        var next: Duration?
        for document in documents.all where document.hasAnalysis {
            let due = document.lastUsed + analysisRetention
            if due <= now {
                if document.releaseAnalysis() { freedMemory = true }
            } else {
                next = min(next ?? .seconds(3600), due - now)
            }
        }
        return next
    }
}
