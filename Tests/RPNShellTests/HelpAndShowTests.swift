import RPNCore
@testable import RPNShell
import Testing

/// Issue 20, "Traps and help": `:help` is an index that fits a screen, `:help WORD` a word
/// with its example, `:help :COMMAND` a command, `:help TOPIC` a topic; `:show` a value in
/// full, `:stack` every level; long text goes to the pager; Tab completes file names.
/// Expected texts written by hand from the word and command tables and the values' arithmetic.
@Suite struct HelpAndShowTests {
    @Test(arguments: [60, 80, 100])
    func theIndexFitsOneScreen(columns: Int) {
        let help = Shell.inMemory(terminal: (columns, 24)).type(":help")
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count < 24, "\(columns): \(lines.count) lines")
        #expect(lines.allSatisfy { $0.count <= columns })
        for topic in ["words", "commands", "variables", "definitions", "lists", "modes", "files", "keys"] {
            #expect(help.contains("  \(topic) "), "\(topic)")
        }
    }

    static let helpTexts: [(String, String)] = [
        (":help sqrt", "√ sqrt  ( a -- √a )\n  Square root.\n  example: 16 √ ⇒ 4\n"),
        (":help +", "+  ( a b -- a+b )\n  Adds the top two values.\n  example: 3 4 + ⇒ 7\n"),
        (":see sqrt", "√ sqrt  ( a -- √a )\n  Square root.\n  example: 16 √ ⇒ 4\n"),
        (":help :undo", "  :undo                       take back the last change\n"),
        (":help :h", "  :help [TOPIC|WORD|:COMMAND] the topics; a topic, a word (effect, description, example) or a command\n  also :h, :?\n"),
        (":help sni", "error: no word, command or topic 'sni'; did you mean 'sin'?\n"),
        (":help :sav", "error: no word, command or topic ':sav'; did you mean ':save'?\n"),
        (":help sin cos", "error: usage: :help [TOPIC|WORD|:COMMAND]\n"),
    ]

    @Test(arguments: helpTexts)
    func helpOfOneThing(_ line: String, _ expected: String) {
        #expect(Shell.inMemory(terminal: (120, 40)).type(line) == expected)
    }

    @Test func helpOfOnesOwnWordShowsItsDefinition() {
        let shell = Shell.inMemory(terminal: (100, 40))
        _ = shell.type(": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;")
        #expect(shell.type(":help hyp")
                == "hyp ( a b -- c )  hyp(a,b) = √(a^2+b^2)\n  a word of your own, defined as:\n: hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;\n")
    }

    @Test func theVariablesTopicStatesTheStoreRule() {
        let help = Shell.inMemory(terminal: (300, 40)).type(":help variables")
        #expect(help.contains("1 →M M 2 →M M + is 4"))
        #expect(help.contains("A store therefore changes the results already on the stack that read the variable."))
    }

    /// Longer than the screen: to the pager; shorter, or no pager: printed.
    @Test func longHelpGoesToThePager() {
        var paged: [String] = []
        let shell = Shell.inMemory(terminal: (80, 24), page: { paged.append($0); return true })
        #expect(shell.type(":help words") == "")
        #expect(paged.count == 1 && paged[0].contains("( a b -- a+b )"))
        #expect(shell.type(":help sin").contains("example:"))
        #expect(paged.count == 1)
        let noPager = Shell.inMemory(terminal: (80, 24))
        #expect(noPager.type(":help words").contains("( a b -- a+b )"))
    }

    @Test func showPrintsEveryDigit() {
        let shell = Shell.inMemory(terminal: (80, 24))
        _ = shell.type("1000 ! 7")
        let shown = shell.type(":show 2")
        // 1000! has 2568 digits, 249 of them trailing zeros, and begins 402387260077.
        #expect(shown.hasPrefix("402387260077"))
        #expect(shown.hasSuffix(String(repeating: "0", count: 249) + "\n"))
        #expect(shown.count == 2568 + 1)
        #expect(shell.type(":show") == "7\n")
    }

    @Test func showPrintsEveryElementOfAList() {
        let shell = Shell.inMemory(terminal: (40, 24))
        _ = shell.type("1 40 seq")
        #expect(shell.type(":show 1") == "{ " + (1...40).map(String.init).joined(separator: " ") + " }\n")
    }

    static let showErrors: [(String, String)] = [
        (":show", "error: the stack is empty\n"),
        ("1", "(a value on the stack)"),
        (":show 2", "error: level 2 is empty: the stack has 1 entry\n"),
        (":show 0", "error: :show LEVEL: '0' is not a level (1 is the top)\n"),
        (":show x", "error: :show LEVEL: 'x' is not a level (1 is the top)\n"),
        (":show 1 2", "error: usage: :show [LEVEL]\n"),
        ("y", "(an entry without a value)"),
        (":show", "error: level 1 has no value: a variable it reads has none (:vars lists those that do)\n"),
    ]

    /// Lines typed in order; a command's output is checked, RPN only puts values on the stack.
    @Test func showErrorsSayWhatIsWrong() {
        let shell = Shell.inMemory()
        for (line, expected) in Self.showErrors {
            let shown = shell.type(line)
            if ShellCommand.isCommand(Substring(line)) { #expect(shown == expected, "\(line)") }
        }
    }

    @Test func stackShowsEveryLevel() {
        let shell = Shell.inMemory(terminal: (60, 40))
        _ = shell.type("1 20 seq list→ drop")
        let stack = shell.type(":stack")
        #expect(!stack.contains("more"))
        #expect(stack.contains("  20: 1\n") && stack.contains("   1: 20\n"))
    }

    static let listing = [".": ["test.rpn", "tests/", "other.rpn", ".hidden.rpn"], "/home/u/": ["notes.rpn", "nope/"],
                          "tests/": ["a.rpn"]]

    static let fileCompletions: [(String, [String])] = [
        (":load te", ["test.rpn", "tests/"]),
        (":load ", ["other.rpn", "test.rpn", "tests/"]),
        (":load .h", [".hidden.rpn"]),
        (":save tests/", ["tests/a.rpn"]),
        (":load ~", ["~/"]),
        (":load ~/no", ["~/nope/", "~/notes.rpn"]),
        (":load nothing", []),
        (":load a b", []),
    ]

    @Test(arguments: fileCompletions)
    func tabCompletesFileNames(_ before: String, _ expected: [String]) {
        let shell = Shell.inMemory(directoryNames: { Self.listing[$0] ?? [] },
                                   filePath: { $0.hasPrefix("~/") ? "/home/u/" + $0.dropFirst(2) : $0 })
        #expect(shell.completions(before: before).candidates == expected)
    }
}
