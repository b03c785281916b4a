import RPNCore
import Testing
@testable import RPNShell

/// The session's state file (issue 20): a session written as its journal and replayed gives
/// the same stack, variables, words, modes and undo history; the shell hands its state to the
/// injected memory after every change and says what :undo and :redo took back or redid.
@Suite struct SessionMemoryTests {
    /// The stack's descriptions and the variables of a session, as a user would compare them.
    func seen(_ session: Session) -> [String] {
        session.entries.map(\.description) + session.variables.map { "\($0.name)=\(NumberFormat().string($0.value))" }
    }

    /// The lines typed into a shell; each run of them is written and read back.
    static let sessions: [[String]] = [
        ["1 2 +", "4 *"],
        [": square dup * ;", "3 square", ":set r 5", "r square +"],
        [":deg", "90 sin", ":float", "0.1 0.2 +", ":exact", "1 3 /"],
        ["100 200", ":clear", "5"],
        [": dbl 2 * ;", "7", ":clear", "dbl"],
        ["1", ":new", "2", ":undo", "3"],
        ["# a comment line", "   ", "6"],
        [": hyp ( a b -- c )\na 2 ^ b 2 ^ + √ ;", "3 4 hyp"],
        ["1 2", ":undo", ":undo", "9"],
        [":complex", "-4 √", ":digits 30", "2 √"],
        [":set x 2 √", "x x *"],
    ]

    @Test(arguments: sessions)
    func aReplayedJournalGivesTheSameSessionAndUndoHistory(lines: [String]) throws {
        let shell = Shell.inMemory()
        for line in lines { _ = shell.type(line) }
        let text = shell.session.journalText
        let restored = try Session.restoring(text).get()
        #expect(seen(restored.session) == seen(shell.session))
        #expect(restored.session.program == shell.session.program)
        #expect(restored.session.wordNames == shell.session.wordNames)
        #expect(restored.session.angleUnit == shell.session.angleUnit && restored.session.isExact == shell.session.isExact)
        #expect(restored.session.journalText == text, "written again, it is the same file")
        // Undo goes back through the same states in both.
        while shell.session.undo() {
            #expect(restored.session.undo())
            #expect(seen(restored.session) == seen(shell.session))
        }
        #expect(!restored.session.undo())
    }

    @Test func displayModesAndGlyphsAreKept() throws {
        let shell = Shell.inMemory()
        for line in ["1 3 /", ":fix 2", ":hex", ":group", ":frac", ":polar", ":ascii"] { _ = shell.type(line) }
        let restored = try Session.restoring(shell.session.journalText).get().session
        #expect(restored.format == shell.session.format)
        #expect(restored.style.glyphs == .ascii)
    }

    @Test func linesBeforeTheLastClearAreCommentedOutSoTheFileRunsAsTheStackShows() {
        let shell = Shell.inMemory()
        for line in [": square dup * ;", "100 200", ":clear", "3 square"] { _ = shell.type(line) }
        let text = shell.session.journalText
        #expect(text.contains("\n#| 100 200\n"))
        #expect(text.contains("\n#: clear 1\n: square dup * ;\n3 square\n"))
    }

    @Test func whatLiesBeforeAClearUndoCanNoLongerReachLeavesTheFile() throws {
        let shell = Shell.inMemory()
        shell.session.undoLimit = 2
        for line in [": square dup * ;", "100 200", ":deg", ":clear", "3 square", "4", "5"] { _ = shell.type(line) }
        let text = shell.session.journalText
        #expect(!text.contains("100 200"))
        #expect(text.contains("#: start\n#: lines 2\ndeg\n: square dup * ;\n#: steps\n3 square\n4\n5\n"))
        let restored = try Session.restoring(text).get().session
        #expect(seen(restored) == seen(shell.session) && restored.angleUnit == .degrees)
    }

