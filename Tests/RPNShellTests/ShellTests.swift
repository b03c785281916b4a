import RPNCommandLine
import RPNCore
import Testing
@testable import RPNShell

@Suite struct ShellTests {
    final class Files {
        var contents: [String: [UInt8]] = [:]
    }

    func shell(favorites: FavoritesStore = InMemoryFavoritesStore(), files: Files = Files(),
               columns: Int = 60) -> (Shell, OutputSink) {
        let output = OutputSink.capture()
        let environment = ShellEnvironment(
            output: output, colour: false, terminalSize: { (columns, 20) }, favorites: favorites,
            readFile: { (path: String) throws(InputError) -> [UInt8] in
                guard let bytes = files.contents[path] else { throw InputError("cannot open '\(path)': No such file or directory") }
                return bytes
            },
            writeFile: { (path: String, bytes: [UInt8]) throws(InputError) in files.contents[path] = bytes })
        return (Shell(session: Session(), environment: environment), output)
    }

    func type(_ shell: Shell, _ output: OutputSink, _ line: String) -> String {
        let before = output.captured.count
        shell.handle(line)
        output.flush()
        return String(decoding: output.captured[before...], as: UTF8.self)
    }

    @Test func showsTheStackWithLevelsAndTheDescription() {
        let (shell, out) = shell()
        #expect(type(shell, out, "3 5 + √ 2") == "  2: 2.8284271247461903\n  1: 2\n  √(3+5),2 = 2\n")
    }

    @Test func errorsPointUnderTheTypedLineAndKeepTheStack() {
        let (shell, out) = shell()
        _ = type(shell, out, "1 2")
        let shown = type(shell, out, "4 0 ÷")
        #expect(shown.hasPrefix("         ^ error: division by zero\n"))  // prompt (5) + "4 0 " (4)
        #expect(shown.contains("unchanged"))
        #expect(type(shell, out, ":describe") == "1,2\n")
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
        let (shell, out) = shell()
        #expect(type(shell, out, line) == expected)
    }

    @Test func setVarsUndoRedo() {
        let (shell, out) = shell()
        _ = type(shell, out, "M 2 ×")
        #expect(type(shell, out, ":set M pi 2 /").hasSuffix("M×2 = 3.141592653589793\n"))
        #expect(type(shell, out, ":vars") == "  M = 1.5707963267948966\n")
        #expect(type(shell, out, ":undo").hasSuffix("M×2 = ?\n"))
        #expect(type(shell, out, ":redo").hasSuffix("= 3.141592653589793\n"))
        #expect(type(shell, out, ":ascii").hasSuffix("M*2 = 3.141592653589793\n"))
    }

    @Test func saveAndLoadTheSessionProgram() {
        let files = Files()
        let (shell, out) = shell(files: files)
        _ = type(shell, out, "7 M + √")
        _ = type(shell, out, "9 →M")
        #expect(type(shell, out, ":save s.rpn") == "saved 2 lines to s.rpn\n")
        #expect(String(decoding: files.contents["s.rpn"]!, as: UTF8.self) == "7 M + √\n9 →M\n")
        let (other, otherOut) = self.shell(files: files)
        #expect(type(other, otherOut, ":load s.rpn").hasSuffix("√(7+M) = 4\n"))
    }

    @Test func favoritesAddListLoadRemove() {
        let store = InMemoryFavoritesStore()
        let (shell, out) = shell(favorites: store)
        _ = type(shell, out, "1 M ÷ sin")
        #expect(type(shell, out, ":fav") == "added 1  sin(1÷M)\n")
        _ = type(shell, out, ":clear")
        _ = type(shell, out, "M cos M ×")
        #expect(type(shell, out, ":fav add") == "added 2  cos(M)×M\n")
        #expect(type(shell, out, ":favs") == "1  sin(1÷M)\n2  cos(M)×M\n")
        _ = type(shell, out, ":clear")
        #expect(type(shell, out, ":fav 1").hasSuffix("sin(1÷M) = ?\n"))
        #expect(type(shell, out, ":fav rm 1") == "removed 1  sin(1÷M)\n")
        #expect(try! store.load().map(\.description) == ["cos(M)×M"])
    }

    @Test func plotDrawsTheTopExpressionSizedToTheTerminal() {
        let (shell, out) = shell()
        _ = type(shell, out, "M M ×")
        let picture = type(shell, out, ":plot -2 2")
        #expect(picture.contains("M×M"))
        #expect(picture.split(separator: "\n", omittingEmptySubsequences: false).count - 1 == 17)
        #expect(picture.unicodeScalars.contains { $0.value >= 0x2801 && $0.value <= 0x28FF }, "braille dots")
    }

