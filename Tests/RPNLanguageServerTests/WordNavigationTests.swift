import RPNCore
import RPNJSON
import Testing
@testable import RPNLanguageServer

/// Definition, references, highlight and rename for words of one's own, their parameters and
/// loop counters. Each name is its own symbol: the parameter n of fac is not the variable n of
/// the top level, a call of a word finds its definition, a recursive call too.
@Suite struct WordNavigationTests {
    /// Columns are UTF-16 units (√ and × are one each), counted by hand.
    static let program = """
        : hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;
        3 4 hyp
        : fac ( n -- f ) n 2 < if 1 else n n 1 - fac × then ;
        5 fac 0 1 3 for i i + next
        2 →n n fac
        0 1 3 for i2 1 3 for j i2 j × + next next

        """

    func harness(_ text: String = program) -> ServerHarness {
        let h = ServerHarness()
        h.open(text)
        return h
    }

    // Spans of the names, [line, start, line, end].
    static let hypDefinition = [0, 2, 0, 5], hypCall = [1, 4, 1, 7]
    static let aDeclaration = [0, 8, 0, 9], aUse = [0, 19, 0, 20]
    static let bDeclaration = [0, 10, 0, 11], bUse = [0, 25, 0, 26]
    static let nOfFac = [[2, 8, 2, 9], [2, 17, 2, 18], [2, 33, 2, 34], [2, 35, 2, 36]]
    static let facDefinition = [2, 2, 2, 5], facCalls = [[2, 41, 2, 44], [3, 2, 3, 5], [4, 7, 4, 10]]
    static let iDeclaration = [3, 16, 3, 17], iUse = [3, 18, 3, 19]
    static let nStore = [4, 3, 4, 4], nRead = [4, 5, 4, 6]

    /// (cursor, the definition, every occurrence with the declaration first).
    static let cases: [((Int, Int), [Int], [[Int]])] = [
        ((1, 5), hypDefinition, [hypDefinition, hypCall]),         // a call
        ((1, 7), hypDefinition, [hypDefinition, hypCall]),         // right after it
        ((0, 3), hypDefinition, [hypDefinition, hypCall]),         // the name defined
        ((0, 19), aDeclaration, [aDeclaration, aUse]),             // a parameter used
        ((0, 8), aDeclaration, [aDeclaration, aUse]),              // declared in ( a b -- c )
        ((0, 10), bDeclaration, [bDeclaration, bUse]),
        ((2, 35), nOfFac[0], nOfFac),                              // not the top level's n
        ((2, 42), facDefinition, [facDefinition] + facCalls),      // a recursive call
        ((3, 3), facDefinition, [facDefinition] + facCalls),
        ((3, 18), iDeclaration, [iDeclaration, iUse]),             // a loop counter
        ((3, 16), iDeclaration, [iDeclaration, iUse]),
        ((4, 5), nStore, [nStore, nRead]),                         // a variable: not fac's n
    ]

    @Test(arguments: cases)
    func definitionReferencesAndHighlights(_ cursor: (Int, Int), _ definition: [Int], _ all: [[Int]]) {
        let h = harness()
        let at = h.at(cursor.0, cursor.1)
        let definitions = h.result("textDocument/definition", at).arrayValue ?? []
        #expect(definitions.map { span($0["range"]) } == [definition], "\(cursor)")
        let references = h.result("textDocument/references", at.merging(["context": ["includeDeclaration": true]]))
        #expect(references.arrayValue?.map { span($0["range"]) } == all, "\(cursor)")
        let uses = h.result("textDocument/references", at.merging(["context": ["includeDeclaration": false]]))
        #expect(uses.arrayValue?.map { span($0["range"]) } == Array(all.dropFirst()), "\(cursor)")
        // The declaration is written (3), the uses read (2).
        let highlights = h.result("textDocument/documentHighlight", at).arrayValue ?? []
        #expect(highlights.map { span($0["range"]) } == all, "\(cursor)")
        #expect(highlights.map { $0["kind"]?.intValue ?? 0 } == [3] + Array(repeating: 2, count: all.count - 1), "\(cursor)")
    }

    @Test(arguments: [(0, 0), (0, 14), (0, 16), (2, 24), (2, 53), (3, 13)])
    func keywordsEffectsOutputsAndNumbersAreNoSymbols(_ line: Int, _ character: Int) {
        // `:`, the `--` and the output `c` of the effect, `if`, `;`, `for`.
        let h = harness()
        #expect(h.result("textDocument/definition", h.at(line, character)) == .null, "\(line):\(character)")
        #expect(h.result("textDocument/prepareRename", h.at(line, character)) == .null, "\(line):\(character)")
    }

    /// (cursor, new name, every span edited).
    static let renames: [((Int, Int), String, [[Int]])] = [
        ((1, 5), "hypotenuse", [hypDefinition, hypCall]),
        ((0, 3), "h2", [hypDefinition, hypCall]),
        ((0, 19), "x", [aDeclaration, aUse]),
        ((0, 8), "n", [aDeclaration, aUse]),                       // n is only fac's and the top level's
        ((2, 17), "k", nOfFac),
        ((2, 42), "factorial", [facDefinition] + facCalls),
        ((3, 18), "n", [iDeclaration, iUse]),                      // the loop has no n in it
        ((4, 3), "m", [nStore, nRead]),
    ]

