import RPNJSON
import Testing
@testable import RPNLanguageServer

/// Hover on words of one's own, their parameters and loop counters, and the inlay hint of an
/// inferred effect after `: NAME`. The descriptions are the issue's (`hyp(a,b) = √(a^2+b^2)`);
/// values by hand (3 4 hyp = 5, 3 square = 9).
@Suite struct WordHoverAndHintTests {
    static let program = """
        : hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;
        3 4 hyp
        : square dup × ;
        M square 3 square
        : lp 0 1 3 for j j + next ;
        0 1 2 for i i + next

        """

    func hover(_ line: Int, _ character: Int, _ text: String = program) -> String {
        let h = ServerHarness(capabilities: HoverTests.markdownClient)
        h.open(text)
        return h.result("textDocument/hover", h.at(line, character))["contents"]?["value"]?.stringValue ?? ""
    }

    /// (line, character, texts the hover must have, texts it must not have).
    static let hovers: [(Int, Int, [String], [String])] = [
        // A call: the word's effect and description, then the call and its value.
        (1, 5, ["**hyp** `( a b -- c )`", "`hyp(a,b) = √(a^2+b^2)`", "`hyp(3,4)` = 5"], ["free variable"]),
        // The name defined: the same, without a call.
        (0, 3, ["**hyp** `( a b -- c )`", "`hyp(a,b) = √(a^2+b^2)`"], ["free variable", "hyp(3,4)"]),
        // Parameters, used and declared.
        (0, 19, ["parameter a of hyp"], ["free variable", "**hyp**"]),
        (0, 8, ["parameter a of hyp"], []),
        (0, 25, ["parameter b of hyp"], []),
        // An inferred effect, named x; a call on a free variable has no value.
        (3, 4, ["**square** `( x -- x )`", "`square(x) = x×x`", "`square(M)`"], ["square(M)` ="]),
        (3, 12, ["`square(3)` = 9"], []),
        // Loop counters, in a word and at the top level.
        (4, 17, ["loop counter j of lp"], []),
        (5, 12, ["loop counter i"], ["free variable", " of "]),
    ]

    @Test(arguments: hovers)
    func hoverOnWordsParametersAndCounters(_ line: Int, _ character: Int, _ has: [String], _ hasNot: [String]) {
        let value = hover(line, character)
        for text in has { #expect(value.contains(text), "\(line):\(character) \(value)") }
        for text in hasNot { #expect(!value.contains(text), "\(line):\(character) \(value)") }
    }

    @Test func aTokenInsideABodyShowsNoStackOfTheTopLevel() {
        // The × of square runs when square is called; 1+2 is only what the top level has then.
        let value = hover(1, 13, "1 2 +\n: square dup × ;\n")
        #expect(value.contains("**×**"), "\(value)")
        #expect(!value.contains("1+2"), "\(value)")
    }

    @Test func aWordWithSeveralOutputsDescribesWhatItLeaves() {
        let value = hover(1, 4, ": two ( a -- b c ) a 1 + a 1 - ;\n5 two\n")
        #expect(value.contains("**two** `( a -- b c )`"), "\(value)")
        #expect(value.contains("a+1,a−1"), "\(value)")
    }

    /// A word whose loop changes the depth by a count known only as it runs (issue 19): its
    /// effect varies; its call on 1 2 3 4 adds 3 times: 3+4 = 7, 2+7 = 9, 1+9 = 10.
    @Test func aWordWhoseEffectVariesShowsIt() {
        let text = ": total depth 1 - 1 swap for i + next ;\n1 2 3 4 total\n"
        let definition = hover(0, 3, text)
        #expect(definition.contains("**total** `( … -- … )`"), "\(definition)")
        let call = hover(1, 9, text)
        #expect(call.contains("**total** `( … -- … )`"), "\(call)")
        #expect(call.contains("= 10"), "\(call)")
    }

    func hints(_ text: String) -> [String] {
        let h = ServerHarness()
        h.open(text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        let hints = h.result("textDocument/inlayHint", ["textDocument": ["uri": "file:///t.rpn"],
                                                         "range": ["start": ServerHarness.position(0, 0),
                                                                   "end": ServerHarness.position(lines, 0)]])
        return (hints.arrayValue ?? []).map {
            "\($0["position"]?["line"]?.intValue ?? -1):\($0["position"]?["character"]?.intValue ?? -1) "
                + ($0["label"]?.stringValue ?? "")
        }
    }

    /// (document, hints as "line:character label"): the inferred effect right after the name
    /// of a word that declares none; each line's stack after it, as for any line; nothing for
    /// the lines inside a definition, nor for its last (it runs nothing where it stands).
    static let hintCases: [(String, [String])] = [
        ("1 2 +\n: square dup × ;\n3 square\n",
         ["0:5 ⇒ 1+2 = 3", "1:8 ( x -- x )", "2:8 ⇒ square(3) = 9"]),
        (": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;\n", []),
        (": two dup 1 + swap 1 - ;\n", ["0:5 ( x -- x y )"]),
        // reim takes one value apart into two (issue 18).
        (": parts reim ;\n", ["0:7 ( x -- x y )"]),
        (": norm2 reim dup × swap dup × + ;\n3 4i + norm2\n", ["0:7 ( x -- x )", "1:12 ⇒ norm2(3+4i) = 25"]),
        // A body with errors has no inferred effect to show.
        (": bad 1 if 2 then ;\n", []),
        (": cube\n  dup dup\n  × ×\n;\n2 cube\n", ["0:6 ( x -- x )", "4:6 ⇒ cube(2) = 8"]),
        ("0 1 3 for i\n  i +\nnext\n", ["2:4 ⇒ 0+1+2+3 = 6"]),
        // Loops that change the depth (issue 19): a known count multiplies the body's effect
        // (3 rounds of one push); a count known only as it runs makes the effect vary.
        (": tens 1 3 for i i next ;\n", ["0:6 ( -- x y z )"]),
        (": total depth 1 - 1 swap for i + next ;\n", ["0:7 ( … -- … )"]),
    ]

    @Test func codeLensesSkipTheLinesOfADefinition() {
        // Lines 1 to 3 are cube's: nothing there runs where it stands.
        let h = ServerHarness()
        h.open("1 2 +\n: cube\n  dup dup × ×\n;\n2 cube\n")
        let lenses = h.result("textDocument/codeLens", ["textDocument": ["uri": "file:///t.rpn"]]).arrayValue ?? []
        #expect(lenses.map { $0["range"]?["start"]?["line"]?.intValue ?? -1 } == [0, 4])
        #expect(lenses.map { $0["command"]?["title"]?.stringValue ?? "" } == ["= 3", "= 8"])
    }

    @Test(arguments: hintCases)
    func inlayHints(_ text: String, _ expected: [String]) {
        #expect(hints(text) == expected, "\(text)")
    }
}
