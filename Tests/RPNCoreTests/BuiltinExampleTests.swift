@testable import RPNCore
import Testing

/// Every built-in's example (`:help WORD` shows it) says what its program leaves: run as
/// `rpn` runs a file, the values printed as `rpn` prints them, `?` for one without a value.
/// The results are written by hand in the table; this checks them.
@Suite struct BuiltinExampleTests {
    /// What the example of `include` includes.
    static let files = ["square.rpn": ": square dup × ;\n"]

    @Test(arguments: Builtin.all.map(\.id))
    func theExampleLeavesWhatItSays(_ id: BuiltinID) throws {
        let word = Builtin[id]
        let parts = word.example.split(separator: " ⇒ ", omittingEmptySubsequences: false)
        try #require(parts.count == 2, "\(word.spellings[0]): '\(word.example)' is not PROGRAM ⇒ VALUES")
        let program = String(parts[0])
        // It uses the word it is the example of, in one of its spellings.
        let tokens = RPN.tokenize(program)
        #expect(tokens.contains { $0.builtin == id }, "\(word.spellings[0]): the example does not use it")
        let run = IncludeTests.run(Self.files.merging(["main.rpn": program]) { $1 })
        #expect(run.diagnostics.isEmpty, "\(program): \(run.diagnostics)")
        #expect(run.values.map { $0 == "none" ? "?" : $0 }.joined(separator: " ") == String(parts[1]), "\(program)")
    }
}
