/// The one place where a request that only reads an analysis gets one (hover, signature help,
/// completion's candidates, semantic tokens and inlay hints of a range, document symbols,
/// folding). Requests whose answer edits the text (rename, formatting, code actions) or spans
/// the document's every use of a name (references, highlights) take `document.analysis`, made
/// for the current text if need be: their edits must fit the text the client has, and
/// workspace edits name its version.
extension LanguageServer {
    /// Runs `body` on the newest finished analysis: the current one, or, while that is yet to
    /// be made (edits are applied at once, analysed after the requests queued behind them), the
    /// one of an older version, through an `AnalysisView` that moves places across the edits
    /// since. When the body touches a place an edit changed, it is run again on the current
    /// analysis (made now), unless a newer version is already queued: then the answer would be
    /// stale twice over, and the request gets ContentModified (-32801) once that version is
    /// handled, for the client to ask again.
    func answer<Result>(_ document: Document,
                        _ body: (AnalysisView) throws(ResponseError) -> Result) throws(ResponseError) -> Result {
        if let older = document.olderAnalysis {
            do {
                return try body(AnalysisView(analysis: older.analysis, document: document, edits: older.edits))
            } catch {
                guard error.code == ResponseError.contentModified, !isSuperseded(document.uri) else { throw error }
            }
        }
        return try body(AnalysisView(analysis: document.analysis, document: document, edits: nil))
    }
}
