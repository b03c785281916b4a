import RPNJSON
import Testing
@testable import RPNLanguageServer

/// Issue 19: the hover of `∂`, `solve`, `integrate` and `taylor` shows what the word made:
/// the derivative or Taylor polynomial as an expression, the root or the integral as a value.
@Suite struct AnalysisHoverTests {
    func hover(_ text: String, _ character: Int) -> String? {
        let h = ServerHarness()
        h.open(text)
        return h.result("textDocument/hover", h.at(0, character))["contents"]?["value"]?.stringValue
    }

    @Test(arguments: [
        ("x 3 ^ x ∂", 8, ["∂ ( f x -- f' )", "3×x^2"]),
        ("x 3 ^ x der", 8, ["der", "3×x^2"]),
        ("x 2 ^ 2 - x 0 3 solve", 16, ["solve ( f x lo hi -- r )", "1.4142135623730951"]),
        ("x 2 ^ x 0 3 integrate", 12, ["integrate ( f x a b -- v )", "= 9"]),
        ("x exp x 0 3 taylor", 12, ["taylor ( f x a n -- p )", "1+x+x^2÷2+x^3÷6"]),
        ("2 →x x 3 ^ x ∂", 13, ["3×x^2 = 12"]),
    ] as [(String, Int, [String])])
    func theResultIsInTheHover(_ text: String, _ character: Int, _ expected: [String]) {
        let value = hover(text, character) ?? ""
        for part in expected { #expect(value.contains(part), "\(text): \(value)") }
    }
}