    @Test func plotAFavorite() {
        let store = InMemoryFavoritesStore([Favorite(program: "1 M ÷", description: "1÷M")])
        let (shell, out) = shell(favorites: store)
        #expect(type(shell, out, ":plot fav 1 -5 5").contains("1÷M"))
    }

    static let completions: [(String, [String])] = [
        ("sq", ["sqrt"]),
        ("S", ["sin", "sqrt", "swap"]),
        ("d", ["deg", "drop", "dup"]),
        (":fa", [":fav", ":favs"]),
        (":q", [":quit"]),
        ("ra", ["rad", "rate"]),
        ("→", ["→rate"]),
        ("->r", ["->rate"]),
        ("E", ["exp"]),
        ("e", ["e", "exp"]),
        ("P", ["pow"]),
    ]

    @Test(arguments: completions)
    func tabCompletion(_ prefix: String, _ expected: [String]) {
        let (shell, out) = shell()
        _ = type(shell, out, "3 →rate")
        #expect(shell.completions(for: prefix) == expected)
    }

    @Test func quitEndsTheLoopAndEndOfInputToo() {
        let (shell, _) = shell()
        var lines: [LineInput] = [.line("1 2 +"), .interrupted, .line(":quit"), .line("never")]
        #expect(shell.run { _ in lines.removeFirst() } == 0)
        #expect(lines == [.line("never")])
        let (other, _) = self.shell()
        #expect(other.run { _ in .end } == 0)
    }

