import RPNJSON
import Testing
@testable import RPNLanguageServer

/// Inlay hints for exactly the lines a range covers: its end is exclusive.
@Suite struct InlayHintRangeTests {
    /// Line n (0-based) is `n 1 +`, whose hint is `⇒ n+1 = n+1`.
    static let text = (0..<30).map { "\($0) 1 +" }.joined(separator: "\n") + "\n"

    func hintedLines(_ l0: Int, _ c0: Int, _ l1: Int, _ c1: Int) -> [Int] {
        let h = ServerHarness()
        h.open(Self.text)
        let hints = h.result("textDocument/inlayHint", [
            "textDocument": ["uri": "file:///t.rpn"],
            "range": ["start": ServerHarness.position(l0, c0), "end": ServerHarness.position(l1, c1)],
        ]).arrayValue ?? []
        return hints.map { hint in
            let line = hint["position"]?["line"]?.intValue ?? -1
            #expect(hint["label"]?.stringValue == "⇒ \(line)+1 = \(line + 1)")
            #expect(hint["position"]?["character"]?.intValue == "\(line) 1 +".count, "at the end of its line")
            return line
        }
    }

    /// (range, the lines whose hints it covers)
    static let cases: [((Int, Int, Int, Int), ClosedRange<Int>?)] = [
        ((10, 0, 21, 0), 10...20),   // lines 10-20: line 21 starts at the end, which is exclusive
        ((10, 3, 20, 2), 10...20),   // part of line 10 and of line 20
        ((10, 0, 10, 1), 10...10),
        ((0, 0, 99, 0), 0...29),     // past the end
        ((10, 0, 10, 0), nil),       // empty
        ((30, 0, 31, 0), nil),       // the empty last line
    ]

    @Test(arguments: cases)
    func theRangesEndIsExclusive(_ range: (Int, Int, Int, Int), _ lines: ClosedRange<Int>?) {
        #expect(hintedLines(range.0, range.1, range.2, range.3) == lines.map(Array.init) ?? [])
    }
}
