import RPNJSON
import Testing
@testable import RPNLanguageServer

/// Lints published with the core's diagnostics: stores whose value is never read (a hint, faded
/// where the client supports the `Unnecessary` tag) and reads before a variable's first store (a
/// warning: the read sees a later value). Variables are read when an entry is evaluated — by a
/// store, or at the end — with their latest value (README: `1 →M M 2 →M M +` is 4).
@Suite struct LintTests {
    static let tagging: JSONValue = ["textDocument": ["publishDiagnostics": ["tagSupport": ["valueSet": [1, 2]]]]]

    func lints(_ text: String, capabilities: JSONValue = tagging) -> [JSONValue] {
        let h = ServerHarness(capabilities: capabilities)
        h.open(text)
        return h.diagnostics().filter { ["unused-store", "read-before-store"].contains($0["code"]?.stringValue ?? "") }
    }

    /// (document, [code, severity, range]); columns in UTF-16 (`→` is one unit).
    static let cases: [(String, [Lint])] = [
        ("3 →x\n", [Lint("unused-store", 4, [0, 2, 0, 4])]),
        ("3 →x\nx 1 +\n", []),
        ("3 ->x x\n", []),
        // Free variables (never stored) are not lints.
        ("x 2 ×\n", []),
        // Read before the first store: the store is not unused, the end reads it.
        ("x 2 ×\n7 →x\n", [Lint("read-before-store", 2, [0, 0, 0, 1])]),
        // README's rule: both M are evaluated at the end, with M = 2, so the 1 is never read.
        ("1 →M M\n2 →M M +\n", [Lint("unused-store", 4, [0, 2, 0, 4])]),
        // →N evaluates M + 1 while M has no value; the 5 stored into M is then never read.
        ("M 1 + →N\n5 →M N\n", [Lint("read-before-store", 2, [0, 0, 0, 1]), Lint("unused-store", 4, [1, 2, 1, 4])]),
        // A store read by the next store of the same variable is used.
        ("1 →n n 1 + →n n\n", []),
        // unset ends a value's life; the name after unset is not a read.
        ("3 →x\nunset x\n", [Lint("unused-store", 4, [0, 2, 0, 4])]),
        // The end evaluates this x after the unset: the 3 is never read (`rpn -e` says x is unset).
        ("3 →x x\nunset x\n", [Lint("unused-store", 4, [0, 2, 0, 4])]),
        ("3 →x x →y y\nunset x\n", []),
        // dup: a copy of the read stays on the stack and is evaluated at the end, with x = 3.
        ("x dup →a 3 →x\n", [Lint("read-before-store", 2, [0, 0, 0, 1]), Lint("unused-store", 4, [0, 6, 0, 8])]),
        // A store into a built-in or with nothing to store is an error, not a store.
        ("→x\n", []),
        ("2 →sin\n", []),
        // Programs: a variable read or stored inside a word's body or a top-level block is
        // read or stored when that runs, which the lints do not follow: no lint for it.
        ("5 →M\n1 if M then\n", []),
        (": getm M 1 + ;\n5 →M getm\n", []),
        (": setm 5 →M ;\nsetm M\n", []),
        ("0 1 3 for i i →s next\n", []),
        // Other variables are still linted; a word's name is no variable.
        ("3 →x\n: f 1 ;\nf\n", [Lint("unused-store", 4, [0, 2, 0, 4])]),
        (": f 1 ;\nf →y\n", [Lint("unused-store", 4, [1, 2, 1, 4])]),
    ]

    struct Lint: CustomStringConvertible {
        var code: String
        var severity: Int
        var range: [Int]
        init(_ code: String, _ severity: Int, _ range: [Int]) { (self.code, self.severity, self.range) = (code, severity, range) }
        init(_ json: JSONValue) {
            self.init(json["code"]?.stringValue ?? "", json["severity"]?.intValue ?? 0, span(json["range"]))
        }
        var description: String { "\(code) \(severity) \(range)" }
    }

    @Test(arguments: cases)
    func lint(_ text: String, _ expected: [Lint]) {
        let found = lints(text).map(Lint.init)
        #expect(found.map(\.description) == expected.map(\.description), "\(text)")
    }

    @Test func unusedStoresAreTaggedUnnecessaryOnlyForClientsThatSupportTags() {
        let tagged = lints("3 →x\n")
        #expect(tagged.first?["tags"] == [1])
        #expect(tagged.first?["source"] == "rpn")
        let plain = lints("3 →x\n", capabilities: [:])
        #expect(plain.first?["severity"] == 4)
        #expect(plain.first?["tags"] == nil)
    }

    @Test func theMessagesSayWhy() {
        let early = lints("x 2 ×\n7 →x\n").first?["message"]?.stringValue ?? ""
        #expect(early.contains("'x' is read before it is first stored (→x on line 2)"), "\(early)")
        #expect(early.contains("the value x has at the end"), "\(early)")
        #expect(early.contains("1 →M M 2 →M M + is 4"), "\(early)")
        let byStore = lints("M 1 + →N\n5 →M N\n").first?["message"]?.stringValue ?? ""
        #expect(byStore.contains("→N on line 1 evaluates it while M has no value yet"), "\(byStore)")
        let never = lints("3 →x\n").first?["message"]?.stringValue ?? ""
        #expect(never == "'x' is stored but never read")
        let overwritten = lints("1 →M M\n2 →M M +\n").first?["message"]?.stringValue ?? ""
        #expect(overwritten.contains("M is stored again on line 2 before any entry reading it is evaluated"), "\(overwritten)")
        let unset = lints("3 →x x\nunset x\n").first?["message"]?.stringValue ?? ""
        #expect(unset.contains("x is unset on line 2 before any entry reading it is evaluated"), "\(unset)")
    }

    @Test func lintsArePublishedWithTheCoreDiagnostics() {
        let h = ServerHarness(capabilities: Self.tagging)
        h.open("1 0 ÷\n3 →x\n")
        #expect(h.diagnostics().map { $0["code"]?.stringValue ?? "" } == ["division-by-zero", "unused-store"])
    }

    @Test func lintsAreCappedAtTheFirst200() {
        let text = (0..<1500).map { "\($0) →v\($0)" }.joined(separator: "\n")
        let found = lints(text)
        #expect(found.count == 200)
        #expect(found.map { span($0["range"])[0] } == Array(0..<200))
    }
}
