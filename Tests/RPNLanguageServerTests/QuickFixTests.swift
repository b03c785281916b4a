import RPNJSON
import Testing
@testable import RPNLanguageServer

/// Quick fixes for common mistakes, the "Evaluate" action per line, and `context.only`.
@Suite struct QuickFixTests {
    static let uri = "file:///t.rpn"

    func actions(_ h: ServerHarness, line: Int = 0, through endLine: Int? = nil, only: [String]? = nil,
                 diagnostics: [JSONValue]? = nil) -> [JSONValue] {
        var context: JSONObject = ["diagnostics": .array(diagnostics ?? h.diagnostics())]
        if let only { context["only"] = .array(only.map(JSONValue.string)) }
        return h.result("textDocument/codeAction", [
            "textDocument": ["uri": .string(Self.uri)],
            "range": ["start": ServerHarness.position(line, 0), "end": ServerHarness.position(endLine ?? line, 0)],
            "context": .object(context),
        ]).arrayValue ?? []
    }

    func harness(_ text: String) -> ServerHarness {
        let h = ServerHarness()
        h.open(text)
        return h
    }

    /// (document, the code of the diagnostic fixed, [(title, new text, range)]).
    static let fixes: [(String, String, [Fix])] = [
        // A number glued to a name.
        ("2x 3 +\n", "invalid-number", [Fix("Split '2x' into '2 x'", "2 x", [0, 0, 0, 2])]),
        ("1.5e3y\n", "invalid-number", [Fix("Split '1.5e3y' into '1.5e3 y'", "1.5e3 y", [0, 0, 0, 6])]),
        ("3sin\n", "invalid-number", [Fix("Split '3sin' into '3 sin'", "3 sin", [0, 0, 0, 4])]),
        // Infix function calls, then RPN.
        ("sqrt(2)\n", "unknown-token", [Fix("Rewrite 'sqrt(2)' in RPN: '2 sqrt'", "2 sqrt", [0, 0, 0, 7])]),
        ("1 sin(x) +\n", "unknown-token", [Fix("Rewrite 'sin(x)' in RPN: 'x sin'", "x sin", [0, 2, 0, 8])]),
        ("sqrt(2+3)\n", "unknown-token", [Fix("Rewrite 'sqrt(2+3)' in RPN: '2 3 + sqrt'", "2 3 + sqrt", [0, 0, 0, 9])]),
        ("√(x^2 + 1) # c\n", "unknown-token", [Fix("Rewrite '√(x^2 + 1)' in RPN: 'x 2 ^ 1 + √'", "x 2 ^ 1 + √", [0, 0, 0, 10])]),
        ("sqrt(sin(x)*-2)\n", "unknown-token",
         [Fix("Rewrite 'sqrt(sin(x)*-2)' in RPN: 'x sin -2 * sqrt'", "x sin -2 * sqrt", [0, 0, 0, 15])]),
        ("(1+2)*3\n", "unknown-token", [Fix("Rewrite '(1+2)*3' in RPN: '1 2 + 3 *'", "1 2 + 3 *", [0, 0, 0, 7])]),
        // Calls with two arguments, in their order: root(8,3) is the cube root of 8.
        ("max(2,3)\n", "unknown-token", [Fix("Rewrite 'max(2,3)' in RPN: '2 3 max'", "2 3 max", [0, 0, 0, 8])]),
        ("root(8, 1+2)\n", "unknown-token",
         [Fix("Rewrite 'root(8, 1+2)' in RPN: '8 1 2 + root'", "8 1 2 + root", [0, 0, 0, 12])]),
        ("sqrt(max(x,2)*3)\n", "unknown-token",
         [Fix("Rewrite 'sqrt(max(x,2)*3)' in RPN: 'x 2 max 3 * sqrt'", "x 2 max 3 * sqrt", [0, 0, 0, 16])]),
        // powmod, the word of three operands (issue 18).
        ("powmod(3,x,7)\n", "unknown-token",
         [Fix("Rewrite 'powmod(3,x,7)' in RPN: '3 x 7 powmod'", "3 x 7 powmod", [0, 0, 0, 13])]),
        // Infix arithmetic glued together: an operator short of operands.
        ("4+5\n", "missing-operand", [Fix("Rewrite '4+5' in RPN: '4 5 +'", "4 5 +", [0, 0, 0, 3])]),
        ("x^2×π\n", "missing-operand", [Fix("Rewrite 'x^2×π' in RPN: 'x 2 ^ π ×'", "x 2 ^ π ×", [0, 0, 0, 5])]),
        ("2-3-4\n", "missing-operand", [Fix("Rewrite '2-3-4' in RPN: '2 3 - 4 -'", "2 3 - 4 -", [0, 0, 0, 5])]),
        ("2^3^2\n", "missing-operand", [Fix("Rewrite '2^3^2' in RPN: '2 3 2 ^ ^'", "2 3 2 ^ ^", [0, 0, 0, 5])]),
        ("-2^2\n", "missing-operand", [Fix("Rewrite '-2^2' in RPN: '2 2 ^ neg'", "2 2 ^ neg", [0, 0, 0, 4])]),
        // Comparisons, below the arithmetic; equality below order, as in C and the descriptions.
        ("2<3\n", "missing-operand", [Fix("Rewrite '2<3' in RPN: '2 3 <'", "2 3 <", [0, 0, 0, 3])]),
        ("x+1>=2*y\n", "missing-operand", [Fix("Rewrite 'x+1>=2*y' in RPN: 'x 1 + 2 y * >='", "x 1 + 2 y * >=", [0, 0, 0, 8])]),
        ("a<b==c≠d\n", "missing-operand", [Fix("Rewrite 'a<b==c≠d' in RPN: 'a b < c == d ≠'", "a b < c == d ≠", [0, 0, 0, 8])]),
        // A function glued to its number: one variable to the lexer, whose did-you-mean would
        // drop the number.
        ("sqrt2 1 +\n", "unset-variable",
         [Fix("Rewrite 'sqrt2' in RPN: '2 sqrt'", "2 sqrt", [0, 0, 0, 5]), Fix("Replace 'sqrt2' with 'sqrt'", "sqrt", [0, 0, 0, 5])]),
        ("sin30\n", "unset-variable",
         [Fix("Rewrite 'sin30' in RPN: '30 sin'", "30 sin", [0, 0, 0, 5]), Fix("Replace 'sin30' with 'sin'", "sin", [0, 0, 0, 5])]),
        // Did-you-mean for the document's own names (issue 17): a variable with a value, a word.
        ("1000 →principal\nprinciple 2 ×\n", "unset-variable",
         [Fix("Replace 'principle' with 'principal'", "principal", [1, 0, 1, 9])]),
        (": double ( x -- y ) x 2 × ;\n3 doubel\n", "unset-variable",
         [Fix("Replace 'doubel' with 'double'", "double", [1, 2, 1, 8])]),
        // A bare arrow: one fix per variable of the document, those read later and never
        // stored first.
        ("a 1 +\n3 ->\ny 2 ×\n", "store-needs-name",
         [Fix("Store into 'y': '->y'", "->y", [1, 2, 1, 4]), Fix("Store into 'a': '->a'", "->a", [1, 2, 1, 4])]),
        ("3 →\nrate 2 ×\n", "store-needs-name", [Fix("Store into 'rate': '→rate'", "→rate", [0, 2, 0, 3])]),
        // unset without a name, the same way.
        ("3 →x\nunset\n", "unset-needs-name", [Fix("Unset 'x': 'unset x'", "unset x", [1, 0, 1, 5])]),
        // A decimal comma.
        ("1,5 2 ×\n", "invalid-number", [Fix("Replace '1,5' with '1.5'", "1.5", [0, 0, 0, 3])]),
        ("2,500\n", "invalid-number",
         [Fix("Replace '2,500' with '2.500'", "2.500", [0, 0, 0, 5]), Fix("Replace '2,500' with '2500'", "2500", [0, 0, 0, 5])]),
    ]

