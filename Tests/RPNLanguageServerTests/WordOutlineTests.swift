import RPNCore
import RPNJSON
import RPNTestSupport
import Testing
@testable import RPNLanguageServer

/// How programs show in the editor's outline and colours: semantic tokens for words,
/// parameters and loop counters; document symbols for words with their parameters; folding
/// of definitions that span lines.
@Suite struct WordOutlineTests {
    static let uri: JSONValue = ["uri": "file:///t.rpn"]

    func harness(_ text: String) -> ServerHarness {
        let h = ServerHarness()
        h.open(text)
        return h
    }

    @Test func theLegendHasParameters() {
        let legend = ServerHarness(initialize: false).request("initialize", ["capabilities": [:]])["result"]?["capabilities"]?[
            "semanticTokensProvider"]?["legend"]
        #expect(legend?["tokenTypes"] == ["number", "operator", "function", "variable", "keyword", "comment", "parameter", "string"])
        #expect(legend?["tokenModifiers"] == ["declaration", "readonly", "defaultLibrary"])
    }

    /// `: sq2 ( x -- y ) x x × ;` and a call and a loop, token by token (line, start, length,
    /// type, modifiers), by hand: types 0 number, 1 operator, 2 function, 4 keyword, 5 comment,
    /// 6 parameter; modifier 1 declaration. The effect is split around the parameter declared
    /// in it; its output is a comment.
    static let text = ": sq2 ( x -- y ) x x × ;\n2 sq2 0 1 2 for i i + next\n"
    static let expected: [SemanticTokenRangeTests.Absolute] = [
        .init(line: 0, start: 0, length: 1, type: 4, modifiers: 0),    // :
        .init(line: 0, start: 2, length: 3, type: 2, modifiers: 1),    // sq2, defined
        .init(line: 0, start: 6, length: 1, type: 5, modifiers: 0),    // (
        .init(line: 0, start: 8, length: 1, type: 6, modifiers: 1),    // x, declared
        .init(line: 0, start: 10, length: 6, type: 5, modifiers: 0),   // -- y )
        .init(line: 0, start: 17, length: 1, type: 6, modifiers: 0),   // x
        .init(line: 0, start: 19, length: 1, type: 6, modifiers: 0),   // x
        .init(line: 0, start: 21, length: 1, type: 1, modifiers: 0),   // ×
        .init(line: 0, start: 23, length: 1, type: 4, modifiers: 0),   // ;
        .init(line: 1, start: 0, length: 1, type: 0, modifiers: 0),    // 2
        .init(line: 1, start: 2, length: 3, type: 2, modifiers: 0),    // sq2, called
        .init(line: 1, start: 6, length: 1, type: 0, modifiers: 0),
        .init(line: 1, start: 8, length: 1, type: 0, modifiers: 0),
        .init(line: 1, start: 10, length: 1, type: 0, modifiers: 0),
        .init(line: 1, start: 12, length: 3, type: 4, modifiers: 0),   // for
        .init(line: 1, start: 16, length: 1, type: 6, modifiers: 1),   // i, declared
        .init(line: 1, start: 18, length: 1, type: 6, modifiers: 0),   // i
        .init(line: 1, start: 20, length: 1, type: 1, modifiers: 0),   // +
        .init(line: 1, start: 22, length: 4, type: 4, modifiers: 0),   // next
    ]

