import RPNJSON
import Testing
@testable import RPNLanguageServer

/// Requests queued behind an edit do not wait for the analysis of the new version: those that
/// only read are answered from the analysis before it, their places moved across the edit,
/// when it left their lines alone; the analysis and its diagnostics come after them. Requests
/// whose lines it touched get the new version's analysis, or ContentModified when a newer
/// version waits; requests that edit the text always see the new version.
@Suite struct OlderAnalysisTests {
    static let uri = "file:///t.rpn"

    /// A didChange replacing `[line, character, line, character]` by `text`.
    static func edit(_ version: Int, _ range: [Int], _ text: String) -> JSONValue {
        ["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
            "textDocument": ["uri": .string(uri), "version": .int(version)],
            "contentChanges": [["range": ["start": ServerHarness.position(range[0], range[1]),
                                          "end": ServerHarness.position(range[2], range[3])],
                                "text": .string(text)]],
        ]]
    }

    static func request(_ id: Int, _ method: String, _ params: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params]
    }

    /// What was sent since `mark`: `answer ID` for responses, the method for the rest.
    static func order(_ h: ServerHarness, since mark: Int) -> [String] {
        h.sent[mark...].map { message in
            message["method"]?.stringValue ?? "answer \(message["id"]?.intValue ?? -1)"
        }
    }

    static func answer(_ h: ServerHarness, _ id: Int) -> JSONValue? { h.sent.first { $0["id"] == .int(id) && $0["method"] == nil } }

    @Test func aHoverBehindAnEditIsAnsweredFromTheAnalysisBeforeIt() {
        let h = ServerHarness()
        h.open("5 →x\nx 1 +\n")
        let mark = h.sent.count
        h.server.enqueue(Self.edit(2, [0, 0, 0, 1], "7"))  // x becomes 7: x 1 + is 8 once analysed
        h.server.enqueue(Self.request(70, "textDocument/hover", h.at(1, 4)))
        h.server.handleQueued()
        #expect(Self.order(h, since: mark) == ["answer 70", "textDocument/publishDiagnostics"],
                "the hover first, then the analysis of version 2")
        let hover = Self.answer(h, 70)?["result"]
        #expect(span(hover?["range"]) == [1, 4, 1, 5])
        let value = hover?["contents"]?["value"]?.stringValue ?? ""
        #expect(value.contains("x+1") && value.contains("= 6"), "\(value)")
        // Now that version 2 is analysed, the same hover has its value.
        #expect(h.result("textDocument/hover", h.at(1, 4))["contents"]?["value"]?.stringValue?.contains("= 8") == true)
    }

    @Test func aLineInsertedAboveMovesTheAnswersRange() {
        let h = ServerHarness()
        h.open("x 2 +\n")
        let mark = h.sent.count
        h.server.enqueue(Self.edit(2, [0, 0, 0, 0], "5 →x\n"))
        h.server.enqueue(Self.request(71, "textDocument/hover", h.at(1, 4)))
        h.server.enqueue(Self.request(72, "textDocument/hover", h.at(1, 0)))
        h.server.handleQueued()
        #expect(Self.order(h, since: mark) == ["answer 71", "answer 72", "textDocument/publishDiagnostics"])
        #expect(span(Self.answer(h, 71)?["result"]?["range"]) == [1, 4, 1, 5], "the + on the line below, where it is now")
        let value = Self.answer(h, 71)?["result"]?["contents"]?["value"]?.stringValue ?? ""
        #expect(value.contains("x+2") && !value.contains("= 7"), "the analysis before the store of x: \(value)")
        #expect(span(Self.answer(h, 72)?["result"]?["range"]) == [1, 0, 1, 1])
    }

    /// The hover's own line changed and a newer version waits: ContentModified, after that
    /// version is handled (before, it answered for its own version by analysing it).
    @Test func aHoverOnALineTheEditTouchedYieldsToANewerVersion() {
        let h = ServerHarness()
        h.open("7\n")
        let mark = h.sent.count
        h.server.enqueue(Self.edit(2, [0, 0, 0, 0], "3 4 + "))
        h.server.enqueue(Self.request(73, "textDocument/hover", h.at(0, 4)))
        h.server.enqueue(Self.edit(3, [0, 0, 0, 0], "9 "))
        h.server.handleQueued()
        #expect(Self.answer(h, 73)?["error"]?["code"] == -32801)
        #expect(Self.order(h, since: mark) == ["textDocument/publishDiagnostics", "answer 73"])
        #expect(h.sent[mark]["params"]?["version"] == 3, "only the newest version is analysed")
    }

    /// With no newer version waiting, a request whose line the edit touched gets the new
    /// version's analysis, made for it; the diagnostics follow at once.
    @Test func aHoverOnALineTheEditTouchedIsAnsweredForTheNewVersion() {
        let h = ServerHarness()
        h.open("1 2 +\n")
        let mark = h.sent.count
        h.server.enqueue(Self.edit(2, [0, 0, 0, 0], "9 "))
        h.server.enqueue(Self.request(74, "textDocument/hover", h.at(0, 6)))
        h.server.enqueue(Self.request(75, "textDocument/hover", h.at(0, 0)))
        h.server.handleQueued()
        #expect(Self.order(h, since: mark) == ["answer 74", "textDocument/publishDiagnostics", "answer 75"])
        #expect(span(Self.answer(h, 74)?["result"]?["range"]) == [0, 6, 0, 7])
        #expect(Self.answer(h, 74)?["result"]?["contents"]?["value"]?.stringValue?.contains("1+2 = 3") == true)
    }

    @Test func completionOfAWordJustTypedComesBeforeTheAnalysis() {
        let h = ServerHarness()
        h.open(": hyp ( a b -- c ) a a × b b × + √ ;\n3 4 \n")
        let mark = h.sent.count
        h.server.enqueue(Self.edit(2, [1, 4, 1, 4], "h"))
        h.server.enqueue(Self.request(76, "textDocument/completion", h.at(1, 5)))
        h.server.handleQueued()
        #expect(Self.order(h, since: mark) == ["answer 76", "textDocument/publishDiagnostics"])
        let items = Self.answer(h, 76)?["result"]?["items"]?.arrayValue ?? []
        let hyp = items.first { $0["label"] == "hyp" }
        #expect(hyp?["detail"] == "( a b -- c )", "the word from the analysis before the keystroke")
        #expect(span(hyp?["textEdit"]?["range"]) == [1, 4, 1, 5], "replacing the h typed")
        #expect(!items.contains { $0["label"] == "h" }, "what is being typed is no variable")
    }

    /// The variables of the line being typed are read from the document, not from the
    /// analysis before the keystroke (which had `abd` where `abx ab` is now).
    @Test func completionReadsTheLineBeingTypedFromTheDocument() {
        let h = ServerHarness()
        h.open("1 →abc\nabd\n")
        let mark = h.sent.count
        h.server.enqueue(Self.edit(2, [1, 0, 1, 3], "abx ab"))
        h.server.enqueue(Self.request(77, "textDocument/completion", h.at(1, 6)))
        h.server.handleQueued()
        #expect(Self.order(h, since: mark) == ["answer 77", "textDocument/publishDiagnostics"])
        let labels = Set((Self.answer(h, 77)?["result"]?["items"]?.arrayValue ?? []).compactMap { $0["label"]?.stringValue })
        #expect(labels.isSuperset(of: ["abc", "abx"]), "\(labels)")
        #expect(!labels.contains("abd"), "gone from the text")
        #expect(!labels.contains("ab"), "being typed")
    }

    @Test func renameSeesTheEditsBeforeIt() {
        let h = ServerHarness()
        h.open("1 →x\nx\n")
        h.server.enqueue(Self.edit(2, [0, 0, 0, 0], "x "))  // `x 1 →x`: a read of x more
        h.server.enqueue(Self.request(78, "textDocument/rename", [
            "textDocument": ["uri": .string(Self.uri)], "position": ServerHarness.position(1, 0), "newName": "y",
        ]))
        h.server.handleQueued()
        let edits = Self.answer(h, 78)?["result"]?["changes"]?[Self.uri]?.arrayValue ?? []
        #expect(edits.map { span($0["range"]) }.sorted { $0.lexicographicallyPrecedes($1) }
                == [[0, 0, 0, 1], [0, 5, 0, 6], [1, 0, 1, 1]], "\(edits)")
    }

    @Test func documentSymbolsBehindAnEditAreMoved() {
        let h = ServerHarness()
        h.open("1 →a\n2 →b\n")
        let mark = h.sent.count
        h.server.enqueue(Self.edit(2, [0, 0, 0, 0], "3\n"))
        h.server.enqueue(Self.request(79, "textDocument/documentSymbol", ["textDocument": ["uri": .string(Self.uri)]]))
        h.server.handleQueued()
        #expect(Self.order(h, since: mark) == ["answer 79", "textDocument/publishDiagnostics"])
        let symbols = Self.answer(h, 79)?["result"]?.arrayValue ?? []
        #expect(symbols.map { $0["name"]?.stringValue ?? "" } == ["a", "b"])
        #expect(symbols.map { span($0["range"]) } == [[1, 2, 1, 4], [2, 2, 2, 4]])
    }

    @Test func semanticTokensOfARangeBelowAnEditAreMoved() {
        let h = ServerHarness()
        h.open(": dbl dup + ;\n2 dbl\n")
        let mark = h.sent.count
        h.server.enqueue(Self.edit(2, [0, 0, 0, 0], "1\n"))
        h.server.enqueue(Self.request(80, "textDocument/semanticTokens/range", [
            "textDocument": ["uri": .string(Self.uri)],
            "range": ["start": ServerHarness.position(2, 0), "end": ServerHarness.position(3, 0)],
        ]))
        h.server.handleQueued()
        #expect(Self.order(h, since: mark) == ["answer 80", "textDocument/publishDiagnostics"])
        // `2` a number on line 2, then `dbl` a function (the word): the name resolved by the
        // analysis before the edit, where it is now.
        #expect(Self.answer(h, 80)?["result"]?["data"] == [2, 0, 1, 0, 0, 0, 2, 3, 2, 0])
    }

    @Test func inlayHintsOfARangeBelowAnEditAreMoved() {
        let h = ServerHarness()
        h.open("1 2 +\n3 4 ×\n")
        let mark = h.sent.count
        h.server.enqueue(Self.edit(2, [0, 0, 0, 0], "5\n"))
        h.server.enqueue(Self.request(81, "textDocument/inlayHint", [
            "textDocument": ["uri": .string(Self.uri)],
            "range": ["start": ServerHarness.position(2, 0), "end": ServerHarness.position(3, 0)],
        ]))
        h.server.handleQueued()
        #expect(Self.order(h, since: mark) == ["answer 81", "textDocument/publishDiagnostics"])
        let hints = Self.answer(h, 81)?["result"]?.arrayValue ?? []
        #expect(hints.map { [$0["position"]?["line"]?.intValue ?? -1, $0["position"]?["character"]?.intValue ?? -1] } == [[2, 5]])
        #expect(hints.first?["label"]?.stringValue?.hasPrefix("⇒ 3×4 = 12") == true)
    }

    @Test func signatureHelpBehindAnEditAboveIsAnswered() {
        let h = ServerHarness()
        h.open(": hyp ( a b -- c ) a a × b b × + √ ;\n3 4 hyp\n")
        let mark = h.sent.count
        h.server.enqueue(Self.edit(2, [0, 0, 0, 0], "# hyp\n"))
        h.server.enqueue(Self.request(82, "textDocument/signatureHelp", h.at(2, 0)))
        h.server.handleQueued()
        #expect(Self.order(h, since: mark) == ["answer 82", "textDocument/publishDiagnostics"])
        let help = Self.answer(h, 82)?["result"]
        #expect(help?["signatures"]?[0]?["label"] == "hyp ( a b -- c )")
        #expect(help?["activeParameter"] == 0, "on the 3: a")
    }

    @Test func foldingRangesBehindAnEditAreOfTheNewText() {
        let h = ServerHarness()
        h.open(": sq\n  dup ×\n;\n")
        let mark = h.sent.count
        h.server.enqueue(Self.edit(2, [0, 0, 0, 0], "1\n\n"))
        h.server.enqueue(Self.request(83, "textDocument/foldingRange", ["textDocument": ["uri": .string(Self.uri)]]))
        h.server.handleQueued()
        #expect(Self.order(h, since: mark) == ["answer 83", "textDocument/publishDiagnostics"])
        let folds = Self.answer(h, 83)?["result"]?.arrayValue ?? []
        #expect(folds.map { [$0["startLine"]?.intValue ?? -1, $0["endLine"]?.intValue ?? -1] } == [[2, 4]])
    }

    /// A client that pulls diagnostics is pushed none, but the new version is analysed after
    /// the requests behind the edit all the same: answers from the version before stop there.
    @Test func theNewVersionIsAnalysedForAClientThatPullsToo() throws {
        let h = ServerHarness(capabilities: PullDiagnosticsTests.pulling)
        h.open("1 2 +\n")
        _ = h.result("textDocument/diagnostic", ["textDocument": ["uri": .string(Self.uri)]])
        let mark = h.sent.count
        h.server.enqueue(Self.edit(2, [0, 0, 0, 0], "7\n"))
        h.server.enqueue(Self.request(85, "textDocument/hover", h.at(1, 4)))
        h.server.handleQueued()
        #expect(Self.order(h, since: mark) == ["answer 85"])
        #expect(span(Self.answer(h, 85)?["result"]?["range"]) == [1, 4, 1, 5])
        let document = try #require(h.server.documents[Self.uri])
        #expect(document.hasAnalysis && document.olderAnalysis == nil)
    }

    /// A setting that changes what the analysis computes makes the one before it useless.
    @Test func aSettingChangedSinceTheAnalysisMakesRequestsWait() {
        let h = ServerHarness()
        h.open("30 sin\n1\n")
        h.server.enqueue(Self.edit(2, [1, 0, 1, 1], "2"))
        // Not analysed at once: a newer version waits behind it.
        h.server.enqueue(["jsonrpc": "2.0", "method": "workspace/didChangeConfiguration",
                          "params": ["settings": ["rpn": ["angleUnit": "degrees"]]]])
        h.server.enqueue(Self.edit(3, [1, 0, 1, 1], "3"))
        h.server.enqueue(Self.request(84, "textDocument/hover", h.at(0, 4)))
        h.server.handleQueued()
        let value = Self.answer(h, 84)?["result"]?["contents"]?["value"]?.stringValue ?? ""
        #expect(value.contains("Here in degrees"), "\(value)")
    }

    /// A document's edits are recorded against the analysis they follow: none while it is
    /// current, every one since it once it is stale, and none after a setting changes.
    @Test func theDocumentKeepsTheEditsSinceItsNewestAnalysis() throws {
        let document = Document(uri: Self.uri, version: 1, text: "1 2 +\n")
        #expect(document.olderAnalysis == nil, "no analysis yet")
        _ = document.analysis
        try document.apply(TextDocumentContentChangeEvent(range: Range(start: Position(line: 0, character: 0),
                                                                       end: Position(line: 0, character: 0)), text: "7\n"),
                           encoding: .utf16)
        try document.apply(TextDocumentContentChangeEvent(range: nil, text: "7\n1 2 +\n3\n"), encoding: .utf16)
        let older = try #require(document.olderAnalysis)
        #expect(older.analysis.source.bytes == Array("1 2 +\n".utf8))
        #expect(older.edits.replacements == [
            TextReplacement(range: 0..<0, count: 2, endsAtLineStart: true),
            TextReplacement(range: 8..<8, count: 2, endsAtLineStart: true),  // the whole text, as what changed
        ])
        _ = document.analysis
        #expect(document.olderAnalysis == nil, "the current analysis answers")
        document.angleUnit = .degrees
        #expect(document.olderAnalysis == nil, "made with the other unit")
    }
}