    struct Fix: CustomStringConvertible {
        var title: String
        var newText: String
        var range: [Int]
        init(_ title: String, _ newText: String, _ range: [Int]) { (self.title, self.newText, self.range) = (title, newText, range) }
        var description: String { "\(title) | \(newText) | \(range)" }
    }

    @Test(arguments: fixes)
    func quickFix(_ text: String, _ code: String, _ expected: [Fix]) {
        let h = harness(text)
        let fixed = h.diagnostics().filter { $0["code"]?.stringValue == code }
        #expect(!fixed.isEmpty, "\(code) in \(JSONSerializer.string(.array(h.diagnostics())))")
        let line = span(fixed.first?["range"])[0]
        let found = actions(h, line: line, only: ["quickfix"], diagnostics: Array(fixed.prefix(1))).map { action in
            let edit = action["edit"]?["changes"]?[Self.uri]?[0]
            return Fix(action["title"]?.stringValue ?? "", edit?["newText"]?.stringValue ?? "", span(edit?["range"]))
        }
        #expect(found.map(\.description) == expected.map(\.description))
    }

    /// A diagnostic the client sends back, stale or made up, only selects which of the
    /// server's own fixes to offer: those of the server's diagnostic with its code over exactly
    /// its range in the current text. Nothing of it (its `data`, its message) goes into a fix.
    /// (document, the diagnostic the client sends [line, start, end, code, data.replacement],
    /// the fixes offered as title | new text | range).
    static let clientDiagnostics: [(String, [JSONValue], [String])] = [
        // Made up: a replacement the server never suggested, on a token it has no diagnostic for.
        ("9 2 +\n", [0, 0, 1, "unset-variable", "rm -rf"], []),
        // Made up on a token the server has a diagnostic for: the server's own fix, not the client's.
        ("sqr 2 +\n", [0, 0, 3, "unset-variable", "rm -rf"], ["Replace 'sqr' with 'sqrt' | sqrt | [0, 0, 0, 3]"]),
        // Stale: where `sqr` was before `9; ` was typed in front of it.
        ("9; sqr dup\n", [0, 2, 5, "unset-variable", "sqrt"], []),
        ("9; sqr dup\n", [0, 0, 3, "unset-variable", "sqrt"], []),
        ("9; sqr dup\n", [0, 3, 6, "unset-variable", "sqrt"], ["Replace 'sqr' with 'sqrt' | sqrt | [0, 3, 0, 6]"]),
        // The right place with another code: not the server's diagnostic.
        ("sqr 2 +\n", [0, 0, 3, "invalid-number", nil], []),
        // Stale infix: where the `+` of `4+5` was before `7 ` was typed in front of it.
        ("7 4+5\n", [0, 1, 2, "missing-operand", nil], []),
        ("4+5\n", [0, 1, 2, "missing-operand", nil], ["Rewrite '4+5' in RPN: '4 5 +' | 4 5 + | [0, 0, 0, 3]"]),
        // A stale bare arrow: the range covers `3` now.
        ("3 ->\ny 2 ×\n", [0, 0, 1, "store-needs-name", nil], []),
    ]

