@testable import RPNShell
import Testing

/// A definition's head typed over lines (`:`, then `sin` on the next): each part is judged when
/// its line is entered, with carets under that line; once the body has begun, lines are not
/// judged again.
@Suite struct HeadOverLinesTests {
    static let cases: [([String], String)] = [
        ([":", "sin dup"], "     ^^^ error: cannot define 'sin': it is the built-in function sin\n"
            + "the definition stays open: go on, or :cancel drops it\n"),
        ([": f", "( a a -- b )"], "     ^^^^^^^^^^^^ error: the parameter 'a' is named twice\n"
            + "the definition stays open: go on, or :cancel drops it\n"),
        ([": f", "# a comment", "( 1a -- b )"], "     ^^^^^^^^^^^ error: a parameter's name follows the rules of variable names (a letter, then letters, digits or _): '1a' is not one\n"
            + "the definition stays open: go on, or :cancel drops it\n"),
        ([": f", "dup", "( a a -- b )"], ""),   // the body had begun: `(` is no stack effect there
        ([": f", "( a b -- c )"], ""),
    ]

    @Test(arguments: cases)
    func eachLineOfTheHeadIsJudged(_ lines: [String], _ expected: String) {
        let shell = Shell.inMemory(terminal: (80, 24))
        var last = ""
        for line in lines { last = shell.type(line) }
        #expect(last == expected)
        #expect(shell.prompt == "...> ")
    }
}
