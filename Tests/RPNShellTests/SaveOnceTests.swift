import RPNTestSupport
@testable import RPNShell
import Testing

/// `:save` after `:load` writes each definition once, and says how many lines the file holds
/// (issue 20): a round trip through `:save` and `:load` gives the same file back.
@Suite struct SaveOnceTests {
    static let program = ": square dup × ;\n: cube dup square × ;\n3 cube\n"

    @Test func aRoundTripGivesTheSameFile() {
        let files = FakeFiles(["a.rpn": Self.program])
        let shell = Shell.inMemory(files: files)
        _ = shell.type(":load a.rpn")
        #expect(shell.type(":save b.rpn") == "saved 3 lines to b.rpn\n")
        #expect(files.text("b.rpn") == Self.program)
        #expect(!shell.type(":load b.rpn").contains("warning"))
        #expect(shell.type(":save c.rpn") == "saved 4 lines to c.rpn\n")
        #expect(files.text("c.rpn") == Self.program + "3 cube\n")
    }

    /// A repeat is kept when another word was defined again in between: what it calls may differ.
    @Test func aRepeatAfterAnotherRedefinitionIsKept() {
        let files = FakeFiles()
        let shell = Shell.inMemory(files: files)
        for line in [": g 1 ;", ": f g ;", ": g 2 ;", ": f g ;", "f"] { _ = shell.type(line) }
        #expect(shell.type(":save s.rpn") == "saved 5 lines to s.rpn\n")
        #expect(files.text("s.rpn") == ": g 1 ;\n: f g ;\n: g 2 ;\n: f g ;\nf\n")
        #expect(Shell.inMemory(files: files).type(":load s.rpn").hasSuffix("f = 2\n"))
    }
}