    @Test(arguments: clientDiagnostics)
    func aClientDiagnosticOnlySelectsTheServersOwnFixes(_ text: String, _ sent: [JSONValue], _ expected: [String]) {
        let h = harness(text)
        var diagnostic: JSONObject = [
            "range": ["start": ServerHarness.position(sent[0].intValue!, sent[1].intValue!),
                      "end": ServerHarness.position(sent[0].intValue!, sent[2].intValue!)],
            "code": sent[3], "severity": 2, "source": "rpn", "message": "whatever the client says",
        ]
        if !sent[4].isNull { diagnostic["data"] = ["replacement": sent[4]] }
        let found = actions(h, line: sent[0].intValue!, only: ["quickfix"], diagnostics: [.object(diagnostic)])
        let fixes = found.map { action in
            let edit = action["edit"]?["changes"]?[Self.uri]?[0]
            return Fix(action["title"]?.stringValue ?? "", edit?["newText"]?.stringValue ?? "", span(edit?["range"])).description
        }
        #expect(fixes == expected)
        // Clients match a fix to its diagnostic by equality: the one they sent, echoed.
        #expect(found.allSatisfy { $0["diagnostics"] == [.object(diagnostic)] })
    }

    @Test func theRewriteOfAGluedFunctionIsPreferredOverTheDidYouMean() {
        let h = harness("sqrt2\n")
        let fixes = actions(h, only: ["quickfix"])
        #expect(fixes.map { $0["isPreferred"]?.boolValue ?? false } == [true, false])
    }

