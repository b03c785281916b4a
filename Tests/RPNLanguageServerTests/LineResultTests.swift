import RPNJSON
import Testing
@testable import RPNLanguageServer

/// What a line leaves on top of the stack, as code lenses, the "Evaluate" actions, inlay hints
/// and "Show as infix" show it: the same lines for all four. A line made only of a definition
/// leaves nothing of its own (the entry on top there is an earlier line's), and a bare free
/// variable is nothing to evaluate (`sqr`, a slip for `sqrt`, would be offered as "Evaluate: sqr").
@Suite struct LineResultTests {
    static let uri = "file:///t.rpn"

    struct Shown: CustomStringConvertible {
        var lenses: [String] = []
        var evaluate: [String] = []
        var hints: [String] = []
        var infix: [String] = []
        var description: String { "lenses \(lenses) evaluate \(evaluate) hints \(hints) infix \(infix)" }
    }

    func shown(_ text: String) -> Shown {
        let h = ServerHarness()
        h.open(text)
        let document: JSONValue = ["uri": .string(Self.uri)]
        let all: JSONValue = ["start": ServerHarness.position(0, 0), "end": ServerHarness.position(99, 0)]
        var shown = Shown()
        for lens in h.result("textDocument/codeLens", ["textDocument": document]).arrayValue ?? [] {
            shown.lenses.append("\(lens["range"]?["start"]?["line"]?.intValue ?? -1): \(lens["command"]?["title"]?.stringValue ?? "")")
        }
        let actions = h.result("textDocument/codeAction", ["textDocument": document, "range": all,
                                                           "context": ["diagnostics": [], "only": ["source"]]])
        for action in actions.arrayValue ?? [] where action["title"] != "Evaluate selection" {
            let line = action["command"]?["arguments"]?[0]?["position"]?["line"]?.intValue ?? -1
            shown.evaluate.append("\(line): \(action["title"]?.stringValue ?? "")")
        }
        for hint in h.result("textDocument/inlayHint", ["textDocument": document, "range": all]).arrayValue ?? []
        where hint["label"]?.stringValue?.hasPrefix("⇒") == true {
            shown.hints.append("\(hint["position"]?["line"]?.intValue ?? -1): \(hint["label"]?.stringValue ?? "")")
        }
        let infix = h.result("textDocument/codeAction", ["textDocument": document, "range": all,
                                                         "context": ["diagnostics": [], "only": ["refactor.rewrite"]]])
        for edit in infix[0]?["edit"]?["changes"]?[Self.uri]?.arrayValue ?? [] {
            shown.infix.append("\(edit["range"]?["start"]?["line"]?.intValue ?? -1):\(edit["newText"]?.stringValue ?? "")")
        }
        return shown
    }

    static let cases: [(String, Shown)] = [
        // A definition after a line with a result: its line shows nothing.
        ("3\n: cube dup dup × × ;\n",
         Shown(lenses: ["0: = 3"], evaluate: ["0: Evaluate: 3 = 3"], hints: ["0: ⇒ 3 = 3"], infix: ["0: # 3"])),
        ("3\n: cube ( x -- y )\n  dup dup × ×\n;\n",
         Shown(lenses: ["0: = 3"], evaluate: ["0: Evaluate: 3 = 3"], hints: ["0: ⇒ 3 = 3"], infix: ["0: # 3"])),
        ("x 2 ×\n: cube dup dup × × ;\n",
         Shown(lenses: ["0: no value"], evaluate: ["0: Evaluate: x×2"], hints: ["0: ⇒ x×2"], infix: ["0: # x×2"])),
        // Code before the definition on its line: that code's result.
        ("1 : cube dup dup × × ;\n",
         Shown(lenses: ["0: = 1"], evaluate: ["0: Evaluate: 1 = 1"], hints: ["0: ⇒ 1 = 1"], infix: ["0: # 1"])),
        // After it: the line's result as always.
        (": cube dup dup × × ; 2 cube\n",
         Shown(lenses: ["0: = 8"], evaluate: ["0: Evaluate: cube(2) = 8"], hints: ["0: ⇒ cube(2) = 8"], infix: ["0: # cube(2)"])),
        // A bare free variable: described, not offered for evaluation.
        ("sqr\n", Shown(lenses: [], evaluate: [], hints: ["0: ⇒ sqr"], infix: ["0: # sqr"])),
        ("sqr dup\n", Shown(lenses: [], evaluate: [], hints: ["0: ⇒ sqr"], infix: ["0: # sqr"])),
        // An expression of one, or a variable with a value, is.
        ("sqr 2 +\n", Shown(lenses: ["0: no value"], evaluate: ["0: Evaluate: sqr+2"], hints: ["0: ⇒ sqr+2"], infix: ["0: # sqr+2"])),
        // A line that runs leaves what is on top after it, an earlier line's entry too.
        ("x\n5 →x\n",
         Shown(lenses: ["0: = 5", "1: = 5"], evaluate: ["0: Evaluate: x = 5", "1: Evaluate: x = 5"],
               hints: ["0: ⇒ x = 5", "1: ⇒ x = 5"], infix: ["0: # x", "1: # x"])),
    ]

    @Test(arguments: cases)
    func lensesActionsHintsAndInfixAgree(_ text: String, _ expected: Shown) {
        #expect(shown(text).description == expected.description)
    }
}
