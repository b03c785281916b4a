import RPNJSON
import Testing
@testable import RPNLanguageServer

/// Params a request cannot do without, missing or of the wrong shape: InvalidParams (-32602)
/// naming what is wrong, before anything is done, and the server keeps going.
@Suite struct InvalidParamsTests {
    static let document: JSONValue = ["uri": "file:///t.rpn"]
    static let origin = ServerHarness.position(0, 0)
    static let range: JSONValue = ["start": origin, "end": origin]

    /// (method, params, a word the message must contain)
    static let cases: [(String, JSONValue, String)] = [
        ("textDocument/hover", ["position": origin], "textDocument.uri"),
        ("textDocument/hover", ["textDocument": ["uri": 7], "position": origin], "textDocument.uri"),
        ("textDocument/hover", ["textDocument": document], "position"),
        ("textDocument/hover", ["textDocument": document, "position": ["line": -1, "character": 0]], "position"),
        ("textDocument/completion", ["textDocument": document, "position": ["line": 0]], "position"),
        ("textDocument/definition", ["textDocument": document, "position": "0:0"], "position"),
        ("textDocument/references", ["textDocument": document], "position"),
        ("textDocument/documentHighlight", ["textDocument": document], "position"),
        ("textDocument/prepareRename", ["textDocument": document], "position"),
        ("textDocument/rename", ["textDocument": document, "position": origin], "newName"),
        ("textDocument/rename", ["textDocument": document, "position": origin, "newName": 3], "newName"),
        ("textDocument/documentSymbol", [:], "textDocument.uri"),
        ("textDocument/formatting", ["options": [:]], "textDocument.uri"),
        ("textDocument/rangeFormatting", ["textDocument": document], "range"),
        ("textDocument/codeAction", ["textDocument": document, "context": ["diagnostics": []]], "range"),
        ("textDocument/codeAction", ["textDocument": document, "range": range,
                                     "context": ["diagnostics": [["range": ["start": origin]]]]], "position"),
        ("textDocument/codeLens", ["textDocument": [:]], "textDocument.uri"),
        ("textDocument/foldingRange", [:], "textDocument.uri"),
        ("textDocument/selectionRange", ["textDocument": document], "positions"),
        ("textDocument/selectionRange", ["textDocument": document, "positions": [origin, ["line": 0]]], "position"),
        ("textDocument/inlayHint", ["textDocument": document], "range"),
        ("textDocument/semanticTokens/full", [:], "textDocument.uri"),
        ("textDocument/semanticTokens/full/delta", ["textDocument": document], "previousResultId"),
        ("textDocument/semanticTokens/range", ["textDocument": document, "range": ["end": origin]], "position"),
        ("workspace/executeCommand", ["arguments": []], "command"),
        ("workspace/executeCommand", ["command": "rpn.evaluate", "arguments": [["uri": "file:///t.rpn"]]], "rpn.evaluate takes"),
        ("workspace/executeCommand", ["command": "rpn.evaluate",
                                      "arguments": [["uri": "file:///t.rpn", "range": ["start": origin]]]], "position"),
        ("rpn/evaluate", ["position": origin], "textDocument.uri"),
        ("rpn/describe", ["textDocument": document, "position": ["character": 1]], "position"),
        ("rpn/evaluate", ["text": "x", "variables": 1], "variables"),
    ]

    @Test(arguments: cases)
    func answeredWithInvalidParams(_ method: String, _ params: JSONValue, _ named: String) {
        let h = ServerHarness()
        h.open("1 2 +\n")
        let error = h.request(method, params)["error"]
        #expect(error?["code"] == -32602, "\(method) \(params)")
        #expect(error?["message"]?.stringValue?.contains(named) == true, "\(String(describing: error))")
        #expect(h.request("shutdown")["result"] == .null, "the server keeps going")
    }

    /// A range that ends before it starts is a client's mistake in every request that takes
    /// one: InvalidParams, never a guess at what it meant (swapped ends, an empty range).
    static let backwards: JSONValue = ["start": ServerHarness.position(1, 2), "end": ServerHarness.position(0, 4)]
    static let backwardsOnALine: JSONValue = ["start": ServerHarness.position(0, 4), "end": ServerHarness.position(0, 1)]

    static let invertedRanges: [(String, JSONValue)] = [
        ("textDocument/codeAction", ["textDocument": document, "range": backwards, "context": ["diagnostics": []]]),
        ("textDocument/codeAction", ["textDocument": document, "range": backwardsOnALine, "context": ["diagnostics": []]]),
        ("textDocument/codeAction", ["textDocument": document, "range": range, "context": ["diagnostics": [
            ["range": backwardsOnALine, "code": "unset-variable", "message": "m"]]]]),
        ("textDocument/rangeFormatting", ["textDocument": document, "range": backwards, "options": ["tabSize": 2, "insertSpaces": true]]),
        ("textDocument/inlayHint", ["textDocument": document, "range": backwards]),
        ("textDocument/semanticTokens/range", ["textDocument": document, "range": backwardsOnALine]),
        ("workspace/executeCommand", ["command": "rpn.evaluate", "arguments": [["uri": "file:///t.rpn", "range": backwards]]]),
    ]

    @Test(arguments: invertedRanges)
    func anInvertedRangeIsInvalidParams(_ method: String, _ params: JSONValue) {
        let h = ServerHarness()
        h.open("1 2 +\n3 4 +\n")
        let error = h.request(method, params)["error"]
        #expect(error?["code"] == -32602, "\(method) \(params)")
        #expect(error?["message"]?.stringValue?.contains("ends before it starts") == true, "\(String(describing: error))")
        #expect(h.request("shutdown")["result"] == .null, "the server keeps going")
    }
}
