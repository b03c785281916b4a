import RPNJSON
import Testing
@testable import RPNLanguageServer

/// A `didChange` the server cannot apply: a range at a place its text does not have (a line
/// past the last, a character past its line's end), or a change it cannot read. The client's
/// text and the server's then differ, and no LSP request asks a client for a document's whole
/// text: the change is rejected, never clamped; the document is out of sync (its diagnostics
/// withdrawn, the user told with `window/showMessage`, requests about it failing with
/// RequestFailed and the reason) until its whole text comes back, in a change without a range
/// or by reopening it.
@Suite struct ChangeOutsideTheTextTests {
    static let uri = "file:///t.rpn"
    /// Line 0 is `1 2 +` (5 units), line 1 is `# 😀` (4 UTF-16 units, 6 bytes), line 2 empty.
    static let text = "1 2 +\n# 😀\n"

    func change(_ h: ServerHarness, _ changes: [JSONValue], version: Int = 2) {
        h.notify("textDocument/didChange", ["textDocument": ["uri": .string(Self.uri), "version": .int(version)],
                                            "contentChanges": .array(changes)])
    }

    static func edit(_ l0: Int, _ c0: Int, _ l1: Int, _ c1: Int, _ text: String) -> JSONValue {
        ["range": ["start": ServerHarness.position(l0, c0), "end": ServerHarness.position(l1, c1)], "text": .string(text)]
    }

    /// (the changes, the reason the log and the errors give)
    static let rejected: [([JSONValue], String)] = [
        ([edit(9, 9, 9, 9, "0 ÷")], "line 9"),                 // far past the end: once appended
        ([edit(3, 0, 3, 0, "7")], "line 3"),                   // the line after the last
        ([edit(2, 1, 2, 1, "7")], "character 1"),              // past the end of the last line
        ([edit(0, 0, 3, 0, "")], "line 3"),                    // its end only
        ([edit(0, 6, 0, 6, "7")], "character 6"),              // past the end of line 0 (5)
        ([edit(1, 5, 1, 5, "7")], "character 5"),              // line 1 is 4 UTF-16 units
        // The changes before a bad one are to text the server had: no matter, the last is lost.
        ([edit(0, 0, 0, 1, "7"), edit(5, 0, 5, 0, "8")], "line 5"),
        // Changes it cannot read: an inverted range, no text.
        ([edit(0, 4, 0, 1, "7")], "ends before it starts"),
        ([edit(0, 0, 0, 1, "7"), ["range": ["start": ServerHarness.position(0, 0), "end": ServerHarness.position(0, 0)]]],
         "needs text"),
        // The whole text after a change it cannot read does not count: that change is lost.
        ([edit(0, 0, 0, 1, "7"), ["range": ["start": ServerHarness.position(0, 0)], "text": "8"], ["text": "9 9 +\n"]],
         "position"),
    ]

    @Test(arguments: rejected)
    func aChangeOutsideTheTextPutsTheDocumentOutOfSync(_ changes: [JSONValue], _ reason: String) throws {
        let h = ServerHarness()
        h.open(Self.text)
        let before = h.sent.count
        change(h, changes)
        let sent = Array(h.sent[before...])
        // Its diagnostics are withdrawn: they are about text the server no longer has.
        let published = sent.filter { $0["method"] == "textDocument/publishDiagnostics" }
        #expect(published.map { $0["params"]?["diagnostics"] } == [[]])
        // The user is told, once, what happened and what to do.
        let shown = sent.filter { $0["method"] == "window/showMessage" }
        #expect(shown.count == 1)
        #expect(shown.first?["params"]?["type"] == 1)
        let message = shown.first?["params"]?["message"]?.stringValue ?? ""
        #expect(message.contains("t.rpn") && message.contains("out of sync") && message.contains("reopen"), "\(message)")
        // The log says why (stderr, never the protocol stream).
        #expect(h.logged.contains { $0.contains("textDocument/didChange") && $0.contains(reason) }, "\(h.logged)")
        // Requests about it fail, saying why, and the server goes on.
        let hover = h.request("textDocument/hover", h.at(0, 0))["error"]
        #expect(hover?["code"] == -32803)
        #expect(hover?["message"]?.stringValue?.contains("out of sync") == true, "\(String(describing: hover))")
        #expect(hover?["message"]?.stringValue?.contains(reason) == true, "\(String(describing: hover))")
        #expect(h.server.documents[Self.uri] == nil, "no text kept that is not the client's")
        // A change with a range cannot bring it back: it is to text the server does not have.
        change(h, [Self.edit(0, 0, 0, 0, "1 ")], version: 3)
        #expect(h.request("textDocument/hover", h.at(0, 0))["error"]?["code"] == -32803)
        // Its whole text does, with the changes after it.
        change(h, [Self.edit(0, 0, 0, 0, "9 "), ["text": "1 0 ÷\n"], Self.edit(0, 0, 0, 0, "2 ")], version: 4)
        let document = try #require(h.server.documents[Self.uri])
        #expect(document.text == "2 1 0 ÷\n")
        #expect(document.version == 4)
        let republished = h.sent.last { $0["method"] == "textDocument/publishDiagnostics" }
        #expect(republished?["params"]?["version"] == 4)
        #expect(republished?["params"]?["diagnostics"]?[0]?["code"] == "division-by-zero")
        #expect(h.request("textDocument/hover", h.at(0, 0))["error"] == nil)
    }

    @Test func reopeningBringsItBack() {
        let h = ServerHarness()
        h.open(Self.text)
        change(h, [Self.edit(9, 0, 9, 0, "x")])
        #expect(h.request("textDocument/hover", h.at(0, 0))["error"]?["code"] == -32803)
        h.notify("textDocument/didClose", ["textDocument": ["uri": .string(Self.uri)]])
        #expect(h.request("textDocument/hover", h.at(0, 0))["error"]?["message"]?.stringValue?.contains("not open") == true)
        h.open("5 6 +\n")
        #expect(h.request("textDocument/hover", h.at(0, 4))["result"]?["contents"] != nil)
    }

    /// (the change, the text after it): the places a text has, to its very end, in UTF-16.
    static let applied: [(JSONValue, String)] = [
        (edit(0, 5, 0, 5, " 3 ×"), "1 2 + 3 ×\n# 😀\n"),            // the end of line 0
        (edit(1, 4, 1, 4, "!"), "1 2 +\n# 😀!\n"),                  // the end of line 1, after the emoji
        (edit(2, 0, 2, 0, "4"), "1 2 +\n# 😀\n4"),                  // the end of the document
        (edit(1, 3, 1, 3, "x"), "1 2 +\n# x😀\n"),                  // inside the emoji's pair: before it
        (edit(0, 0, 2, 0, ""), ""),
    ]

    @Test(arguments: applied)
    func aChangeInsideTheTextIsApplied(_ change: JSONValue, _ expected: String) {
        let h = ServerHarness()
        h.open(Self.text)
        self.change(h, [change])
        #expect(h.server.documents[Self.uri]?.text == expected)
        #expect(!h.sent.contains { $0["method"] == "window/showMessage" })
    }
}
