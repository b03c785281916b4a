import RPNCommandLine
import RPNCore
import RPNTestSupport
import Testing
@testable import RPNShell

/// Definitions at the `rpn>` prompt: `:words`, `:see NAME`, Tab, `:save`/`:load`, `:set` and
/// favorites with words, `:help`. Effects and descriptions are the corpus's
/// (grammar/corpus/programs.rpn), worked out by hand there: `square` is `( x -- x )` and
/// `square(x) = x×x`, `hyp` `hyp(a,b) = √(a^2+b^2)`, `two ( a -- b c ): a+1,a−1`.
@Suite struct WordCommandsTests {
    static let hyp = ": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;"
    static let square = ": square dup × ;"
    static let two = ": two ( a -- b c ) a 1 + a 1 - ;"

    static func shell(_ lines: [String], favorites: FavoritesStore = InMemoryFavoritesStore(), files: FakeFiles = FakeFiles(),
                      terminal: (columns: Int, rows: Int) = (80, 20)) -> Shell {
        let shell = Shell.inMemory(favorites: favorites, files: files, terminal: terminal)
        for line in lines { _ = shell.type(line) }
        return shell
    }

    // MARK: - Typing definitions

    /// A definition over two lines (`...>` in between) is one entry; the stack shows calls of
    /// function words as calls.
    @Test func aDefinitionTypedOverTwoLinesIsUsedAndShownAsACall() {
        let shell = Self.shell([])
        #expect(shell.type(": hyp ( a b -- c )") == "")
        #expect(shell.prompt == "...> ")
        #expect(!shell.type("a 2 ^ b 2 ^ + √ ;").contains("error"))
        #expect(shell.prompt == "rpn> ")
        #expect(shell.type("3 4 hyp") == "  1: 5\n  hyp(3,4) = 5\n")
        #expect(shell.type("5 M hyp").hasSuffix("  hyp(3,4),hyp(5,M) = ?\n"))
    }

