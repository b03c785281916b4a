import RPNJSON
import Testing
@testable import RPNLanguageServer

/// Folding ranges (comment blocks, paragraphs) and selection ranges (token → the expression
/// it completes → the line → the paragraph → the document).
@Suite struct FoldingAndSelectionTests {
    static let uri = "file:///t.rpn"

    func harness(_ text: String, capabilities: JSONValue = [:]) -> ServerHarness {
        let h = ServerHarness(capabilities: capabilities)
        h.open(text)
        return h
    }

    func folds(_ h: ServerHarness) -> [String] {
        (h.result("textDocument/foldingRange", ["textDocument": ["uri": .string(Self.uri)]]).arrayValue ?? []).map {
            "\($0["startLine"]?.intValue ?? -1)-\($0["endLine"]?.intValue ?? -1)" + ($0["kind"]?.stringValue.map { " " + $0 } ?? "")
        }
    }

    /// (document, folds as "start-end kind"), by hand.
    static let foldingCases: [(String, [String])] = [
        ("# a\n# b\n  # c\n1 2 +\n3 ×\n\n4 5 +\n\n# lone\n7\n", ["0-4", "0-2 comment", "8-9"]),
        // One line folds nothing; blank lines of spaces separate too; CRLF counts as one break.
        ("1\n \t\n2\n", []),
        ("1\r\n2\r\n\r\n# x\r\n# y\r\n", ["0-1", "3-4 comment"]),
        // A comment block inside a paragraph, after code.
        ("1\n# a\n# b\n2 +\n", ["0-3", "1-2 comment"]),
        // A comment at the end of a code line is not a comment line.
        ("1 # a\n# b\n", ["0-1"]),
        ("", []),
    ]

    @Test(arguments: foldingCases)
    func foldingRanges(_ text: String, _ expected: [String]) {
        #expect(folds(harness(text)) == expected)
    }

    @Test func foldingRangesHonourTheClientsLimit() {
        let text = String(repeating: "1\n2\n\n", count: 10)
        let h = harness(text, capabilities: ["textDocument": ["foldingRange": ["rangeLimit": 3, "lineFoldingOnly": true]]])
        #expect(folds(h) == ["0-1", "3-4", "6-7"])
    }

    func chain(_ h: ServerHarness, _ line: Int, _ character: Int) -> [[Int]] {
        let result = h.result("textDocument/selectionRange", ["textDocument": ["uri": .string(Self.uri)],
                                                               "positions": [ServerHarness.position(line, character)]])
        var ranges: [[Int]] = []
        var next = result[0]
        while let current = next, !current.isNull {
            ranges.append(span(current["range"]))
            next = current["parent"]
        }
        return ranges
    }

    static let text = "3 5 + √\nx 2 ×\n\n7 →x # c\n"

    /// (line, character, chain of ranges in UTF-16), by hand.
    static let selectionCases: [(Int, Int, [[Int]])] = [
        // `+`: the token, `3 5 +`, the line, the paragraph (lines 0-1), the document.
        (0, 4, [[0, 4, 0, 5], [0, 0, 0, 5], [0, 0, 0, 7], [0, 0, 1, 5], [0, 0, 4, 0]]),
        // `√` completes the whole line: the expression and the line are one step.
        (0, 6, [[0, 6, 0, 7], [0, 0, 0, 7], [0, 0, 1, 5], [0, 0, 4, 0]]),
        // `3`, a number, completes itself; the cursor right after it counts.
        (0, 1, [[0, 0, 0, 1], [0, 0, 0, 7], [0, 0, 1, 5], [0, 0, 4, 0]]),
        // A store: the token, what it stores with it, the line (its own paragraph); a comment:
        // the token, the line.
        (3, 2, [[3, 2, 3, 4], [3, 0, 3, 4], [3, 0, 3, 8], [0, 0, 4, 0]]),
        (3, 6, [[3, 5, 3, 8], [3, 0, 3, 8], [0, 0, 4, 0]]),
        // The blank line: the line is empty, then the document.
        (2, 0, [[2, 0, 2, 0], [0, 0, 4, 0]]),
    ]

    @Test(arguments: selectionCases)
    func selectionRanges(_ line: Int, _ character: Int, _ expected: [[Int]]) {
        #expect(chain(harness(Self.text), line, character) == expected)
    }

    @Test func anExpressionAcrossLinesAndParagraphsWidensEachStep() {
        // `+` on line 2 completes 3+4, which starts on line 0 in another paragraph.
        let h = harness("3\n\n4 +\n")
        #expect(chain(h, 2, 2) == [[2, 2, 2, 3], [0, 0, 2, 3], [0, 0, 3, 0]])
    }

    @Test func sharedSubtreesDoNotBlowUp() {
        // Each dup doubles the tree's paths: a walk that does not remember visited nodes
        // would take 2^60 steps.
        let text = "x " + String(repeating: "dup + ", count: 60) + "\n"
        let h = harness(text)
        let last = text.utf16.count - 3
        #expect(chain(h, 0, last).prefix(2) == [[0, last, 0, last + 1], [0, 0, 0, last + 1]])
    }

    @Test func selectionRangesAreInTheNegotiatedEncoding() {
        let text = "π 😀 2 ×\n"
        let utf16 = harness(text)
        #expect(chain(utf16, 0, 7).prefix(2) == [[0, 7, 0, 8], [0, 0, 0, 8]])  // π×2 from π
        let utf8 = harness(text, capabilities: ["general": ["positionEncodings": ["utf-8"]]])
        #expect(chain(utf8, 0, 10).prefix(2) == [[0, 10, 0, 12], [0, 0, 0, 12]])
    }

    @Test func onePerPosition() {
        let h = harness(Self.text)
        let result = h.result("textDocument/selectionRange", ["textDocument": ["uri": .string(Self.uri)],
                                                               "positions": [ServerHarness.position(0, 0), ServerHarness.position(1, 0)]])
        #expect(result.arrayValue?.count == 2)
    }
}