    @Test func helpListsWordsAndCommands() {
        let (shell, out) = shell()
        let help = type(shell, out, ":help")
        for text in ["( a b -- a+b )", "dup", ":fav", ":plot", ":save FILE", "Ctrl-R"] { #expect(help.contains(text), "\(text)") }
    }

    // MARK: - Lines judged with the variables as they are

    @Test func aLineThatFailsOnlyWithTheVariablesIsRejectedWithACaret() {
        let (shell, out) = shell()
        _ = type(shell, out, ":set y 2")
        #expect(type(shell, out, "y 0 ÷") == "         ^ error: division by zero\n"
                + "the stack is unchanged; Up recalls the line to fix it\n")
        #expect(type(shell, out, "q 1 + →w") == "     ^ error: variable 'q' is unset, so →w has no value to store\n"
                + "the stack is unchanged; Up recalls the line to fix it\n")
        #expect(type(shell, out, ":vars") == "  y = 2\n")
    }

    @Test func anEarlierEntryBrokenByAStoreIsShownWithItsLine() {
        let (shell, out) = shell()
        _ = type(shell, out, "1 x ÷")
        #expect(type(shell, out, "0 →x") == "line 1:1:5: error: division by zero\n1 x ÷\n    ^\n"
                + "the stack is unchanged; Up recalls the line to fix it\n")
        #expect(type(shell, out, ":set x 0") == "line 1:1:5: error: division by zero\n1 x ÷\n    ^\n"
                + "x keeps its value; the stack is unchanged\n")
    }

    @Test func acceptedLinesShowTheirWarnings() {
        let (shell, out) = shell()
        #expect(type(shell, out, "2 sqr") == "       ^^^ warning: 'sqr' is a free variable; did you mean 'sqrt'?\n"
                + "  2: 2\n  1: ?\n  2,sqr = ?\n")
    }

    @Test func aLineWiderThanTheTerminalGetsItsErrorWithTheLine() {
        let (shell, out) = shell(columns: 30)
        let line = "1 2 3 4 5 6 7 8 9 10 11 12 0 ÷"
        #expect(type(shell, out, line) == "line 1:1:30: error: division by zero\n\(line)\n"
                + String(repeating: " ", count: 29) + "^\nthe stack is unchanged; Up recalls the line to fix it\n")
    }

    @Test func loadErrorsNameTheFileAndItsLine() {
        let files = Files()
        files.contents["prog.rpn"] = Array("1 2 +\n# a comment\n3 0 ÷ 4\n".utf8)
        let (shell, out) = shell(files: files)
        _ = type(shell, out, "7")
        #expect(type(shell, out, ":load prog.rpn") == "prog.rpn:3:5: error: division by zero\n3 0 ÷ 4\n    ^\n"
                + "nothing was loaded; the stack is unchanged\n")
        #expect(type(shell, out, ":describe") == "7\n")
    }

    @Test func enterOnAnEmptyLineDuplicatesTheTopAndUndoes() {
        let (shell, out) = shell()
        #expect(type(shell, out, "") == "", "an empty stack: nothing to duplicate")
        _ = type(shell, out, "3 4 +")
        #expect(type(shell, out, "") == "  2: 7\n  1: 7\n  3+4,3+4 = 7\n")
        #expect(type(shell, out, "  ").hasSuffix("3+4,3+4,3+4 = 7\n"))
        #expect(type(shell, out, ":undo").hasSuffix("3+4,3+4 = 7\n"))
        #expect(shell.session.program == "3 4 +\ndup")
    }

    @Test func setShowsTheValueItSet() {
        let (shell, out) = shell()
        #expect(type(shell, out, ":set x pi 2 /") == "  x = 1.5707963267948966\n  (empty stack)\n")
    }

    @Test func degAndRadApplyToWhatIsTypedNext() {
        let (shell, out) = shell()
        _ = type(shell, out, "M sin")
        #expect(type(shell, out, ":deg").hasPrefix("angles in degrees for the trigonometry typed from now on\n"))
        _ = type(shell, out, "30 →M")
        #expect(type(shell, out, "M sin").hasSuffix("sin(M),sin(M) = 0.5\n"))
        #expect(type(shell, out, "rad").hasPrefix("angles in radians"))
    }

    @Test func saveWritesAProgramThatReplaysTheSession() {
        let files = Files()
        let (shell, out) = shell(files: files)
        for line in [":deg", ":set x 10", "x", ":unset x", "90 sin"] { _ = type(shell, out, line) }
        #expect(type(shell, out, ":save s.rpn") == "saved 5 lines to s.rpn\n")
        let program = String(decoding: files.contents["s.rpn"]!, as: UTF8.self)
        #expect(program == "deg\n10 →x\nx\nunset x\n90 sin\n")
        let replay = RPN.evaluate(program, options: EvaluationOptions(freeVariables: true))
        #expect(replay.values == [nil, 1])
        #expect(shell.session.entries.map(\.value) == [nil, 1])
    }

    @Test func helpFitsTheTerminalAndSpeaksOfShellCommands() {
        for columns in [40, 60, 100] {
            let (shell, out) = shell(columns: columns)
            let help = type(shell, out, ":help")
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
        let (shell, out) = shell()
        _ = type(shell, out, "M" + String(repeating: " dup +", count: 25))
        let text = type(shell, out, ":describe")
        #expect(text.utf8.count < (1 << 20) + 100)
        #expect(text.hasSuffix("(cut at 1 MiB)\n"))
    }

    @Test func favoritesAreCutToTheTerminal() {
        let store = InMemoryFavoritesStore()
        let (shell, out) = shell(favorites: store, columns: 40)
        _ = type(shell, out, "M" + String(repeating: " dup +", count: 30))
        let added = type(shell, out, ":fav")
        #expect(added.count <= 41 && added.hasPrefix("added 1  M+M+M") && added.hasSuffix("…\n"), "\(added)")
        #expect(try! store.load()[0].description.utf8.count <= Favorite.descriptionBytes + 8)
        #expect(type(shell, out, ":favs").count <= 41)
    }

    static let completionsBeforeTheCursor: [(String, String, [String])] = [
        ("3 4+sq", "sq", ["sqrt"]),
        ("2π×co", "co", ["cos"]),
        ("1 →ra", "→ra", ["→rate"]),
        ("1 ->", "->", ["->rate"]),
        ("rate*ra", "ra", ["rad", "rate"]),
        ("  :hel", ":hel", [":help"]),
        ("3 4 +", "", []),
    ]

    @Test(arguments: completionsBeforeTheCursor)
    func tabCompletesTheWordAtTheCursor(_ before: String, _ word: String, _ expected: [String]) {
        let (shell, out) = shell()
        _ = type(shell, out, "3 →rate")
        let result = shell.completions(before: before)
        #expect(result.word == word)
        #expect(result.candidates == expected)
    }

    @Test func plottingAnExpressionWithAHugeDescriptionIsQuick() {
        let (shell, out) = shell()
        _ = type(shell, out, "M" + String(repeating: " dup +", count: 40))
        let started = ContinuousClock.now
        let picture = type(shell, out, ":plot -1 1")
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(picture.contains("M+M+M"))
        #expect(picture.utf8.count < 20_000)
    }
}
