import RPNCommandLine
import RPNCore
import RPNTestSupport
import Testing
@testable import RPNShell

@Suite struct ShellTests {
    @Test func showsTheStackWithLevelsAndTheDescription() {
        let shell = Shell.inMemory()
        #expect(shell.type("3 5 + √ 2") == "  2: 2.8284271247461903\n  1: 2\n  √(3+5),2 = 2\n")
    }

    @Test func errorsPointUnderTheTypedLineAndKeepTheStack() {
        let shell = Shell.inMemory()
        _ = shell.type("1 2")
        let shown = shell.type("4 0 ÷")
        #expect(shown.hasPrefix("         ^ error: division by zero\n"))  // prompt (5) + "4 0 " (4)
        #expect(shown.contains("unchanged"))
        #expect(shell.type(":describe") == "1,2\n")
    }

    static let commandErrors: [(String, String)] = [
        (":frob", "error: unknown command ':frob'; :help lists them\n"),
        (":undp", "error: unknown command ':undp'; did you mean ':undo'?\n"),
        (":fa", "error: unknown command ':fa'; did you mean ':fav'?\n"),
        (":set x", "error: usage: :set NAME VALUE\n"),
        (":set sin 3", "error: 'sin' is not a variable name\n"),
        (":unset q", "error: 'q' has no value\n"),
        (":undo", "error: nothing to undo\n"),
        (":redo", "error: nothing to redo\n"),
        (":plot", "error: nothing to plot: the stack is empty\n"),
        (":u", "error: unknown command ':u'; did you mean ':undo'?\n"),
        (":plot 5 5", "error: :plot needs two different bounds (both are 5)\n"),
        (":load nope.rpn", "error: cannot open 'nope.rpn': No such file or directory\n"),
        (":fav 3", "error: no favorite 3 (there are 0)\n"),
    ]

    @Test(arguments: commandErrors)
    func commandErrorsSayWhatIsWrong(_ line: String, _ expected: String) {
        let shell = Shell.inMemory()
        #expect(shell.type(line) == expected)
    }

    @Test func setVarsUndoRedo() {
        let shell = Shell.inMemory()
        _ = shell.type("M 2 ×")
        #expect(shell.type(":set M pi 2 /").hasSuffix("M×2 = 3.141592653589793\n"))
        #expect(shell.type(":vars") == "  M = 1.5707963267948966\n")
        #expect(shell.type(":undo").hasSuffix("M×2 = ?\n"))
        #expect(shell.type(":redo").hasSuffix("= 3.141592653589793\n"))
        #expect(shell.type(":ascii").hasSuffix("M*2 = 3.141592653589793\n"))
    }

    @Test func saveAndLoadTheSessionProgram() {
        let files = FakeFiles()
        let shell = Shell.inMemory(files: files)
        _ = shell.type("7 M + √")
        _ = shell.type("9 →M")
        #expect(shell.type(":save s.rpn") == "saved 2 lines to s.rpn\n")
        #expect(files.text("s.rpn") == "7 M + √\n9 →M\n")
        let other = Shell.inMemory(files: files)
        #expect(other.type(":load s.rpn").hasSuffix("√(7+M) = 4\n"))
    }

    @Test func favoritesAddListLoadRemove() {
        let store = InMemoryFavoritesStore()
        let shell = Shell.inMemory(favorites: store)
        _ = shell.type("1 M ÷ sin")
        #expect(shell.type(":fav") == "added 1  sin(1÷M)\n")
        _ = shell.type(":clear")
        _ = shell.type("M cos M ×")
        #expect(shell.type(":fav add") == "added 2  cos(M)×M\n")
        #expect(shell.type(":favs") == "1  sin(1÷M)\n2  cos(M)×M\n")
        _ = shell.type(":clear")
        #expect(shell.type(":fav 1").hasSuffix("sin(1÷M) = ?\n"))
        #expect(shell.type(":fav rm 1") == "removed 1  sin(1÷M)\n")
        #expect(try! store.load().map(\.description) == ["cos(M)×M"])
    }

    @Test func plotDrawsTheTopExpressionSizedToTheTerminal() {
        let shell = Shell.inMemory()
        _ = shell.type("M M ×")
        let picture = shell.type(":plot -2 2")
        #expect(picture.contains("M×M"))
        #expect(picture.split(separator: "\n", omittingEmptySubsequences: false).count - 1 == 17)
        #expect(picture.unicodeScalars.contains { $0.value >= 0x2801 && $0.value <= 0x28FF }, "braille dots")
    }

    @Test func plotAFavorite() {
        let store = InMemoryFavoritesStore([Favorite(program: "1 M ÷", description: "1÷M")])
        let shell = Shell.inMemory(favorites: store)
        #expect(shell.type(":plot fav 1 -5 5").contains("1÷M"))
    }

