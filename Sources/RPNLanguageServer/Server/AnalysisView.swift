/// An analysis as a request that only reads sees it: the analysis of the document's text, or,
/// while that is yet to be made, the newest finished one of an older version and the way
/// between its text and the document's (`EditsSinceAnalysis`). Handlers convert every place
/// they read or answer through it, never by hand: `analysed` takes a place of the document to
/// the analysed text, `current` brings one back. Both throw `touched` when an edit since
/// touched the lines of that place, and `LanguageServer.answer` then answers from the current
/// analysis instead, or with ContentModified when a newer version already waits.
struct AnalysisView {
    let analysis: DocumentAnalysis
    let document: Document
    /// The edits since the analysed text; nil: it is the document's.
    let edits: EditsSinceAnalysis?

    /// Whether the analysis is of the document's text as it is.
    var isCurrent: Bool { edits == nil }

    /// The analysed bytes of `range` of the document.
    func analysed(_ range: Swift.Range<Int>) throws(ResponseError) -> Swift.Range<Int> {
        guard let edits else { return range }
        guard let delta = edits.delta(ofCurrent: EditsSinceAnalysis.Lines(holding: range, in: document.bytes)) else {
            throw Self.touched
        }
        return (range.lowerBound - delta)..<(range.upperBound - delta)
    }

    func analysed(_ offset: Int) throws(ResponseError) -> Int { try analysed(offset..<offset).lowerBound }

    /// The document's bytes of `range` of the analysed text.
    func current(_ range: Swift.Range<Int>) throws(ResponseError) -> Swift.Range<Int> {
        guard let edits else { return range }
        guard let delta = edits.delta(ofAnalysed: EditsSinceAnalysis.Lines(holding: range, in: analysis.source.bytes)) else {
            throw Self.touched
        }
        return (range.lowerBound + delta)..<(range.upperBound + delta)
    }

    func current(_ offset: Int) throws(ResponseError) -> Int { try current(offset..<offset).lowerBound }

    /// The place in the analysed text nearest to `offset` of the document, for answers that
    /// need only what comes before a place (see `EditsSinceAnalysis.analysedOffset(near:)`).
    func analysedOffset(near offset: Int) -> Int { edits?.analysedOffset(near: offset) ?? offset }

    /// What a conversion throws for a place an edit touched.
    static let touched = ResponseError(ResponseError.contentModified, "the document changed where the request looks")
}