    /// Damaged files: where (line) and what.
    static let damaged: [(text: String, line: Int, message: String)] = [
        ("", 1, "not an rpn session state"),
        ("1 2 +\n", 1, "not an rpn session state"),
        ("# rpn session state, format 2\n", 1, "written by a newer rpn (format 2"),
        ("# rpn session state, format x\n", 1, "unknown format"),
        ("# rpn session state, format 1\n#: steps\n#: lines 5\n1\n", 3, "announces more lines than the file has"),
        ("# rpn session state, format 1\n#: display fix\n", 2, "unknown display mode 'fix'"),
        ("# rpn session state, format 1\n#: frobnicate\n", 2, "unknown record '#:frobnicate'"),
        ("# rpn session state, format 1\n1 2\n3 0 ÷\n", 3, "division by zero"),
    ]

    @Test(arguments: damaged)
    func aDamagedFileIsAProblemAtItsLine(text: String, line: Int, message: String) {
        guard case .failure(let problem) = Session.restoring(text) else { Issue.record("restored"); return }
        #expect(problem.line == line)
        #expect(problem.message.contains(message), "\(problem.message)")
    }

    @Test func anErrorOfAReplayedLineIsPointedAtInTheFileEvenWhenCommentedOut() {
        let text = "# rpn session state, format 1\n#: display std\n#| 3 0 ÷\n#: new\n"
        guard case .failure(let problem) = Session.restoring(text) else { Issue.record("restored"); return }
        #expect((problem.line, problem.column) == (3, 8))
    }

    /// Lines typed, then what :undo says.
    static let undos: [(lines: [String], said: String)] = [
        ([": square dup * ;"], "took back: defined square"),
        (["3 4 +"], "took back: 3 4 +"),
        (["5", ":clear"], "took back: :clear"),
        (["5", ":new"], "took back: :new"),
        ([":set x 3"], "took back: 3 →x"),
        ([":deg"], "took back: deg"),
        ([": a 1 ; : b 2 ;"], "took back: defined a, b"),
    ]

    @Test(arguments: undos)
    func undoSaysWhatItTookBackAndRedoWhatItRedid(lines: [String], said: String) {
        let shell = Shell.inMemory()
        for line in lines { _ = shell.type(line) }
        #expect(shell.type(":undo").hasPrefix(said + "\n"))
        #expect(shell.type(":redo").hasPrefix("redid: " + said.dropFirst("took back: ".count) + "\n"))
    }

    @Test func theShellHandsItsStateToTheMemoryAfterEveryChangeAndNotAfterARejectedLine() {
        final class Saved { var texts: [String] = [] }
        let saved = Saved()
        let shell = Shell(session: Session(), environment: ShellEnvironment(
            output: .capture(), colour: false, terminalSize: { (60, 20) }, favorites: InMemoryFavoritesStore(),
            memory: ShellMemory(sessionName: "default", save: { saved.texts.append($0); return nil }, sessionNames: { ["default"] })))
        _ = shell.type("1 2")
        #expect(saved.texts.count == 1)
        _ = shell.type("1 0 ÷")
        _ = shell.type(":vars")
        #expect(saved.texts.count == 1, "nothing changed")
        _ = shell.type(":undo")
        _ = shell.type(":fix 2")
        _ = shell.type(":new")
        #expect(saved.texts.count == 4)
        #expect(saved.texts.last == shell.session.journalText)
        #expect(shell.type(":sessions") == "* default\n")
    }

    @Test func aFailingMemoryIsSaidOnceUntilItWorksAgain() {
        final class Disk { var full = true }
        let disk = Disk()
        let shell = Shell(session: Session(), environment: ShellEnvironment(
            output: .capture(), colour: false, terminalSize: { (60, 20) }, favorites: InMemoryFavoritesStore(),
            memory: ShellMemory(sessionName: "default", save: { _ in disk.full ? "cannot save: no space" : nil }, sessionNames: { [] })))
        #expect(shell.type("1").contains("error: cannot save: no space"))
        #expect(!shell.type("2").contains("cannot save"))
        disk.full = false
        _ = shell.type("3")
        disk.full = true
        #expect(shell.type("4").contains("cannot save"))
    }
}
