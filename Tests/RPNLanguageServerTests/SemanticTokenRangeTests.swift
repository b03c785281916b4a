import RPNJSON
import RPNTestSupport
import Testing
@testable import RPNLanguageServer

/// `semanticTokens/range` and `semanticTokens/full/delta`, checked against `full`: a range
/// gives exactly the full answer's tokens that overlap it, and the edits of a delta turn the
/// previous answer into what `full` gives for the new text (on a server that never saw the
/// old one).
@Suite struct SemanticTokenRangeTests {
    /// A token as (line, start, length, type, modifiers), decoded from the relative integers.
    struct Absolute: Equatable, CustomStringConvertible {
        var line, start, length, type, modifiers: Int
        var description: String { "(\(line):\(start)+\(length) t\(type) m\(modifiers))" }
    }

    static func decode(_ data: [Int]) -> [Absolute] {
        var tokens: [Absolute] = []
        var line = 0, start = 0
        for i in stride(from: 0, to: data.count - 4, by: 5) {
            line += data[i]
            start = data[i] == 0 ? start + data[i + 1] : data[i + 1]
            tokens.append(Absolute(line: line, start: start, length: data[i + 2], type: data[i + 3], modifiers: data[i + 4]))
        }
        return tokens
    }

    static func ints(_ value: JSONValue?) -> [Int] { value?.arrayValue?.compactMap(\.intValue) ?? [] }

    static let document = "# π √ 😀 comment\n√ π × 1 0 ÷ x→y\r\nsqr 2 + M →N\rN M 3 5 + ×   dup\n\n  -4 3-4 ->z # end\n7"
    static let uri: JSONValue = ["uri": "file:///t.rpn"]

    func full(_ text: String) -> [Int] {
        let h = ServerHarness()
        h.open(text)
        return Self.ints(h.result("textDocument/semanticTokens/full", ["textDocument": Self.uri])["data"])
    }

    /// (start line, character, end line, character).
    static let ranges: [(Int, Int, Int, Int)] = [
        (0, 0, 7, 0), (1, 0, 2, 0), (1, 4, 1, 5), (1, 5, 2, 3), (2, 0, 2, 0), (3, 0, 6, 0), (6, 3, 6, 6),
        (5, 0, 99, 0),
    ]

    @Test(arguments: ranges)
    func aRangeIsTheFullAnswerCutToIt(_ l0: Int, _ c0: Int, _ l1: Int, _ c1: Int) {
        let h = ServerHarness()
        h.open(Self.document)
        let all = Self.decode(full(Self.document))
        let answer = h.result("textDocument/semanticTokens/range", [
            "textDocument": Self.uri, "range": ["start": ServerHarness.position(l0, c0), "end": ServerHarness.position(l1, c1)],
        ])
        let (from, to) = ((l0, c0), (l1, c1))
        // Overlap in (line, character) terms; tokens never span lines. The end is exclusive.
        let expected = all.filter { token in
            (token.line, token.start + token.length) > from && (token.line, token.start) < to
        }
        #expect(Self.decode(Self.ints(answer["data"])) == expected)
    }