    static let completions: [(String, [String])] = [
        ("sq", ["sq", "sqrt"]),
        ("S", ["sdev", "seq", "sign", "sin", "sinh", "size", "solve", "sort", "sq", "sqrt", "step", "sum", "swap"]),
        ("d", ["deg", "depth", "der", "digits", "drop", "drop2", "dropn", "dup", "dup2", "dupn"]),
        (":fa", [":fav", ":favs"]),
        (":q", [":quit"]),
        ("ra", ["rad", "rat", "rate"]),
        ("→", ["→list", "→rate"]),
        ("->r", ["->rate"]),
        // The words spelled with an arrow complete like the others (issue 19).
        ("->l", ["->list"]),
        ("lis", ["list->", "list→"]),
        ("E", ["else", "exact", "exp", "exp10"]),
        ("e", ["e", "else", "exact", "exp", "exp10"]),
        ("P", ["perm", "pick", "pow", "powmod", "prevprime", "prod", "psdev", "put", "pvar"]),
    ]

    @Test(arguments: completions)
    func tabCompletion(_ prefix: String, _ expected: [String]) {
        let shell = Shell.inMemory()
        _ = shell.type("3 →rate")
        #expect(shell.completions(for: prefix) == expected)
    }

    /// Names may end in "?": the word before the cursor takes it, so `even?` and `→ok?` complete
    /// to themselves, and `od` to `odd?`.
    @Test(arguments: [("ev", ["even?"]), ("even?", ["even?"]), ("od", ["odd?"]), ("2 ok", ["ok?"]), ("→ok", ["→ok?"])])
    func tabCompletionOfNamesEndingInAQuestionMark(_ prefix: String, _ expected: [String]) {
        let shell = Shell.inMemory()
        _ = shell.type(": even? ( n -- f ) n 2 mod 0 = ; : odd? ( n -- f ) n even? 0 = ; 1 →ok?")
        #expect(shell.completions(before: prefix).candidates == expected)
    }

    @Test func quitEndsTheLoopAndEndOfInputToo() {
        let shell = Shell.inMemory()
        var lines: [LineInput] = [.line("1 2 +"), .interrupted, .line(":quit"), .line("never")]
        #expect(shell.run { _ in lines.removeFirst() } == 0)
        #expect(lines == [.line("never")])
        let other = Shell.inMemory()
        #expect(other.run { _ in .end } == 0)
    }