    /// A line that defines words says so, with the effects inferred (or declared); a file
    /// that defines many says how many.
    @Test func definingSaysWhatWasDefined() {
        let shell = Self.shell([])
        #expect(shell.type(Self.hyp) == "defined hyp ( a b -- c )\n  (empty stack)\n")
        #expect(shell.type(Self.square + " " + Self.two + " 3 square")
                == "defined square ( x -- x )\ndefined two ( a -- b c )\n  1: 9\n  square(3) = 9\n")
        let files = FakeFiles(["words.rpn": (1...4).map { ": w\($0) \($0) ;" }.joined(separator: "\n")])
        #expect(Self.shell([], files: files).type(":load words.rpn") == "defined 4 words: :words lists them\n  (empty stack)\n")
    }

    /// A redefinition warns under the name, and says the stack is as it was.
    @Test func aRedefinitionWarns() {
        let shell = Self.shell([Self.square])
        #expect(shell.type(": square dup dup × × ;")
                == "       ^^^^^^ warning: 'square' is defined again; uses from here on call this definition\n"
                   + "defined square ( x -- x )\n  (empty stack)\n")
        #expect(shell.type("2 square") == "  1: 8\n  square(2) = 8\n")
    }

    /// `:undo` takes a definition back (the name is a free variable again), `:redo` brings it.
    @Test func undoAndRedoADefinition() {
        let shell = Self.shell([Self.square])
        _ = shell.type(":undo")
        #expect(shell.type(":words") == "no words defined yet: : NAME BODY ; defines one, as : square dup × ;\n")
        _ = shell.type(":redo")
        #expect(shell.type(":words") == "  square ( x -- x )  square(x) = x×x\n")
        #expect(shell.type("3 square").hasSuffix("  square(3) = 9\n"))
        _ = shell.type(":undo")
        _ = shell.type(":undo")
        #expect(shell.type("3 square").hasSuffix("  3,square = ?\n"))
    }

    // MARK: - :words and :see

    @Test func wordsListsNameEffectAndDescriptionOfTheWordsInForce() {
        let shell = Self.shell([Self.square, Self.hyp, Self.two, ": square dup × 1 + ;"])
        #expect(shell.type(":words") == """
              hyp ( a b -- c )  hyp(a,b) = √(a^2+b^2)
              two ( a -- b c )  a+1,a−1
              square ( x -- x )  square(x) = x×x+1

            """)
        _ = shell.type(":ascii")
        #expect(shell.type(":words").contains("  hyp ( a b -- c )  hyp(a,b) = sqrt(a^2+b^2)\n"))
    }

    /// A word that leaves nothing (it stores) has its effect and no description.
    @Test func aWordThatLeavesNothing() {
        let shell = Self.shell([": st →K ;"])
        #expect(shell.type(":words") == "  st ( x -- )\n")
        #expect(shell.type(":see st") == ": st →K ;\n  ( x -- )\n")
    }

    /// A loop whose bound is a parameter cannot run on a symbol: the word's description must
    /// not claim a formula it does not compute (`summ(3)` is 1+2+3 = 6, not 0).
    @Test func aWordWithALoopOnAParameterIsNotDescribedAsZero() {
        let shell = Self.shell([": summ ( n -- s ) 0 1 n for i i + next ;"])
        #expect(shell.type("3 summ").hasSuffix("  summ(3) = 6\n"))
        #expect(shell.type(":words").hasPrefix("  summ ( n -- s )  summ(n): no formula"))
    }

    /// Each line is cut to the terminal with `…` (one column kept free).
    @Test func wordsAreCutToTheTerminal() {
        let shell = Self.shell([Self.hyp], terminal: (30, 20))
        #expect(shell.type(":words") == "  hyp ( a b -- c )  hyp(a,b)…\n")
    }

    @Test func seeShowsTheDefinitionAsTypedWithItsEffectAndDescription() {
        let shell = Self.shell([": hyp ( a b -- c )", "a 2 ^ b 2 ^ + √ ;", Self.square])
        #expect(shell.type(":see hyp") == ": hyp ( a b -- c )\na 2 ^ b 2 ^ + √ ;\n  ( a b -- c )  hyp(a,b) = √(a^2+b^2)\n")
        #expect(shell.type(":see square") == ": square dup × ;\n  ( x -- x )  square(x) = x×x\n")
        _ = shell.type(": square dup dup × × ;")
        #expect(shell.type(":see square") == ": square dup dup × × ;\n  ( x -- x )  square(x) = x×x×x\n")
    }

    /// A definition kept by `:clear` is shown from the text `:clear` replayed.
    @Test func seeAfterClear() {
        let shell = Self.shell(["1 " + Self.square + " 2"])
        _ = shell.type(":clear")
        #expect(shell.type(":see square") == ": square dup × ;\n  ( x -- x )  square(x) = x×x\n")
    }

    /// Control characters in a definition's comment are shown escaped, as elsewhere.
    @Test func seeEscapesControlCharacters() {
        let shell = Self.shell([": bell ( x -- y ) x 1 + ; # \u{7}"])
        #expect(shell.type(":see bell") == ": bell ( x -- y ) x 1 + ;\n  ( x -- y )  bell(x) = x+1\n")
        let commented = Self.shell([": bell ( x -- y ) # \u{1B}[2J\nx 1 + ;"])
        #expect(commented.type(":see bell") == ": bell ( x -- y ) # \\u{1B}[2J\nx 1 + ;\n  ( x -- y )  bell(x) = x+1\n")
    }

    static let seeErrors: [(String, String)] = [
        (":see", "error: usage: :see NAME\n"),
        (":see hyp square", "error: usage: :see NAME\n"),
        (":see nope", "error: no word 'nope'; :words lists them\n"),
        (":see hpy", "error: no word 'hpy'; did you mean 'hyp'?\n"),
        (":see Hyp", "error: no word 'Hyp'; did you mean 'hyp'?\n"),
        (":see \u{1B}x", "error: no word '\\u{1B}x'; :words lists them\n"),
        (":words hyp", "error: usage: :words\n"),
    ]

    @Test(arguments: seeErrors)
    func seeAndWordsErrors(_ line: String, _ expected: String) {
        #expect(Self.shell([Self.hyp, Self.square]).type(line) == expected)
    }

    // MARK: - Tab

    static let completions: [(String, [String])] = [
        ("squ", ["square"]),
        ("hy", ["hyp", "hypot"]),
        ("Squ", []),           // words' names are case-sensitive, as variables'
        ("→squ", []),          // a word is not a variable to store into
        ("→", ["→list", "→rate"]),  // nor are parameters (→list is a word)
        ("b", ["begin"]),
    ]

    @Test(arguments: completions)
    func tabCompletesWords(_ typed: String, _ expected: [String]) {
        let shell = Self.shell([Self.square, Self.hyp, "3 →rate"])
        #expect(shell.completions(before: "3 " + typed).candidates == expected)
    }

    /// Inside a definition (open at `...>`, or on the line being typed) Tab offers its
    /// parameters, its loop variables and its own name (for recursion).
    @Test(arguments: [
        ([": hyp2 ( side other -- c )"], "si", ["side", "sign", "sin", "sinh", "size"]),
        ([": hyp2 ( side other -- c )", "side 2 ^"], "ot", ["other"]),
        ([": hyp2 ( side other -- c )"], "hy", ["hyp", "hyp2", "hypot"]),
        ([": total ( n -- t ) 0 1 n for count"], "cou", ["count"]),
        ([], ": hyp2 ( side other -- c ) si", ["side", "sign", "sin", "sinh", "size"]),
        ([], ": hyp2 ( side other -- c ) side ; si", ["sign", "sin", "sinh", "size"]),  // closed: no parameters
        ([], "( side -- c ) si", ["sign", "sin", "sinh", "size"]),                     // a comment, not a definition's
        // The open definition and its name are the compiler's: a comment may come before the
        // name, and a nested `:` (an error) opens no definition of its own.
        ([": # the name comes next", "hyp3 ( side -- c )"], "si", ["side", "sign", "sin", "sinh", "size"]),
        ([": outer", ": inner ( side -- c )"], "si", ["sign", "sin", "sinh", "size"]),
    ])
    func tabInsideADefinition(_ typed: [String], _ before: String, _ expected: [String]) {
        let shell = Self.shell([Self.hyp])
        for line in typed { _ = shell.type(line) }
        #expect(shell.completions(before: before).candidates == expected)
    }

    /// At `...>` a line is the definition's RPN, unless it starts with `:` and a name: a
    /// command, run at once (issue 20), so Tab completes commands there.
    @Test func tabAtTheContinuationPromptIsRPNOrACommand() {
        let shell = Self.shell([": f ( n -- m )"])
        #expect(shell.completions(before: "n sq").candidates == ["sq", "sqrt"])
        #expect(shell.completions(before: "n un") == (word: "un", candidates: ["unset", "until"]))
        #expect(shell.completions(before: ":canc") == (word: ":canc", candidates: [":cancel"]))
    }

    @Test func tabCompletesSeeArguments() {
        let shell = Self.shell([Self.hyp, Self.square, ": hypo 1 ;"])
        #expect(shell.completions(before: ":see hy").candidates == ["hyp", "hypo"])
        #expect(shell.completions(before: ":see hyp ").candidates == [])
    }

    // MARK: - :save and :load

    @Test func saveWritesDefinitionsBeforeTheirUsesAndLoadGivesTheSameWords() {
        let files = FakeFiles()
        let shell = Self.shell([": hyp ( a b -- c )", "a 2 ^ b 2 ^ + √ ;", Self.square, "3 4 hyp square"], files: files)
        #expect(shell.type(":save s.rpn") == "saved 4 lines to s.rpn\n")
        #expect(files.text("s.rpn") == ": hyp ( a b -- c )\na 2 ^ b 2 ^ + √ ;\n: square dup × ;\n3 4 hyp square\n")
        let other = Self.shell([], files: files)
        #expect(other.type(":load s.rpn").hasSuffix("  square(hyp(3,4)) = 25\n"))
        #expect(other.type(":words") == shell.type(":words"))
        #expect(other.type(":see hyp") == shell.type(":see hyp"))
    }

    /// After `:clear` the words kept are saved before what follows.
    @Test func saveAfterClear() {
        let files = FakeFiles()
        let shell = Self.shell([Self.square, "2 square", ":clear", "3 square"], files: files)
        _ = shell.type(":save s.rpn")
        #expect(files.text("s.rpn") == ": square dup × ;\n3 square\n")
    }

    // MARK: - :set

    /// `:set`'s value may call the session's words; it may not define one (the value is not
    /// kept as a line of the session, so the word would exist only in the saved program).
    @Test func setValuesMayUseWords() {
        let shell = Self.shell([Self.square, ": f 1 ;", ": g f ;", ": f 2 ;"])
        #expect(shell.type(":set x 3 square").hasPrefix("  x = 9\n"))
        #expect(shell.type(":set y g f +").hasPrefix("  y = 3\n"))
        #expect(shell.type(":set z : h 1 ; h") == "error: : h 1 ; h: a value cannot define a word; define it at the prompt first\n")
        #expect(shell.type(":set z 1 0 ÷") == "error: 1 0 ÷: division by zero\n")
        // a word's name is no variable: a store into it is an error, so :set refuses it too
        #expect(shell.type(":set square 4") == "error: 'square' is a word defined with ':', not a variable\n")
        #expect(shell.completions(before: ":set squ").candidates == [])
        #expect(shell.completions(before: ":plot squ").candidates == [])
    }

    // MARK: - Favorites

    /// A favorite that uses a word keeps its definition: it runs in a fresh shell and shows as
    /// infix text, and `:plot fav` can draw it.
    @Test func aFavoriteUsingAWordRunsInAFreshShell() throws {
        let store = InMemoryFavoritesStore()
        let shell = Self.shell([": hyp ( a b -- c )", "a 2 ^ b 2 ^ + √ ;", Self.square, "3 4 hyp"], favorites: store)
        #expect(shell.type(":fav") == "added 1  hyp(3,4)\n")
        #expect(try store.load() == [Favorite(program: ": hyp ( a b -- c )\na 2 ^ b 2 ^ + √ ;\n3 4 hyp",
                                              description: "hyp(3,4)")])
        let fresh = Self.shell([], favorites: store)
        #expect(fresh.type(":favs") == "1  hyp(3,4)\n")
        #expect(fresh.type(":fav 1") == "defined hyp ( a b -- c )\n  1: 5\n  hyp(3,4) = 5\n")
        #expect(fresh.type(":words") == "  hyp ( a b -- c )  hyp(a,b) = √(a^2+b^2)\n")
        _ = shell.type(":clear")
        _ = shell.type("M square")
        _ = shell.type(":fav")
        #expect(Self.shell([], favorites: store, terminal: (60, 20)).type(":plot fav 2 -2 2").contains("square(M)"))
    }

    /// A favorite that defines a word again differently: the warning names the favorite and
    /// shows its line, not a caret under what was typed (`:fav 1`). (Run twice, the same text
    /// defines nothing new, and says nothing.)
    @Test func aFavoriteRedefiningAWordWarnsWhereItsDefinitionIs() {
        let store = InMemoryFavoritesStore([Favorite(program: Self.square + " 3 square", description: "square(3)")])
        let shell = Self.shell([": square 2 ^ ;"], favorites: store)
        #expect(shell.type(":fav 1") == """
            favorite 1:1:3: warning: 'square' is defined again; uses from here on call this definition
            : square dup × ; 3 square
              ^^^^^^
            defined square ( x -- x )
              1: 9
              square(3) = 9

            """)
        #expect(!shell.type(":fav 1").contains("warning"))
    }

    /// `:plot` of a word that reads M draws it (its call had no value for any M before the
    /// core's fix).
    @Test func plotAWordThatReadsM() {
        let shell = Self.shell([": addm ( x -- y ) x M + ;", "3 addm"], terminal: (60, 20))
        let plot = shell.type(":plot -1 1")
        #expect(plot.contains("addm(3)") && !plot.contains("error"), "\(plot)")
    }

    /// Only words: nothing for a favorite to keep.
    @Test func aFavoriteOfOnlyUnusedWordsIsRefused() throws {
        let store = InMemoryFavoritesStore()
        #expect(Self.shell([Self.square], favorites: store).type(":fav") == "error: nothing to save yet: type a program first\n")
        #expect(try store.load().isEmpty)
    }

    // MARK: - :help

    @Test func helpTellsHowToDefineWords() {
        let shell = Self.shell([], terminal: (200, 20))
        let help = shell.type(":help definitions") + shell.type(":help commands")
        for text in [": NAME", "...>", ":words", ":see NAME", "if", "begin", "for"] {
            #expect(help.contains(text), "\(text)")
        }
        #expect(help.contains("empty the stack and forget the variables; the words stay"))
    }
}
