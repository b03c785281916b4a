import RPNJSON
import Testing
@testable import RPNLanguageServer

/// "Show as infix" comments exactly the lines a range covers: like the inlay hints', its end
/// is exclusive, so a selection of whole lines (ending at the start of the next) leaves the
/// next line alone; a cursor (an empty range) is about its own line.
@Suite struct ShowAsInfixTests {
    /// Line n (0-based) is `n 1 +`, whose description is `n+1`.
    static let text = (0..<30).map { "\($0) 1 +" }.joined(separator: "\n") + "\n"

    func commentedLines(_ l0: Int, _ c0: Int, _ l1: Int, _ c1: Int) -> [Int] {
        let h = ServerHarness()
        h.open(Self.text)
        let actions = h.result("textDocument/codeAction", [
            "textDocument": ["uri": "file:///t.rpn"],
            "range": ["start": ServerHarness.position(l0, c0), "end": ServerHarness.position(l1, c1)],
            "context": ["diagnostics": [], "only": ["refactor.rewrite"]],
        ]).arrayValue ?? []
        let edits = actions.first { $0["title"] == "Show as infix" }?["edit"]?["changes"]?["file:///t.rpn"]?.arrayValue ?? []
        return edits.map { edit in
            let line = edit["range"]?["start"]?["line"]?.intValue ?? -1
            #expect(edit["newText"]?.stringValue == " # \(line)+1")
            #expect(span(edit["range"]) == [line, "\(line) 1 +".count, line, "\(line) 1 +".count], "at the end of its line")
            return line
        }
    }

    /// (range, the lines it comments)
    static let cases: [((Int, Int, Int, Int), ClosedRange<Int>?)] = [
        ((10, 0, 21, 0), 10...20),   // lines 10-20: line 21 starts at the end, which is exclusive
        ((10, 3, 20, 2), 10...20),   // part of line 10 and of line 20
        ((10, 0, 10, 1), 10...10),
        ((10, 0, 11, 0), 10...10),   // one whole line
        ((0, 0, 99, 0), 0...29),     // past the end
        ((10, 2, 10, 2), 10...10),   // a cursor: its line
        ((10, 0, 10, 0), 10...10),   // a cursor at the start of a line: that line
        ((30, 0, 31, 0), nil),       // the empty last line
    ]

    @Test(arguments: cases)
    func theRangesEndIsExclusive(_ range: (Int, Int, Int, Int), _ lines: ClosedRange<Int>?) {
        #expect(commentedLines(range.0, range.1, range.2, range.3) == lines.map(Array.init) ?? [])
    }

    /// One description printer for the request, not one per line: making a printer spells out
    /// every variable name, so a printer per line costs lines × variables.
    @Test func aWholeDocumentWithManyVariablesIsQuick() {
        let lines = 5000
        let h = ServerHarness()
        h.open((0..<lines).map { "\($0) →v\($0) v\($0) 2 ×" }.joined(separator: "\n") + "\n")
        let clock = ContinuousClock()
        var edits: [JSONValue] = []
        let elapsed = clock.measure {
            let actions = h.result("textDocument/codeAction", [
                "textDocument": ["uri": "file:///t.rpn"],
                "range": ["start": ServerHarness.position(0, 0), "end": ServerHarness.position(lines, 0)],
                "context": ["diagnostics": [], "only": ["refactor.rewrite"]],
            ]).arrayValue ?? []
            edits = actions.first?["edit"]?["changes"]?["file:///t.rpn"]?.arrayValue ?? []
        }
        #expect(edits.count == lines)
        #expect(edits.last?["newText"] == " # v4999×2")
        #expect(elapsed < .milliseconds(500), "\(elapsed)")
    }
}