    @Test func helpListsWordsAndCommands() {
        let shell = Shell.inMemory()
        let help = [":help words", ":help commands", ":help keys"].map(shell.type).joined()
        for text in ["( a b -- a+b )", "dup", ":fav", ":plot", ":save FILE", "Ctrl-R"] { #expect(help.contains(text), "\(text)") }
    }

    // MARK: - Lines judged with the variables as they are

    @Test func aLineThatFailsOnlyWithTheVariablesIsRejectedWithACaret() {
        let shell = Shell.inMemory()
        _ = shell.type(":set y 2")
        #expect(shell.type("y 0 ÷") == "         ^ error: division by zero\n"
                + "the stack is unchanged; Up recalls the line to fix it\n")
        #expect(shell.type("q 1 + →w") == "     ^ error: variable 'q' is unset, so →w has no value to store\n"
                + "the stack is unchanged; Up recalls the line to fix it\n")
        #expect(shell.type(":vars") == "  y = 2\n")
    }

    @Test func anEarlierEntryBrokenByAStoreIsShownWithItsLine() {
        let shell = Shell.inMemory()
        _ = shell.type("1 x ÷")
        #expect(shell.type("0 →x") == "line 1:1:5: error: division by zero\n1 x ÷\n    ^\n"
                + "the stack is unchanged; Up recalls the line to fix it\n")
        #expect(shell.type(":set x 0") == "line 1:1:5: error: division by zero\n1 x ÷\n    ^\n"
                + "x keeps its value; the stack is unchanged\n")
    }

    @Test func acceptedLinesShowTheirWarnings() {
        let shell = Shell.inMemory()
        #expect(shell.type("2 sqr") == "       ^^^ warning: 'sqr' is a free variable; did you mean 'sqrt'?\n"
                + "  2: 2\n  1: ?\n  2,sqr = ?\n")
    }

    @Test func aLineWiderThanTheTerminalGetsItsErrorWithTheLine() {
        let shell = Shell.inMemory(terminal: (30, 20))
        let line = "1 2 3 4 5 6 7 8 9 10 11 12 0 ÷"
        #expect(shell.type(line) == "line 1:1:30: error: division by zero\n\(line)\n"
                + String(repeating: " ", count: 29) + "^\nthe stack is unchanged; Up recalls the line to fix it\n")
    }

    @Test func loadErrorsNameTheFileAndItsLine() {
        let files = FakeFiles(["prog.rpn": "1 2 +\n# a comment\n3 0 ÷ 4\n"])
        let shell = Shell.inMemory(files: files)
        _ = shell.type("7")
        #expect(shell.type(":load prog.rpn") == "prog.rpn:3:5: error: division by zero\n3 0 ÷ 4\n    ^\n"
                + "nothing was loaded; the stack is unchanged\n")
        #expect(shell.type(":describe") == "7\n")
    }

    @Test func enterOnAnEmptyLineDuplicatesTheTopAndUndoes() {
        let shell = Shell.inMemory()
        #expect(shell.type("") == "", "an empty stack: nothing to duplicate")
        _ = shell.type("3 4 +")
        #expect(shell.type("") == "  2: 7\n  1: 7\n  3+4,3+4 = 7\n")
        #expect(shell.type("  ").hasSuffix("3+4,3+4,3+4 = 7\n"))
        #expect(shell.type(":undo").hasSuffix("3+4,3+4 = 7\n"))
        #expect(shell.session.program == "3 4 +\ndup")
    }

    @Test func setShowsTheValueItSet() {
        let shell = Shell.inMemory()
        #expect(shell.type(":set x pi 2 /") == "  x = 1.5707963267948966\n  (empty stack)\n")
    }

    @Test func degAndRadApplyToWhatIsTypedNext() {
        let shell = Shell.inMemory()
        _ = shell.type("M sin")
        #expect(shell.type(":deg").hasPrefix("angles in degrees for the trigonometry typed from now on\n"))
        _ = shell.type("30 →M")
        #expect(shell.type("M sin").hasSuffix("sin(M),sin(M) = 0.5\n"))
        #expect(shell.type("rad").hasPrefix("angles in radians"))
    }

    @Test func saveWritesAProgramThatReplaysTheSession() throws {
        let files = FakeFiles()
        let shell = Shell.inMemory(files: files)
        for line in [":deg", ":set x 10", "x", ":unset x", "90 sin"] { _ = shell.type(line) }
        #expect(shell.type(":save s.rpn") == "saved 5 lines to s.rpn\n")
        let program = try #require(files.text("s.rpn"))
        #expect(program == "deg\n10 →x\nx\nunset x\n90 sin\n")
        let replay = RPN.evaluate(program, options: EvaluationOptions(freeVariables: true))
        // sin is inexact, even where its value is a whole number.
        #expect(replay.values == [nil, .real(1)])
        #expect(shell.session.entries.map(\.value) == [nil, .real(1)])
    }

    @Test func helpFitsTheTerminalAndSpeaksOfShellCommands() {
        for columns in [40, 60, 100] {
            let shell = Shell.inMemory(terminal: (columns, 20))
            let help = ([":help"] + Shell.helpTopics.map { ":help " + $0.name }).map(shell.type).joined()
            for line in help.split(separator: "\n") {
                #expect(line.count <= columns, "\(columns): \(line)")
            }
            let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(!words.contains("--degrees"))
            #expect(words.contains(":deg"))
            #expect(words.contains("1 →M M 2 →M M + is 4"))
            #expect(words.contains("Enter on an empty line duplicates"))
        }
    }

    @Test func describeIsCutAndSaysSo() {
        let shell = Shell.inMemory()
        _ = shell.type("M" + String(repeating: " dup +", count: 25))
        let text = shell.type(":describe")
        #expect(text.utf8.count < (1 << 20) + 100)
        #expect(text.hasSuffix("(cut at 1 MiB)\n"))
    }

    @Test func favoritesAreCutToTheTerminal() {
        let store = InMemoryFavoritesStore()
        let shell = Shell.inMemory(favorites: store, terminal: (40, 20))
        _ = shell.type("M" + String(repeating: " dup +", count: 30))
        let added = shell.type(":fav")
        #expect(added.count <= 41 && added.hasPrefix("added 1  M+M+M") && added.hasSuffix("…\n"), "\(added)")
        #expect(try! store.load()[0].description.utf8.count <= Favorite.descriptionBytes + 8)
        #expect(shell.type(":favs").count <= 41)
    }

    static let completionsBeforeTheCursor: [(String, String, [String])] = [
        ("3 4+sq", "sq", ["sq", "sqrt"]),
        ("2π×co", "co", ["comb", "complex", "concat", "conj", "corr", "cos", "cosh", "cov"]),
        ("1 →ra", "→ra", ["→rate"]),
        ("1 ->", "->", ["->list", "->rate"]),  // ->list is a word (issue 19)
        ("rate*ra", "ra", ["rad", "rat", "rate"]),
        ("  :hel", ":hel", [":help"]),
        ("3 4 +", "", []),
    ]

    @Test(arguments: completionsBeforeTheCursor)
    func tabCompletesTheWordAtTheCursor(_ before: String, _ word: String, _ expected: [String]) {
        let shell = Shell.inMemory()
        _ = shell.type("3 →rate")
        let result = shell.completions(before: before)
        #expect(result.word == word)
        #expect(result.candidates == expected)
    }

    @Test func plottingAnExpressionWithAHugeDescriptionIsQuick() {
        let shell = Shell.inMemory()
        _ = shell.type("M" + String(repeating: " dup +", count: 40))
        let started = ContinuousClock.now
        let picture = shell.type(":plot -1 1")
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(picture.contains("M+M+M"))
        #expect(picture.utf8.count < 20_000)
    }
}