    @Test func fixesRefusedWhereNoRewriteIsRight() {
        // An unbalanced call, a word that is no function, implicit multiplication, a comma with
        // no digits; calls with the wrong number of arguments, a comma outside a call, an empty
        // argument.
        for text in ["sqrt(2\n", "pow(2,3)\n", "sqrt(2x)\n", "1,\n", "3)\n",
                     "max(2)\n", "sin(1,2)\n", "(1,2)\n", "max(2,)\n", "max(,2)\n", "root(8,3,2)\n",
                     "powmod(3,7)\n"] {
            let h = harness(text)
            #expect(actions(h, only: ["quickfix"]).isEmpty, "\(text)")
        }
    }

    @Test func aFixAppliedGivesAProgramWithoutThatError() {
        let h = harness("sqrt(2+3)\n")
        let fix = actions(h, only: ["quickfix"])[0]["edit"]?["changes"]?[Self.uri]?[0]
        let newText = fix?["newText"]?.stringValue ?? ""
        h.notify("textDocument/didChange", ["textDocument": ["uri": .string(Self.uri), "version": 2],
                                            "contentChanges": [["range": fix?["range"] ?? nil, "text": .string(newText)]]])
        #expect(h.diagnostics() == [])
        #expect(h.result("workspace/executeCommand", ["command": "rpn.evaluate", "arguments": [
            ["uri": .string(Self.uri), "position": ServerHarness.position(0, 0)]]])["text"] == "√(2+3) = 2.23606797749979")
    }

    @Test func eachLineInTheRangeHasAnEvaluateAction() {
        let h = harness("3 5 + √\n# c\nx 2 ×\n7 →x\n")
        // Whole lines selected: 0 to the start of 3, so lines 0 to 2.
        let evaluate = actions(h, line: 0, through: 3, only: ["source"])
        #expect(evaluate.map { $0["title"]?.stringValue ?? "" } == ["Evaluate: √(3+5) = 2.83…", "Evaluate: x×2 = 14",
                                                                    "Evaluate selection"])
        #expect(evaluate.allSatisfy { $0["kind"] == "source.rpn.evaluate" })
        let command = evaluate[1]["command"]
        #expect(command?["command"] == "rpn.evaluate")
        #expect(command?["arguments"]?[0]?["uri"]?.stringValue == Self.uri)
        #expect(command?["arguments"]?[0]?["position"]?["line"] == 2)
    }

    @Test func aSelectionHasAnEvaluateSelectionAction() {
        let h = harness("3 5 + √\n")
        let result = h.result("textDocument/codeAction", [
            "textDocument": ["uri": .string(Self.uri)],
            "range": ["start": ServerHarness.position(0, 2), "end": ServerHarness.position(0, 5)],
            "context": ["diagnostics": [], "only": ["source.rpn.evaluate"]],
        ]).arrayValue ?? []
        let selection = result.first { $0["title"] == "Evaluate selection" }
        #expect(span(selection?["command"]?["arguments"]?[0]?["range"]) == [0, 2, 0, 5])
    }

    /// `context.only` (kinds are hierarchical: `source` covers `source.rpn.evaluate`).
    static let kinds: [([String]?, [String])] = [
        (nil, ["quickfix", "refactor.rewrite", "source.rpn.evaluate"]),
        (["quickfix"], ["quickfix"]),
        (["refactor"], ["refactor.rewrite"]),
        (["refactor.rewrite"], ["refactor.rewrite"]),
        (["source"], ["source.rpn.evaluate"]),
        (["source.rpn.evaluate"], ["source.rpn.evaluate"]),
        (["source.organizeImports"], []),
        (["quickfix", "source"], ["quickfix", "source.rpn.evaluate"]),
        (["refactor.extract"], []),
    ]

    @Test(arguments: kinds)
    func onlyTheRequestedKinds(_ only: [String]?, _ expected: [String]) {
        let h = harness("sqr 2 +\n")
        let kinds = actions(h, only: only).map { $0["kind"]?.stringValue ?? "" }
        #expect(kinds == expected)
    }
}