    @Test func semanticTokensMarkWordsParametersAndKeywords() {
        let h = harness(Self.text)
        let data = SemanticTokenRangeTests.ints(h.result("textDocument/semanticTokens/full", ["textDocument": Self.uri])["data"])
        #expect(SemanticTokenRangeTests.decode(data) == Self.expected)
        // A range gives the same tokens, cut to it.
        let range = h.result("textDocument/semanticTokens/range", [
            "textDocument": Self.uri, "range": ["start": ServerHarness.position(0, 7), "end": ServerHarness.position(1, 5)],
        ])
        #expect(SemanticTokenRangeTests.decode(SemanticTokenRangeTests.ints(range["data"]))
                == Array(Self.expected[3...10]))
    }

    @Test func aWordUsedBeforeItIsDefinedIsAVariableThere() {
        // Calls see the words defined before them: the first dbl is a (free) variable.
        let data = SemanticTokenRangeTests.ints(harness("dbl\n: dbl 2 × ;\ndbl\n").result(
            "textDocument/semanticTokens/full", ["textDocument": Self.uri])["data"])
        let tokens = SemanticTokenRangeTests.decode(data)
        #expect(tokens.first == .init(line: 0, start: 0, length: 3, type: 3, modifiers: 0))
        #expect(tokens.last == .init(line: 2, start: 0, length: 3, type: 2, modifiers: 0))
    }

    static let edits = ["( x -- y ) ", "x", " ", "\n", ";", ":", "dbl", " for i i + next", "1 3", "dup", "# c", "0 1 ", "(", "--", ")"]

    /// Deltas stay right when an edit far away changes what a name is (a definition typed,
    /// renamed or removed turns every call into a variable or back).
    @Test(arguments: [11, 12, 13, 14, 15, 16, 17, 18])
    func deltasFollowWhatNamesAre(_ seed: UInt64) {
        var random = SeededGenerator(state: seed)
        var text = ": dbl ( x -- y ) x x + ;\n2 dbl 0 1 3 for i i dbl + next\ndbl\n"
        let h = harness(text)
        var answer = h.result("textDocument/semanticTokens/full", ["textDocument": Self.uri])
        var data = SemanticTokenRangeTests.ints(answer["data"])
        for version in 2..<40 {
            var units = Array(text.utf16)  // ASCII and × only: no surrogates
            let a = Int.random(in: 0...units.count, using: &random)
            let b = min(units.count, a + Int.random(in: 0...4, using: &random))
            let insert = Bool.random(using: &random) ? Self.edits.randomElement(using: &random)! : ""
            let start = SemanticTokenRangeTests.position(of: a, in: units)
            let end = SemanticTokenRangeTests.position(of: b, in: units)
            units.replaceSubrange(a..<b, with: Array(insert.utf16))
            text = String(decoding: units, as: UTF16.self)
            h.notify("textDocument/didChange", ["textDocument": ["uri": "file:///t.rpn", "version": .int(version)],
                                                "contentChanges": [["range": ["start": start, "end": end], "text": .string(insert)]]])
            let delta = h.result("textDocument/semanticTokens/full/delta", [
                "textDocument": Self.uri, "previousResultId": answer["resultId"] ?? .null,
            ])
            if let whole = delta["data"] {
                data = SemanticTokenRangeTests.ints(whole)
            } else {
                data = SemanticTokenRangeTests.apply(delta["edits"]?.arrayValue ?? [], to: data)
            }
            let fresh = SemanticTokenRangeTests.ints(harness(text).result("textDocument/semanticTokens/full",
                                                                           ["textDocument": Self.uri])["data"])
            #expect(SemanticTokenRangeTests.decode(data) == SemanticTokenRangeTests.decode(fresh),
                    "seed \(seed), version \(version): \(text.debugDescription)")
            if data != fresh { return }
            answer = delta
        }
    }

    @Test func documentSymbolsListWordsWithTheirParameters() throws {
        let text = ": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;\n3 4 hyp →r\n: sq2 dup × ;\n"
        let symbols = harness(text).result("textDocument/documentSymbol", ["textDocument": Self.uri]).arrayValue ?? []
        try #require(symbols.map { $0["name"]?.stringValue ?? "" } == ["hyp", "r", "sq2"])
        #expect(symbols.map { $0["kind"]?.intValue ?? 0 } == [12, 13, 12])  // Function, Variable
        #expect(symbols.map { $0["detail"]?.stringValue ?? "" } == ["( a b -- c )", "hyp(3,4)", "( x -- x )"])
        #expect(span(symbols[0]["range"]) == [0, 0, 0, 36])
        #expect(span(symbols[0]["selectionRange"]) == [0, 2, 0, 5])
        let parameters = symbols[0]["children"]?.arrayValue ?? []
        #expect(parameters.map { $0["name"]?.stringValue ?? "" } == ["a", "b"])
        #expect(parameters.map { span($0["selectionRange"]) } == [[0, 8, 0, 9], [0, 10, 0, 11]])
        #expect(parameters.allSatisfy { $0["kind"] == 13 })
        #expect(symbols[2]["children"] == nil || symbols[2]["children"] == [])
    }

    @Test func aStoreInsideAWordIsListedUnderIt() {
        let text = ": setm ( a -- ) a →M ;\n"
        let symbols = harness(text).result("textDocument/documentSymbol", ["textDocument": Self.uri]).arrayValue ?? []
        #expect(symbols.map { $0["name"]?.stringValue ?? "" } == ["setm"])
        #expect(symbols.first?["children"]?.arrayValue?.map { $0["name"]?.stringValue ?? "" } == ["a", "M"])
    }

    /// (document, folds as "start-end"): a definition over several lines folds, beside the
    /// paragraphs; one that is a paragraph by itself folds once.
    static let foldingCases: [(String, [String])] = [
        ("1 2 +\n: hyp ( a b -- c )\n  a 2 ^ b 2 ^ + √\n;\n3 4 hyp\n", ["0-4", "1-3"]),
        (": cube\n  dup dup × ×\n;\n\n2 cube\n", ["0-2"]),
        ("1\n: one 1 ;\n2\n", ["0-2"]),
    ]

    @Test(arguments: foldingCases)
    func definitionsFold(_ text: String, _ expected: [String]) {
        let folds = (harness(text).result("textDocument/foldingRange", ["textDocument": Self.uri]).arrayValue ?? []).map {
            "\($0["startLine"]?.intValue ?? -1)-\($0["endLine"]?.intValue ?? -1)"
        }
        #expect(folds == expected, "\(text)")
    }
}
