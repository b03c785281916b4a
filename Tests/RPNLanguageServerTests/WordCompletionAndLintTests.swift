import RPNJSON
import Testing
@testable import RPNLanguageServer

/// Completion of words of one's own (those defined before the cursor, with their effects) and,
/// inside a body, of its parameters and the loop counters open there; the `unused-word` lint;
/// the core's static checks published as the user types.
@Suite struct WordCompletionAndLintTests {
    static let hyp = ": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;\n"

    func items(_ text: String, _ line: Int, _ character: Int) -> [JSONValue] {
        let h = ServerHarness()
        h.open(text)
        return h.result("textDocument/completion", h.at(line, character))["items"]?.arrayValue ?? []
    }

    func labels(_ text: String, _ line: Int, _ character: Int) -> Set<String> {
        Set(items(text, line, character).compactMap { $0["label"]?.stringValue })
    }

    @Test func wordsDefinedBeforeTheCursorWithTheirEffects() {
        let text = Self.hyp + "3 4 hy\n: later 1 ;\n"
        let h = ServerHarness()
        h.open(text)
        let offered = h.completionItems(1, 6)
        let hyp = offered.filter { $0["label"] == "hyp" }
        #expect(hyp.count == 1, "once, as a word: \(hyp)")
        #expect(hyp.first?["kind"] == 3)  // Function
        #expect(hyp.first?["detail"] == "( a b -- c )")
        #expect(h.documentation(of: hyp.first)?.stringValue?.contains("hyp(a,b) = √(a^2+b^2)") == true, "\(hyp)")
        let all = labels(text, 1, 4)
        #expect(all.contains("hyp"))
        #expect(!all.contains("later"), "defined after the cursor")
        #expect(!all.contains("a") && !all.contains("b"), "parameters outside their body")
    }

    /// (document, cursor, offered, not offered).
    static let bodies: [(String, Int, Int, Set<String>, Set<String>)] = [
        // Typing a body (no `;` yet): its parameters, the words before it, itself (recursion).
        (hyp + ": f ( x y -- z ) x 1 for k ", 1, 27, ["x", "y", "k", "hyp", "f"], ["a", "b"]),
        // After the loop's next its counter is gone.
        (hyp + ": f ( x y -- z ) 1 3 for k k next ", 1, 34, ["x", "y", "f"], ["k"]),
        // Inside another word's body, only its own.
        (hyp + ": g ( m -- n ) m 2 × ;\n: h ( p -- q ) p ;\n", 2, 17, ["p", "g", "hyp", "h"], ["m", "a", "x"]),
        // A top-level loop's counter in its body.
        ("0 1 3 for i  + next\n", 0, 12, ["i"], []),
        ("0 1 3 for i i + next \n", 0, 21, [], ["i"]),
        // Typed text filters words and locals too.
        (hyp + ": f ( x y -- z ) h", 1, 18, ["hyp"], ["x", "y", "f"]),
    ]

    @Test(arguments: bodies)
    func parametersAndCountersInsideABody(_ text: String, _ line: Int, _ character: Int, _ offered: Set<String>,
                                          _ notOffered: Set<String>) {
        let all = labels(text, line, character)
        #expect(offered.isSubset(of: all), "\(offered.subtracting(all)) missing at \(line):\(character) of \(text.debugDescription)")
        #expect(notOffered.isDisjoint(with: all), "\(notOffered.intersection(all)) offered")
    }

    @Test func aParameterSaysWhoseItIs() {
        let x = items(Self.hyp + ": f ( x y -- z ) ", 1, 17).first { $0["label"] == "x" }
        #expect(x?["detail"] == "parameter of f", "\(String(describing: x))")
        #expect(x?["kind"] == 6)
    }

    static let tagging: JSONValue = ["textDocument": ["publishDiagnostics": ["tagSupport": ["valueSet": [1, 2]]]]]

    func unusedWords(_ text: String) -> [JSONValue] {
        let h = ServerHarness(capabilities: Self.tagging)
        h.open(text)
        return h.diagnostics().filter { $0["code"] == "unused-word" }
    }

    /// (document, spans of the unused words' names).
    static let unused: [(String, [[Int]])] = [
        (": square dup × ;\n", [[0, 2, 0, 8]]),
        (": square dup × ;\n3 square\n", []),
        // A recursive call is no use.
        (": down ( n -- ) n 0 > if n 1 - down then ;\n", [[0, 2, 0, 6]]),
        (": down ( n -- ) n 0 > if n 1 - down then ;\n5 down\n", []),
        // A call from another word is a use, even if that word is never called.
        (": a1 1 ;\n: b1 a1 ;\n", [[1, 2, 1, 4]]),
        // A definition made again: calls after it call the new one.
        (": f 1 ;\n: f 2 ;\nf\n", [[0, 2, 0, 3]]),
        // A word with errors has those to show, not this hint.
        (": bad 1 if 2 then ;\n", []),
        // A call inside a top-level loop.
        (": inc 1 + ;\n0 1 3 for i inc next\n", []),
    ]

    @Test(arguments: unused)
    func unusedWordsAreHints(_ text: String, _ spans: [[Int]]) {
        let found = unusedWords(text)
        #expect(found.map { span($0["range"]) } == spans, "\(text)")
        for diagnostic in found {
            #expect(diagnostic["severity"] == 4)
            #expect(diagnostic["tags"] == [1])
            #expect(diagnostic["source"] == "rpn")
        }
    }

    @Test func theMessageNamesTheWord() {
        let message = unusedWords(": square dup × ;\n").first?["message"]?.stringValue
        #expect(message == "'square' is defined but never called")
        let plain = ServerHarness()
        plain.open(": square dup × ;\n")
        #expect(plain.diagnostics().first { $0["code"] == "unused-word" }?["tags"] == nil, "no tags for a client without them")
    }

    /// Typing a definition: the checks of the core come with each change.
    @Test func staticChecksAsYouType() {
        let h = ServerHarness()
        h.open("")
        var version = 1
        func type(_ text: String) -> [String] {
            version += 1
            h.notify("textDocument/didChange", ["textDocument": ["uri": "file:///t.rpn", "version": .int(version)],
                                                "contentChanges": [["text": .string(text)]]])
            return h.diagnostics().map { $0["code"]?.stringValue ?? "" }
        }
        #expect(type(": f 0 > if 1 then") == ["unmatched-keyword"])
        #expect(type(": f 0 > if 1 then ;").contains("unbalanced-branches"))
        #expect(type(": f 0 > if 1 else 2 then ;") == ["unused-word"])
        #expect(type(": f 0 > if 1 else 2 then ;\n5 f") == [])
        #expect(type(": f ( a b -- c ) 0 > if 1 else 2 then ;\n5 f").contains("stack-effect-mismatch"))
    }
}