    @Test func aRangeOfAHugeDocumentLexesOnlyItsLines() {
        // A million tokens on the first line: a range on line 2 must not depend on them.
        let h = ServerHarness()
        h.open(String(repeating: "1 ", count: 1_000_000) + "\n2 3 +\n4 sqrt\n")
        let clock = ContinuousClock()
        var data: [Int] = []
        let elapsed = clock.measure {
            data = Self.ints(h.result("textDocument/semanticTokens/range", [
                "textDocument": Self.uri, "range": ["start": ServerHarness.position(2, 0), "end": ServerHarness.position(3, 0)],
            ])["data"])
        }
        #expect(Self.decode(data) == [Absolute(line: 2, start: 0, length: 1, type: 0, modifiers: 0),
                                      Absolute(line: 2, start: 2, length: 4, type: 2, modifiers: 4)])
        #expect(elapsed < .milliseconds(50), "a few tokens, whatever the size of the document")
    }

    /// Applies delta edits to an answer's data.
    static func apply(_ edits: [JSONValue], to data: [Int]) -> [Int] {
        var data = data
        for edit in edits.reversed() {  // edits are non-overlapping; apply from the end
            let start = edit["start"]?.intValue ?? -1, count = edit["deleteCount"]?.intValue ?? -1
            data.replaceSubrange(start..<(start + count), with: ints(edit["data"]))
        }
        return data
    }

    static let insertions = ["1", " ", "\n", "√", "π ", "# c", "→x", "-", "x", "\r\n", "😀", "3-4 ", "\r", "dup\n"]

    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func deltasRebuildTheFullAnswer(_ seed: UInt64) {
        var random = SeededGenerator(state: seed)
        let h = ServerHarness()
        var text = Self.document
        h.open(text)
        var answer = h.result("textDocument/semanticTokens/full", ["textDocument": Self.uri])
        var data = Self.ints(answer["data"])
        for version in 2..<40 {
            // One or more random edits (in UTF-16 positions), then a delta.
            var changes: [JSONValue] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                var units = Array(text.utf16)
                var a = Int.random(in: 0...units.count, using: &random)
                var b = min(units.count, a + Int.random(in: 0...3, using: &random))
                // Never cut a surrogate pair or a CRLF: positions cannot point inside them.
                func inside(_ i: Int) -> Bool {
                    i > 0 && i < units.count && (UTF16.isTrailSurrogate(units[i]) || units[i - 1] == 0x0D && units[i] == 0x0A)
                }
                while inside(a) { a -= 1 }
                while inside(b) { b += 1 }
                let insert = Bool.random(using: &random) ? Self.insertions.randomElement(using: &random)! : ""
                let start = Self.position(of: a, in: units), end = Self.position(of: b, in: units)
                units.replaceSubrange(a..<b, with: Array(insert.utf16))
                text = String(decoding: units, as: UTF16.self)
                changes.append(["range": ["start": start, "end": end], "text": .string(insert)])
            }
            h.notify("textDocument/didChange", ["textDocument": ["uri": "file:///t.rpn", "version": .int(version)],
                                                "contentChanges": .array(changes)])
            let delta = h.result("textDocument/semanticTokens/full/delta", [
                "textDocument": Self.uri, "previousResultId": answer["resultId"] ?? .null,
            ])
            #expect(delta["resultId"] != nil && delta["resultId"] != answer["resultId"])
            data = Self.apply(delta["edits"]?.arrayValue ?? [], to: data)
            let expected = full(text)
            #expect(Self.decode(data) == Self.decode(expected), "seed \(seed), version \(version): \(text.debugDescription)")
            if data != expected { return }
            answer = delta
        }
    }

    /// LSP position of a UTF-16 offset (lines end at \n, \r\n or a lone \r).
    static func position(of offset: Int, in units: [UInt16]) -> JSONValue {
        var line = 0, column = 0, i = 0
        while i < offset {
            if units[i] == 0x0A || (units[i] == 0x0D && (i + 1 == units.count || units[i + 1] != 0x0A)) {
                line += 1; column = 0
            } else if units[i] != 0x0D {
                column += 1
            }
            i += 1
        }
        return ServerHarness.position(line, column)
    }

    @Test func aDeltaAfterAKeystrokeInABigDocumentIsSmall() {
        let lines = 20_000
        let h = ServerHarness()
        h.open(String(repeating: "1 2 + 3 × √ # note\n", count: lines))
        let answer = h.result("textDocument/semanticTokens/full", ["textDocument": Self.uri])
        #expect(Self.ints(answer["data"]).count == lines * 7 * 5)
        h.notify("textDocument/didChange", ["textDocument": ["uri": "file:///t.rpn", "version": 2], "contentChanges": [
            ["range": ["start": ServerHarness.position(10_000, 2), "end": ServerHarness.position(10_000, 3)], "text": "22"],
        ]])
        let delta = h.result("textDocument/semanticTokens/full/delta", [
            "textDocument": Self.uri, "previousResultId": answer["resultId"] ?? .null,
        ])
        let edits = delta["edits"]?.arrayValue ?? []
        #expect(edits.count == 1)
        #expect(edits.first?["start"] == .int(10_000 * 7 * 5), "the edit starts at the edited line")
        // Lines 9999-10000 and the first token after them, at most.
        #expect((edits.first?["deleteCount"]?.intValue ?? .max) <= 15 * 5)
        #expect(Self.ints(edits.first?["data"]).count <= 15 * 5)
    }

    @Test func aDeltaFromAnUnknownResultIsTheWholeAnswer() {
        let h = ServerHarness()
        h.open("1 2 +")
        let answer = h.result("textDocument/semanticTokens/full/delta", ["textDocument": Self.uri, "previousResultId": "nope"])
        #expect(Self.ints(answer["data"]) == [0, 0, 1, 0, 0, 0, 2, 1, 0, 0, 0, 2, 1, 1, 0])
        #expect(answer["resultId"]?.stringValue != nil)
    }

    @Test func theCapabilitiesOfferRangeAndDelta() {
        let h = ServerHarness(initialize: false)
        let provider = h.result("initialize", ["capabilities": [:]])["capabilities"]?["semanticTokensProvider"]
        #expect(provider?["range"] == true)
        #expect(provider?["full"]?["delta"] == true)
    }
}