    @Test(arguments: renames)
    func renameEditsEveryOccurrenceAndKeepsTheValues(_ cursor: (Int, Int), _ newName: String, _ spans: [[Int]]) throws {
        let h = harness()
        let edit = h.result("textDocument/rename", h.at(cursor.0, cursor.1).merging(["newName": .string(newName)]))
        let edits = edit["changes"]?["file:///t.rpn"]?.arrayValue ?? []
        #expect(edits.map { span($0["range"]) }.sorted { $0.lexicographicallyPrecedes($1) } == spans, "\(cursor)")
        #expect(edits.allSatisfy { $0["newText"] == .string(newName) })
        let renamed = try #require(ClientText.applying(edits, to: Self.program, encoding: "utf-16"))
        // 3 4 hyp = 5, 5 fac = 120, 0+1+2+3 = 6, 2 fac = 2, Σ i2×j over 1…3 = 6×6 = 36 (by
        // hand); the renamed text too.
        #expect(RPN.evaluate(Self.program).values == [5, 120, 6, 2, 36])
        #expect(RPN.evaluate(renamed).values == [5, 120, 6, 2, 36], "\(renamed)")
        #expect(RPN.evaluate(renamed).diagnostics.isEmpty, "\(renamed)")
        let prepared = h.result("textDocument/prepareRename", h.at(cursor.0, cursor.1))
        #expect(spans.contains(span(prepared["range"])), "\(prepared)")
        #expect(prepared["placeholder"] != nil)
    }

    /// (cursor, new name, a word of the message): names that are no names, built-in words and
    /// keywords, and names that would make two symbols one.
    static let refused: [((Int, Int), String, String)] = [
        ((1, 5), "sin", "built-in"), ((1, 5), "if", "built-in"), ((1, 5), "THEN", "built-in"),
        ((0, 19), "dup", "built-in"), ((3, 18), "next", "built-in"), ((2, 17), "pi", "built-in"),
        ((1, 5), "2x", "is not a"), ((0, 19), "a b", "is not a"), ((3, 18), "", "is not a"),
        ((1, 5), ":", "built-in"), ((1, 5), "(", "is not a"), ((1, 5), "→x", "is not a"),
        ((1, 5), "fac", "already"),      // another word
        ((1, 5), "n", "already"),        // a variable (and a parameter)
        ((2, 42), "hyp", "already"),
        ((0, 19), "b", "already"),       // the other parameter
        ((0, 19), "hyp", "already"),     // the word itself: a parameter would hide its name
        ((2, 17), "fac", "already"),     // a recursive call in the body
        ((5, 26), "i2", "already"),      // an inner loop's counter would hide the outer one's
        ((5, 10), "j", "already"),       // the outer one's would hide the inner one's
        ((4, 5), "fac", "already"),      // a variable named as a word would become a call
    ]

    @Test(arguments: refused)
    func renameIsRefusedWithAMessage(_ cursor: (Int, Int), _ newName: String, _ why: String) {
        let h = harness()
        let response = h.request("textDocument/rename", h.at(cursor.0, cursor.1).merging(["newName": .string(newName)]))
        #expect(response["error"]?["code"] == .int(ResponseError.requestFailed), "\(newName): \(response)")
        let message = response["error"]?["message"]?.stringValue ?? ""
        #expect(message.contains(why) && message.contains("'\(newName)'"), "\(message)")
    }

    @Test func aRedefinitionIsASymbolOfItsOwn() {
        // The second square is another word: its calls are not the first one's.
        let text = ": square dup × ;\n2 square\n: square 1 + ;\n3 square\n"
        let h = harness(text)
        let first = h.result("textDocument/references", h.at(1, 3)).arrayValue?.map { span($0["range"]) }
        #expect(first == [[0, 2, 0, 8], [1, 2, 1, 8]])
        let second = h.result("textDocument/definition", h.at(3, 3)).arrayValue?.map { span($0["range"]) }
        #expect(second == [[2, 2, 2, 8]])
    }

    @Test func variablesInsideABodyAreStillVariables() {
        // A store in a word's body and a read at the top level are one variable.
        let text = ": setm 5 →M ;\nsetm M 1 +\n"
        let h = harness(text)
        let definitions = h.result("textDocument/definition", h.at(1, 5)).arrayValue?.map { span($0["range"]) }
        #expect(definitions == [[0, 10, 0, 11]])
        let edits = h.result("textDocument/rename", h.at(1, 5).merging(["newName": "N"]))["changes"]?["file:///t.rpn"]?
            .arrayValue ?? []
        #expect(ClientText.applying(edits, to: text, encoding: "utf-16") == ": setm 5 →N ;\nsetm N 1 +\n")
    }
}
