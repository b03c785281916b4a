import RPNTestSupport
import Testing
@testable import RPNShell

/// Tab after a command's name completes its arguments: variables for `:set` and `:unset`,
/// RPN for `:set`'s value, the keywords of `:fav` and `:plot`. Expected lists by hand from the
/// session set up below (variables `rate` and `x`).
@Suite struct CommandArgumentCompletionTests {
    static let cases: [(String, String, [String])] = [
        (":set ra", "ra", ["rate"]),
        (":set ", "", ["rate", "x"]),
        (":set rate sq", "sq", ["sq", "sqrt"]),
        (":set rate 2 x", "x", ["x", "xor"]),  // the value is RPN: words too
        (":unset r", "r", ["rate"]),
        (":unset rate ", "", []),
        (":fav ", "", ["add", "rm"]),
        (":fav r", "r", ["rm"]),
        (":FAV a", "a", ["add"]),
        (":fav rm ", "", []),
        (":plot ", "", ["fav", "rate", "x"]),
        (":plot f", "f", ["fav"]),
        (":plot fav 1 ", "", ["rate", "x"]),
        (":plot x -1 ", "", []),
        (":undo ", "", []),
        (":fix ", "", []),
        (":frob r", "r", []),
        ("  :set  r", "r", ["rate"]),
    ]

    @Test(arguments: cases)
    func tabCompletesArguments(_ before: String, _ word: String, _ expected: [String]) {
        let shell = Shell.inMemory()
        _ = shell.type("3 →rate")
        _ = shell.type(":set x 2")
        let result = shell.completions(before: before)
        #expect(result.word == word)
        #expect(result.candidates == expected)
    }
}
