import RPNCommandLine
import RPNCore
import RPNTestSupport
import Testing
@testable import RPNShell

/// `include "FILE"` at the `rpn>` prompt (issue 17): a typed line's names are relative to the
/// working directory, a `:load`ed file's to its folder; the files a line includes come and go
/// with it (`:undo`, a rejected line), and a file included once is not included again.
@Suite struct IncludeShellTests {
    static let files = [
        "lib/math.rpn": ": square ( x -- y ) x x × ;\ninclude \"consts.rpn\"\n",
        "lib/consts.rpn": "5 →five\n",
        "lib/main.rpn": "include \"math.rpn\" 3 square\n",
        "bad.rpn": "1\n1 0 ÷\n",
        "again.rpn": ": square ( x -- y ) x dup × ;\n",
    ]

    static func shell(_ lines: [String] = []) -> Shell {
        let shell = Shell.inMemory(files: FakeFiles(files), terminal: (80, 20))
        for line in lines { _ = shell.type(line) }
        return shell
    }

    @Test func aTypedIncludeBringsTheWordsAndStores() {
        let shell = Self.shell()
        #expect(shell.type("include \"lib/math.rpn\"") == "defined square ( x -- y )\n  (empty stack)\n")
        #expect(shell.type("3 square five +") == "  1: 14\n  square(3)+five = 14\n")
    }

    /// Included once: typed again, the include does nothing (square stays defined once).
    @Test func aFileIsIncludedOnce() {
        let shell = Self.shell(["include \"lib/math.rpn\""])
        #expect(shell.type("include \"lib/math.rpn\" include \"lib/consts.rpn\"") == "  (empty stack)\n")
        #expect(shell.session.definitionCount == 1)
    }

    /// `:load` names the loaded file's includes relative to its folder.
    @Test func aLoadedFilesIncludesAreRelativeToIt() {
        let shell = Self.shell()
        #expect(shell.type(":load lib/main.rpn") == "defined square ( x -- y )\n  1: 9\n  square(3) = 9\n")
        #expect(shell.type("five") == "  2: 9\n  1: 5\n  square(3),five = 5\n")
    }

    /// `:undo` takes the include back whole, so the file is included again by the next line.
    @Test func undoTakesTheIncludeBack() {
        let shell = Self.shell(["include \"lib/math.rpn\"", ":undo"])
        #expect(shell.type("2 square").hasSuffix("  2,square = ?\n"))  // square is a variable again
        _ = shell.type(":undo")
        #expect(shell.type("include \"lib/math.rpn\" 2 square") == "defined square ( x -- y )\n  1: 4\n  square(2) = 4\n")
        _ = shell.type(":undo")
        _ = shell.type(":redo")
        #expect(shell.type("five") == "  2: 4\n  1: 5\n  square(2),five = 5\n")
    }

    /// An error in an included file rejects the line: shown at its place in the file, with
    /// the include that led there; nothing was included, so a fixed file is included anew.
    @Test func anErrorInAnIncludedFileRejectsTheLine() {
        let shell = Self.shell(["7"])
        #expect(shell.type("include \"bad.rpn\"") == """
            bad.rpn:2:5: error: division by zero
            1 0 ÷
                ^
            line 2:1:1: note: bad.rpn is included here
            the stack is unchanged; Up recalls the line to fix it

            """)
        #expect(shell.type("include \"nope.rpn\"") == """
                 ^^^^^^^^^^^^^^^^^^ error: cannot include nope.rpn: No such file or directory (line 2 → nope.rpn)
            the stack is unchanged; Up recalls the line to fix it

            """)
        #expect(shell.session.sources.files.map(\.name) == ["line 1", "line 2"])
    }

    /// Warnings in an included file are shown with the line's.
    @Test func warningsInAnIncludedFileAreShown() {
        let shell = Self.shell(["include \"lib/math.rpn\""])
        #expect(shell.type("include \"again.rpn\"") == """
            again.rpn:1:3: warning: 'square' is defined again; uses from here on call this definition
            : square ( x -- y ) x dup × ;
              ^^^^^^
            line 2:1:1: note: again.rpn is included here
            defined square ( x -- y )
              (empty stack)

            """)
    }

    /// `:clear` keeps the words, an included file's too (replayed from its text).
    @Test func clearKeepsTheIncludedWords() {
        let shell = Self.shell(["include \"lib/math.rpn\"", ":clear"])
        #expect(shell.type("4 square") == "  1: 16\n  square(4) = 16\n")
    }
}
