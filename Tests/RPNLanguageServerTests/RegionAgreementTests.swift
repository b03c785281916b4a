import RPNJSON
import Testing
@testable import RPNLanguageServer

/// The editor reads definitions as `rpn -e` and the shell do, from the core's regions: in
/// `: f ( ; ) dup` the `( ; )` has no `--`, so it is no stack effect: `(` is an unknown word,
/// the `;` ends `f`, and `)` and `dup` stand at the top level (`rpn -e` reports 1:5, 1:9 and
/// 1:11; the shell runs the line at once).
@Suite struct RegionAgreementTests {
    @Test func aSemicolonInParenthesesWithoutDashesEndsTheDefinition() {
        let h = ServerHarness()
        h.open(": f ( ; ) dup\n")
        let shown = h.diagnostics().map { "\(span($0["range"])) \($0["code"]?.stringValue ?? "")" }
        #expect(shown == ["[0, 4, 0, 5] unknown-token", "[0, 8, 0, 9] unknown-token", "[0, 10, 0, 13] missing-operand"])
        // `f` is defined, its body the unknown `(` (a definition with errors: no effect to show).
        let symbols = h.result("textDocument/documentSymbol", ["textDocument": ["uri": "file:///t.rpn"]]).arrayValue ?? []
        let names = symbols.compactMap { $0["name"]?.stringValue }
        #expect(names == ["f"])
    }

    /// After the `;`, `dup` runs at the top level: the hint at the end of the line shows the
    /// stack it leaves, as for any line (nothing is shown for a line inside a definition).
    @Test func theTokensAfterTheSemicolonRunAtTheTopLevel() {
        let h = ServerHarness()
        h.open("2 : f ( ; ) dup\n")
        let hints = h.result("textDocument/inlayHint", ["textDocument": ["uri": "file:///t.rpn"],
                                                         "range": ["start": ServerHarness.position(0, 0),
                                                                   "end": ServerHarness.position(1, 0)]])
        let labels = (hints.arrayValue ?? []).map {
            "\($0["position"]?["line"]?.intValue ?? -1):\($0["position"]?["character"]?.intValue ?? -1) "
                + ($0["label"]?.stringValue ?? "")
        }
        #expect(labels.contains { $0.hasPrefix("0:15 ") }, "\(labels)")
        // With a stack effect the `;` is hidden and the definition runs to the end of the text.
        let open = ServerHarness()
        open.open("2 : f ( x -- ; ) dup\n")
        let codes = open.diagnostics().compactMap { $0["code"]?.stringValue }
        #expect(codes == ["unmatched-keyword"], "\(codes)")
    }
}
