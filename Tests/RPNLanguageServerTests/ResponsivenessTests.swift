import Platform
import RPNJSON
import Testing
@testable import RPNLanguageServer

/// The server keeps up: edits waiting one behind the other are analysed once, long requests
/// stop for cancellations and newer versions, and the client is asked to refresh what a
/// configuration change made stale.
@Suite struct ResponsivenessTests {
    static let uri = "file:///t.rpn"

    static func change(_ version: Int, line: Int, text: String, uri: String = uri) -> JSONValue {
        ["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
            "textDocument": ["uri": .string(uri), "version": .int(version)],
            "contentChanges": [["range": ["start": ServerHarness.position(line, 0), "end": ServerHarness.position(line, 0)],
                                "text": .string(text)]],
        ]]
    }

    static func open(_ text: String, uri: String = uri) -> JSONValue {
        ["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": [
            "textDocument": ["uri": .string(uri), "languageId": "rpn", "version": 1, "text": .string(text)],
        ]]
    }

    static func request(_ id: Int, _ method: String, _ params: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params]
    }

    func publishes(_ h: ServerHarness, since: Int = 0) -> [(uri: String, version: Int?, errors: Int)] {
        h.sent[since...].filter { $0["method"] == "textDocument/publishDiagnostics" }.map {
            ($0["params"]?["uri"]?.stringValue ?? "", $0["params"]?["version"]?.intValue,
             $0["params"]?["diagnostics"]?.arrayValue?.count ?? -1)
        }
    }

    @Test func queuedEditsAreAllAppliedAndAnalysedOnce() {
        let h = ServerHarness()
        h.server.enqueue(Self.open("1 2 +\n"))
        // Twenty edits, each adding a line with a division by zero at the top.
        for version in 2...21 { h.server.enqueue(Self.change(version, line: 0, text: "1 0 /\n")) }
        h.server.handleQueued()
        let published = publishes(h)
        #expect(published.count == 1, "\(published)")
        #expect(published.first?.version == 21)
        #expect(published.first?.errors == 20, "the diagnostics are those of the text with every edit")
        #expect(h.server.documents[Self.uri]?.text == String(repeating: "1 0 /\n", count: 20) + "1 2 +\n")
    }

    @Test func editsToTwoDocumentsAreCoalescedEachOnItsOwn() {
        let h = ServerHarness()
        h.server.enqueue(Self.open("1\n", uri: "file:///a.rpn"))
        h.server.enqueue(Self.open("2\n", uri: "file:///b.rpn"))
        for version in 2...6 {
            h.server.enqueue(Self.change(version, line: 0, text: "1 0 /\n", uri: "file:///a.rpn"))
            if version < 4 { h.server.enqueue(Self.change(version, line: 0, text: "0 ln\n", uri: "file:///b.rpn")) }
        }
        h.server.handleQueued()
        let published = publishes(h).sorted { $0.uri < $1.uri }
        #expect(published.map(\.uri) == ["file:///a.rpn", "file:///b.rpn"])
        #expect(published.map(\.version) == [6, 3])
        #expect(published.map(\.errors) == [5, 2])
    }

    /// A request queued between two edits is answered for its own version, from the analysis
    /// before the edits when they left its line alone (OlderAnalysisTests), and only the last
    /// version is published.
    @Test func aHoverBetweenQueuedEditsSeesItsOwnVersion() {
        let h = ServerHarness()
        h.open("7\n3 4 +\n")
        let before = h.sent.count
        h.server.enqueue(Self.change(2, line: 0, text: "1\n"))
        h.server.enqueue(Self.request(50, "textDocument/hover", h.at(2, 4)))
        h.server.enqueue(Self.change(3, line: 0, text: "9 "))
        h.server.handleQueued()
        let hover = h.sent.first { $0["id"] == 50 }
        #expect(hover?["result"]?["contents"]?["value"]?.stringValue?.contains("3+4") == true, "\(String(describing: hover))")
        #expect(span(hover?["result"]?["range"]) == [2, 4, 2, 5])
        #expect(publishes(h, since: before).map(\.version) == [3])
    }

    /// A long request whose document has a newer version waiting yields: the new version is
    /// handled first, then the request is answered with ContentModified.
    @Test(arguments: ["textDocument/semanticTokens/full", "textDocument/documentSymbol", "textDocument/inlayHint"])
    func aLongRequestYieldsToANewerVersion(_ method: String) {
        let h = ServerHarness()
        h.open("1 2 + →x\n")
        let before = h.sent.count
        h.server.enqueue(Self.request(60, method, [
            "textDocument": ["uri": .string(Self.uri)],
            "range": ["start": ServerHarness.position(0, 0), "end": ServerHarness.position(9, 0)],
        ]))
        h.server.enqueue(Self.change(2, line: 0, text: "5 "))
        h.server.handleQueued()
        let answers = h.sent[before...].map { $0["id"] == 60 ? "answer \($0["error"]?["code"]?.intValue ?? 0)" : $0["method"]?.stringValue ?? "?" }
        #expect(answers == ["textDocument/publishDiagnostics", "answer -32801"])
    }

    /// An edit that arrives while a long request works stops it at its next checkpoint.
    @Test func anEditArrivingDuringALongRequestStopsIt() {
        let h = ServerHarness()
        h.open(String(repeating: "1 2 + 3 ×\n", count: 30_000))
        var arrived = false
        h.server.receive = { [unowned h] in
            guard !arrived else { return }
            arrived = true
            h.server.enqueue(Self.change(2, line: 0, text: "5 "))
        }
        let before = h.sent.count
        h.server.handle(Self.request(61, "textDocument/semanticTokens/full", ["textDocument": ["uri": .string(Self.uri)]]))
        #expect(h.sent.count == before, "no answer yet: it comes once the new version is handled")
        h.server.handleQueued()
        let after = h.sent[before...]
        #expect(after.map { $0["method"]?.stringValue ?? "answer" } == ["textDocument/publishDiagnostics", "answer"])
        #expect(after.last?["error"]?["code"] == -32801)
        #expect(after.last?["id"] == 61)
    }

    @Test func aCancellationArrivingDuringALongRequestStopsIt() {
        let h = ServerHarness()
        h.open(String(repeating: "1 2 + 3 ×\n", count: 30_000))
        var polls = 0
        h.server.receive = { [unowned h] in
            polls += 1
            if polls == 2 { h.server.enqueue(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 62]]) }
        }
        let response = h.request("textDocument/semanticTokens/full", ["textDocument": ["uri": .string(Self.uri)]], id: 62)
        #expect(response["error"]?["code"] == -32800)
        #expect(polls >= 2, "the request looked for news while it worked")
        h.server.handleQueued()  // the cancellation itself: no answer
        #expect(h.sent.last?["id"] == 62)
    }

    @Test func aCancellationQueuedBeforeARequestStartsIsAnsweredWithoutWork() {
        let h = ServerHarness()
        h.open("1 2 +")
        let before = h.sent.count
        h.server.enqueue(Self.request(63, "textDocument/semanticTokens/full", ["textDocument": ["uri": .string(Self.uri)]]))
        h.server.enqueue(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 63]])
        h.server.handleQueued()
        #expect(h.sent[before...].map { $0["error"]?["code"] } == [-32800])
    }

    // MARK: - Refresh requests after a configuration change

    static let refreshCapabilities: JSONValue = ["workspace": ["inlayHint": ["refreshSupport": true],
                                                               "semanticTokens": ["refreshSupport": true]]]

    @Test func aConfigurationChangeAsksTheClientToRefresh() {
        let h = ServerHarness(capabilities: Self.refreshCapabilities)
        h.open("30 sin")
        let before = h.sent.count
        h.notify("workspace/didChangeConfiguration", ["settings": ["rpn": ["angleUnit": "degrees"]]])
        let requests = h.sent[before...].filter { $0["id"] != nil && $0["method"] != nil }
        #expect(requests.map { $0["method"]?.stringValue ?? "" } == ["workspace/inlayHint/refresh", "workspace/semanticTokens/refresh"])
        #expect(Set(requests.compactMap { $0["id"].map(JSONSerializer.string) }).count == 2, "each has its own id")
        // The client's answers (a result, an error) are taken in without a word.
        let answered = h.sent.count
        h.server.handle(["jsonrpc": "2.0", "id": requests[0]["id"]!, "result": nil])
        h.server.handle(["jsonrpc": "2.0", "id": requests[1]["id"]!, "error": ["code": -32601, "message": "no"]])
        #expect(h.sent.count == answered)
        #expect(h.server.outgoing.isEmpty)
    }

    @Test func noRefreshWithoutTheClientsSupportOrWithoutAChange() {
        let plain = ServerHarness()
        let before = plain.sent.count
        plain.notify("workspace/didChangeConfiguration", ["settings": ["rpn": ["inlayHints": false]]])
        #expect(plain.sent.count == before)
        let h = ServerHarness(capabilities: Self.refreshCapabilities)
        let unchanged = h.sent.count
        h.notify("workspace/didChangeConfiguration", ["settings": [:]])  // eglot sends this after initialized
        h.notify("workspace/didChangeConfiguration", ["settings": ["rpn": ["angleUnit": "radians"]]])
        #expect(h.sent.count == unchanged)
    }

    // MARK: - processId

    @Test func aProcessIdThatDoesNotExistHereIsNotWatched() {
        let h = ServerHarness(initialize: false)
        _ = h.result("initialize", ["processId": .int(Int(Int32.max)), "capabilities": [:]])  // above any pid_max
        #expect(h.server.clientProcessID == Int32.max)
        #expect(h.server.watchedProcessID == nil)
        let alive = ServerHarness(initialize: false)
        _ = alive.result("initialize", ["processId": .int(Int(getpid())), "capabilities": [:]])
        #expect(alive.server.watchedProcessID == getpid())
    }
}
