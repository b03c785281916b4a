import RPNJSON
import Testing
@testable import RPNLanguageServer

/// Analyses (the expression forest of a document) are kept for documents in use only, and go
/// with their document when it closes; answers do not change when one is made again.
@Suite struct AnalysisRetentionTests {
    static let text = "7 M + √\n9 →M 14 +\n"

    func hover(_ h: ServerHarness, uri: String = "file:///t.rpn") -> String? {
        h.result("textDocument/hover", h.at(0, 6, uri: uri))["contents"]?["value"]?.stringValue
    }

    @Test func anIdleAnalysisIsLetGoAndMadeAgainWhenAsked() {
        let h = ServerHarness()
        h.open(Self.text)
        let before = hover(h)
        let document = h.server.documents["file:///t.rpn"]!
        #expect(document.hasAnalysis)
        #expect(h.server.releaseIdleAnalyses(now: .now) != nil, "kept for now, and a time is due")
        #expect(document.hasAnalysis)
        #expect(h.server.releaseIdleAnalyses(now: .now + h.server.analysisRetention + .seconds(1)) == nil)
        #expect(!document.hasAnalysis)
        #expect(h.server.freedMemory)
        #expect(hover(h) == before)
        #expect(before?.contains("√(7+M) = 4") == true, "\(String(describing: before))")
    }

    @Test func onlyTheMostRecentlyUsedDocumentsKeepAnAnalysis() {
        let h = ServerHarness()
        let uris = (0..<6).map { "file:///\($0).rpn" }
        for uri in uris {
            h.server.enqueue(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": [
                "textDocument": ["uri": .string(uri), "languageId": "rpn", "version": 1, "text": .string(Self.text)]]])
        }
        h.server.handleQueued()
        let analysed = uris.filter { h.server.documents[$0]!.hasAnalysis }
        #expect(analysed == Array(uris.suffix(LanguageServer.retainedAnalyses)))
        // Each was analysed and published: M is read on line 1 before its store on line 2.
        #expect(h.diagnostics(uris[0]).map { $0["code"]?.stringValue } == ["read-before-store"])
    }

    @Test func closingADocumentFreesItsAnalysis() {
        let h = ServerHarness()
        h.open(Self.text)
        weak var analysis = h.server.documents["file:///t.rpn"]?.analysis
        #expect(analysis != nil)
        h.notify("textDocument/didClose", ["textDocument": ["uri": "file:///t.rpn"]])
        #expect(analysis == nil)
        #expect(h.server.freedMemory)
    }
}
