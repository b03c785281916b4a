import RPNJSON
import RPNTestSupport
import Testing
@testable import RPNLanguageServer

/// Positions after characters that are one UTF-16 unit but several UTF-8 bytes (√ π × ÷ −)
/// and after an emoji (two UTF-16 units), in both encodings, and edits that insert and
/// delete such characters.
@Suite struct DocumentTests {
    static let text = "# 😀 π\n√ π × 1 0 ÷\n"

    @Test func diagnosticsUseUTF16Columns() {
        let h = ServerHarness()
        h.open(Self.text)
        let division = h.diagnostics().first { $0["code"] == "division-by-zero" }
        #expect(span(division?["range"]) == [1, 10, 1, 11])
        #expect(division?["source"] == "rpn")
        #expect(division?["severity"] == 1)
    }

    @Test func diagnosticsUseUTF8ColumnsWhenNegotiated() {
        let h = ServerHarness(capabilities: ["general": ["positionEncodings": ["utf-8"]]])
        h.open(Self.text)
        let division = h.diagnostics().first { $0["code"] == "division-by-zero" }
        #expect(span(division?["range"]) == [1, 14, 1, 16])  // √ π × are 3+2+2 bytes, ÷ is 2
    }

    func change(_ h: ServerHarness, _ range: [Int], _ text: String, version: Int) {
        h.notify("textDocument/didChange", [
            "textDocument": ["uri": "file:///t.rpn", "version": .int(version)],
            "contentChanges": [["range": ["start": ServerHarness.position(range[0], range[1]),
                                          "end": ServerHarness.position(range[2], range[3])],
                                "text": .string(text)]],
        ])
    }

    @Test func incrementalEditsWithMultiUnitCharacters() {
        let h = ServerHarness()
        h.open("1 2 +\n")
        change(h, [0, 0, 0, 0], "😀 ", version: 2)          // insert an emoji (2 UTF-16 units) and a space
        #expect(h.server.documents["file:///t.rpn"]?.text == "😀 1 2 +\n")
        #expect(span(h.diagnostics().first?["range"]) == [0, 0, 0, 2])   // unknown token: the emoji
        change(h, [0, 0, 0, 3], "√ ", version: 3)          // replace "😀 " (3 units) with "√ "
        #expect(h.server.documents["file:///t.rpn"]?.text == "√ 1 2 +\n")
        #expect(span(h.diagnostics().first?["range"]) == [0, 0, 0, 1])   // √ needs an operand
        change(h, [0, 0, 0, 2], "", version: 4)            // delete it again
        #expect(h.server.documents["file:///t.rpn"]?.text == "1 2 +\n")
        #expect(h.diagnostics().isEmpty)
        change(h, [0, 5, 0, 5], " π ×", version: 5)
        #expect(h.server.documents["file:///t.rpn"]?.text == "1 2 + π ×\n")
        change(h, [0, 8, 0, 9], "÷", version: 6)           // replace × by ÷
        #expect(h.server.documents["file:///t.rpn"]?.text == "1 2 + π ÷\n")
        let publish = h.sent.last { $0["method"] == "textDocument/publishDiagnostics" }
        #expect(publish?["params"]?["version"] == 6)
    }

    /// A request's position past the end is the end (changes past it: ChangeOutsideTheTextTests).
    @Test func positionsPastTheEndAndInsideSurrogatePairsClamp() {
        let h = ServerHarness()
        h.open("1 2\n")
        #expect(h.result("textDocument/hover", h.at(99, 99)) == .null)
        h.open("# 😀\n")
        change(h, [0, 3, 0, 3], "x", version: 3)          // inside the emoji's pair: before it
        #expect(h.server.documents["file:///t.rpn"]?.text == "# x😀\n")
    }

    /// Positions in order give offsets in order, wherever they are (past a line's end, past the
    /// last line, inside an emoji's pair, around `\r\n`): `offsets(of:)` relies on it.
    @Test(arguments: 1...4)
    func offsetsKeepTheOrderOfPositions(_ seed: UInt64) {
        var random = SeededGenerator(state: seed)
        let document = Document(uri: "file:///t.rpn", version: 1, text: "# 😀 π\r\n√ π\r× 1\n\n0 ÷😀")
        for _ in 0..<2000 {
            let a = Position(line: Int.random(in: 0...6, using: &random), character: Int.random(in: 0...9, using: &random))
            let b = Position(line: Int.random(in: 0...6, using: &random), character: Int.random(in: 0...9, using: &random))
            let (start, end) = (a.line, a.character) <= (b.line, b.character) ? (a, b) : (b, a)
            for encoding in [PositionEncoding.utf16, .utf8] {
                #expect(document.offset(of: start, encoding: encoding) <= document.offset(of: end, encoding: encoding),
                        "\(start) \(end) \(encoding)")
            }
        }
    }

    @Test func fullSyncReplacesTheText() {
        let h = ServerHarness()
        h.open("1 0 /")
        #expect(h.diagnostics().count == 1)
        h.notify("textDocument/didChange", ["textDocument": ["uri": "file:///t.rpn", "version": 2],
                                            "contentChanges": [["text": "1 2 /"]]])
        #expect(h.diagnostics().isEmpty)
    }

    @Test func closingPublishesAnEmptyList() {
        let h = ServerHarness()
        h.open("1 0 /")
        h.notify("textDocument/didClose", ["textDocument": ["uri": "file:///t.rpn"]])
        #expect(h.sent.last?["params"]?["diagnostics"] == [])
        #expect(h.request("textDocument/hover", h.at(0, 0))["error"]?["code"] == -32803)
    }

    @Test func freeVariablesAreNotErrors() {
        let h = ServerHarness()
        h.open("M 2 × sin\nsqr 1 +\n")
        let diagnostics = h.diagnostics()
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["severity"] == 2)
        #expect(diagnostics.first?["data"]?["replacement"] == "sqrt")
    }

    @Test func aMillionTokenLineStaysUsable() {
        let h = ServerHarness()
        h.open("1" + String(repeating: " 1 +", count: 333_333) + " 0 ÷")
        let diagnostics = h.diagnostics()
        #expect(diagnostics.count == 1)
        #expect(span(diagnostics.first?["range"]) == [0, 1_333_336, 0, 1_333_337])
        let hover = h.result("textDocument/hover", h.at(0, 1_333_336))
        #expect(hover["contents"]?["value"]?.stringValue?.contains("…") == true)
    }
}
