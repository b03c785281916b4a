import RPNCore
import RPNJSON
import Testing
@testable import RPNLanguageServer

/// The cap on diagnostics is for pathological files only: an ordinary file with many errors
/// shows every one of them, and errors never push warnings (and their quick fixes) out.
@Suite struct DiagnosticLimitTests {
    /// (line, severity, code) of each published diagnostic.
    func published(_ text: String) -> [(line: Int, severity: Int, code: String, replacement: String?)] {
        let h = ServerHarness()
        h.open(text)
        return h.diagnostics().map { diagnostic in
            (diagnostic["range"]?["start"]?["line"]?.intValue ?? -1, diagnostic["severity"]?.intValue ?? 0,
             diagnostic["code"]?.stringValue ?? "", diagnostic["data"]?["replacement"]?.stringValue)
        }
    }

    @Test func twoThousandLinesWithAnErrorEachShowEveryError() {
        let lines = 2000
        let diagnostics = published(String(repeating: "1 0 /\n", count: lines))
        #expect(diagnostics.count == lines)
        #expect(diagnostics.map(\.line).elementsEqual(0..<lines), "one per line, in order")
        #expect(diagnostics.allSatisfy { $0.severity == 1 && $0.code == "division-by-zero" })
    }

    @Test func warningsAfterManyErrorsKeepTheirQuickFixes() {
        // 3000 lines with an error, then 50 lines with a did-you-mean warning and no error.
        let text = String(repeating: "1 0 /\n", count: 3000) + String(repeating: "sqr 2 +\n", count: 50)
        let diagnostics = published(text)
        let warnings = diagnostics.filter { $0.severity == 2 }
        #expect(diagnostics.filter { $0.severity == 1 }.count == 3000)
        #expect(warnings.map(\.line).elementsEqual(3000..<3050))
        #expect(warnings.allSatisfy { $0.replacement == "sqrt" })
    }

    @Test func aPathologicalFileIsCappedWithANoteAndKeepsItsWarnings() {
        let errors = 12_000
        let text = String(repeating: "1 0 /\n", count: errors) + "sqr\n"
        let diagnostics = published(text)
        #expect(diagnostics.filter { $0.severity == 1 }.count == 10_000)
        #expect(diagnostics.filter { $0.severity == 1 }.map(\.line).elementsEqual(0..<10_000), "the first errors are kept")
        let note = diagnostics.filter { $0.code == "too-many-diagnostics" }
        #expect(note.count == 1)
        #expect(note.first?.line == 10_000, "the note sits where errors stop being shown")
        #expect(diagnostics.contains { $0.severity == 2 && $0.line == errors && $0.replacement == "sqrt" })
    }

    /// The command line's judgement rests on the same diagnostics: a program whose warnings
    /// come first still fails on its error.
    @Test func anErrorAfterManyWarningsStillFails() {
        let evaluation = RPN.evaluate(String(repeating: "sqr →a ", count: 1500) + "1 0 /",
                                      options: EvaluationOptions(freeVariables: true))
        #expect(evaluation.hasErrors)
        #expect(evaluation.diagnostics.filter { $0.severity == .warning }.count == 1500)
    }
}
