import RPNJSON
import Testing
@testable import RPNLanguageServer

/// Pull diagnostics (LSP 3.17, issue 17): `textDocument/diagnostic` and `workspace/diagnostic`
/// for clients that announce `textDocument.diagnostic`, with result ids and `unchanged`
/// reports; push (`publishDiagnostics`) for the others; never both to one client.
@Suite struct PullDiagnosticsTests {
    static let pulling: JSONValue = ["textDocument": ["diagnostic": ["dynamicRegistration": false]]]
    static let uri = "file:///t.rpn"

    static func pull(_ h: ServerHarness, _ previous: String? = nil, uri: String = uri) -> JSONValue {
        var params: JSONObject = ["textDocument": ["uri": .string(uri)]]
        if let previous { params["previousResultId"] = .string(previous) }
        return h.result("textDocument/diagnostic", .object(params))
    }

    static func codes(_ report: JSONValue) -> [String] {
        report["items"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
    }

    static func publishes(_ h: ServerHarness) -> Int {
        h.sent.filter { $0["method"]?.stringValue == "textDocument/publishDiagnostics" }.count
    }

    /// (the client's capabilities, what `initialize` offers at diagnosticProvider): only a
    /// client that announces pull support (an object, as the specification has it) is offered it.
    static let offered: JSONValue = ["interFileDependencies": false, "workspaceDiagnostics": true]

    @Test(arguments: [
        (pulling, offered),
        (["textDocument": ["diagnostic": [:]]] as JSONValue, offered),
        ([:] as JSONValue, nil),
        (["textDocument": ["diagnostic": true]] as JSONValue, nil),
        (["textDocument": ["publishDiagnostics": ["versionSupport": true]]] as JSONValue, nil),
    ] as [(JSONValue, JSONValue?)])
    func diagnosticProviderIsOfferedToClientsThatPull(_ capabilities: JSONValue, _ expected: JSONValue?) {
        let h = ServerHarness(initialize: false)
        let offered = h.result("initialize", ["capabilities": capabilities])["capabilities"]
        #expect(offered?["diagnosticProvider"] == expected)
    }

    /// (the client's capabilities, whether it is pushed diagnostics): on open, on change and
    /// (the empty list) on close.
    @Test(arguments: [(pulling, false), ([:] as JSONValue, true)] as [(JSONValue, Bool)])
    func aClientThatPullsIsPushedNothing(_ capabilities: JSONValue, _ pushed: Bool) {
        let h = ServerHarness(capabilities: capabilities)
        h.open("1 0 ÷")
        h.notify("textDocument/didChange", ["textDocument": ["uri": .string(Self.uri), "version": 2],
                                            "contentChanges": [["text": "2 0 ÷"]]])
        h.notify("textDocument/didClose", ["textDocument": ["uri": .string(Self.uri)]])
        #expect(Self.publishes(h) == (pushed ? 3 : 0))
    }

    /// A result id stands for the text and settings it was given for: the same id while they
    /// stay (`unchanged` when the client has it, the full report under it when it has
    /// another), a new one after an edit, a setting that changes diagnostics, or a reopening.
    @Test func resultIdsFollowTheTextAndSettings() {
        let h = ServerHarness(capabilities: Self.pulling)
        h.open("1 90 cos ÷")
        let first = Self.pull(h)
        #expect(first["kind"] == "full" && Self.codes(first) == [])
        let id = first["resultId"]?.stringValue ?? ""
        #expect(!id.isEmpty)
        #expect(Self.pull(h, id) == ["kind": "unchanged", "resultId": .string(id)])
        let other = Self.pull(h, "not-an-id")
        #expect(other["kind"] == "full" && other["resultId"] == .string(id), "nothing changed: the same id")

        h.notify("textDocument/didChange", ["textDocument": ["uri": .string(Self.uri), "version": 2],
                                            "contentChanges": [["text": "1 0 ÷"]]])
        let edited = Self.pull(h, id)
        let editedID = edited["resultId"]?.stringValue ?? ""
        #expect(edited["kind"] == "full" && Self.codes(edited) == ["division-by-zero"] && editedID != id)
        #expect(Self.pull(h, editedID)["kind"] == "unchanged")

        h.notify("textDocument/didChange", ["textDocument": ["uri": .string(Self.uri), "version": 3],
                                            "contentChanges": [["text": "1 90 cos ÷"]]])
        let back = Self.pull(h)["resultId"]?.stringValue ?? ""
        h.notify("workspace/didChangeConfiguration", ["settings": ["rpn": ["angleUnit": "degrees"]]])
        let degrees = Self.pull(h, back)
        #expect(degrees["kind"] == "full" && Self.codes(degrees) == ["division-by-zero"], "cos 90° is 0")
        let degreesID = degrees["resultId"]?.stringValue ?? ""
        #expect(![id, editedID, back].contains(degreesID))

        h.notify("textDocument/didClose", ["textDocument": ["uri": .string(Self.uri)]])
        h.open("1 90 cos ÷")
        let reopened = Self.pull(h, degreesID)
        #expect(reopened["kind"] == "full" && reopened["resultId"]?.stringValue != degreesID)
    }

    /// `unchanged` is said without analysing the document again (its analysis let go).
    @Test func anUnchangedReportNeedsNoAnalysis() throws {
        let h = ServerHarness(capabilities: Self.pulling)
        h.open("1 2 +")
        let id = Self.pull(h)["resultId"]?.stringValue
        let document = try #require(h.server.documents[Self.uri])
        document.releaseAnalysis()
        #expect(Self.pull(h, id)["kind"] == "unchanged")
        #expect(!document.hasAnalysis)
    }

    /// The open documents, in the order of their URIs, each with its version: `unchanged` for
    /// those whose id the client sends, full for the others.
    @Test func workspaceDiagnosticsReportTheOpenDocuments() {
        let h = ServerHarness(capabilities: Self.pulling)
        h.open("1 0 ÷", uri: "file:///b.rpn")
        h.open("√", uri: "file:///a.rpn")
        let all = h.result("workspace/diagnostic", ["previousResultIds": []])["items"]?.arrayValue ?? []
        #expect(all.map { $0["uri"]?.stringValue ?? "" } == ["file:///a.rpn", "file:///b.rpn"])
        #expect(all.map { $0["kind"] } == ["full", "full"] && all.map { $0["version"] } == [1, 1])
        #expect(all.map(Self.codes) == [["missing-operand"], ["division-by-zero"]])
        let ids = all.map { $0["resultId"] ?? .null }

        h.notify("textDocument/didChange", ["textDocument": ["uri": "file:///b.rpn", "version": 5],
                                            "contentChanges": [["text": "1 2 ÷"]]])
        let previous: [JSONValue] = [["uri": "file:///a.rpn", "value": ids[0]], ["uri": "file:///b.rpn", "value": ids[1]]]
        let again = h.result("workspace/diagnostic", ["previousResultIds": .array(previous)])["items"]?.arrayValue ?? []
        #expect(again.map { $0["kind"] } == ["unchanged", "full"])
        #expect(again[0] == ["kind": "unchanged", "resultId": ids[0], "uri": "file:///a.rpn", "version": 1])
        #expect(again[1]["version"] == 5 && Self.codes(again[1]) == [] && again[1]["resultId"] != ids[1])
        // The document request and the workspace request share the ids.
        #expect(Self.pull(h, ids[0].stringValue, uri: "file:///a.rpn")["kind"] == "unchanged")
    }

    @Test(arguments: [
        ("textDocument/diagnostic", ["textDocument": ["uri": "file:///t.rpn"], "previousResultId": 3], "previousResultId"),
        ("textDocument/diagnostic", [:], "textDocument.uri"),
        ("workspace/diagnostic", [:], "previousResultIds"),
        ("workspace/diagnostic", ["previousResultIds": [["uri": "file:///t.rpn"]]], "uri and a value"),
    ] as [(String, JSONValue, String)])
    func invalidParamsSayWhatIsWrong(_ method: String, _ params: JSONValue, _ named: String) {
        let h = ServerHarness(capabilities: Self.pulling)
        h.open("1")
        let error = h.request(method, params)["error"]
        #expect(error?["code"] == -32602)
        #expect(error?["message"]?.stringValue?.contains(named) == true, "\(error.map(JSONSerializer.string) ?? "")")
    }

    /// (the client's capabilities, the requests a change of angle unit sends it): a client
    /// that pulls and can be asked to refresh is asked to pull again; one that is pushed
    /// diagnostics is pushed the new ones instead.
    @Test(arguments: [
        (["textDocument": ["diagnostic": [:]], "workspace": ["diagnostics": ["refreshSupport": true]]] as JSONValue,
         ["workspace/diagnostic/refresh"]),
        (pulling, []),
        (["workspace": ["diagnostics": ["refreshSupport": true]]] as JSONValue, []),
    ] as [(JSONValue, [String])])
    func aSettingThatChangesDiagnosticsAsksAPullingClientToRefresh(_ capabilities: JSONValue, _ expected: [String]) {
        let h = ServerHarness(capabilities: capabilities)
        h.open("1 90 cos ÷")
        let before = h.sent.count
        h.notify("workspace/didChangeConfiguration", ["settings": ["rpn": ["angleUnit": "degrees"]]])
        let requests = h.sent[before...].filter { $0["id"] != nil }.compactMap { $0["method"]?.stringValue }
        #expect(requests == expected)
        h.notify("workspace/didChangeConfiguration", ["settings": ["rpn": ["display": ["digits": 5]]]])
        #expect(h.sent[before...].filter { $0["id"] != nil }.count == expected.count, "values' display: no diagnostics change")
    }
}
