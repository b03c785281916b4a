import Foundation
import RPNTestSupport
import Testing
@testable import RPNCore

/// The core's, not Foundation's.
typealias Formatter = RPNCore.Formatter

/// The formatter's layout (issue 17): lines indented one level per definition, `if` part and
/// loop they stand in, by the compiler's rule of where those end (`ProgramRegionScanner`);
/// edits of only the blanks that change; formatting twice is formatting once.
@Suite struct FormatterLayoutTests {
    static func formatted(_ text: String, indentWidth: Int = 2) -> String {
        Formatter.format(SourceFile(name: "<t>", text: text), options: Formatter.Options(indentWidth: indentWidth))
    }

    static func edits(_ text: String, options: Formatter.Options = Formatter.Options()) -> [Formatter.Edit] {
        Formatter.edits(SourceFile(name: "<t>", text: text), options: options)
    }

    /// (text, formatted with 2 spaces a level): by hand.
    static let cases: [(String, String)] = [
        // A definition's body one level in, its `;` level with its `:`.
        (": f ( n -- m )\nn 1 +\n;\n", ": f ( n -- m )\n  n 1 +\n;\n"),
        (": f ( n -- m )\n      n 1 +\n   ;", ": f ( n -- m )\n  n 1 +\n;"),
        (":  f\n\tdup ×  ;", ": f\n  dup × ;"),
        // The parts of an if one more; else and then level with their if.
        (": signum ( x -- s )\nx 0 < if\n-1\nelse\nx 0 > if\n1\nelse\n0\nthen\nthen\n;",
         ": signum ( x -- s )\n  x 0 < if\n    -1\n  else\n    x 0 > if\n      1\n    else\n      0\n    then\n  then\n;"),
        // A line opening with a closer stands where that closer leaves the nesting.
        (": f\n1 if\n2\nthen 3\n;", ": f\n  1 if\n    2\n  then 3\n;"),
        (": f\n1 if\n2 if\n3\nthen then ;\n4", ": f\n  1 if\n    2 if\n      3\n    then then ;\n4"),
        // Loops, at the top level and in a body; keywords in any case.
        ("0 1 10 for i\ni +\nnext", "0 1 10 for i\n  i +\nnext"),
        ("0 10 1 -3 for k\n k +\n step", "0 10 1 -3 for k\n  k +\nstep"),
        ("1 begin\n2 ×\ndup 100 > until\n5", "1 begin\n  2 ×\n  dup 100 > until\n5"),
        (": t ( n -- t )\n0 1 n FOR j\nj +\nNEXT\n;", ": t ( n -- t )\n  0 1 n FOR j\n    j +\n  NEXT\n;"),
        ("1 if\n0 3 for i\nbegin\ni\n1 until drop\nnext\nthen", "1 if\n  0 3 for i\n    begin\n      i\n      1 until drop\n  next\nthen"),
        // Constructs on one line leave the next line where it was.
        (": sq dup × ; 3\n  4 sq", ": sq dup × ; 3\n4 sq"),
        ("0 1 10 for i i + next\n  1", "0 1 10 for i i + next\n1"),
        // Comments indented as code, their text kept; stack effects kept as written.
        (": f # a  b   \n# c   d\n1 ;", ": f # a  b   \n  # c   d\n  1 ;"),
        (": f (  a   --  b  )\na ;", ": f (  a   --  b  )\n  a ;"),
        ("  # top  ", "# top  "),
        // Blank lines are emptied, never indented; each line keeps its ending.
        (": f\r\n1\r\n   \r\n\t2\r;", ": f\r\n  1\r\n\r\n  2\r;"),
        // A `:` inside a definition opens none (nested-definition): the first `;` ends both.
        (": a\n: b\n1 ;\n2", ": a\n  : b\n  1 ;\n2"),
        // An if left open inside a definition ends with it: the lines after it are not moved.
        (": f\n1 if\n2\n;\n3", ": f\n  1 if\n    2\n;\n3"),
        // Closers with nothing open: at the top level, and in a body (they open nothing).
        ("then\n  1\n next", "then\n1\nnext"),
        (": f\nthen\n1 if\n2\nthen\n;", ": f\n  then\n  1 if\n    2\n  then\n;"),
        ("  else 1", "else 1"),
        // A definition or block the text leaves open: its lines after the first keep their
        // indentation (only their spaces between tokens are made single).
        ("1\n: f\n    2   3\n5\n\t6", "1\n: f\n    2 3\n5\n\t6"),
        ("1 if\n2\n    3  4", "1 if\n2\n    3 4"),
        ("  : f   1", ": f 1"),
        (": a 1 ;\n: b\n1\n  : c\n2 ;\n: d\n  1", ": a 1 ;\n: b\n  1\n  : c\n  2 ;\n: d\n  1"),
    ]

    @Test(arguments: cases)
    func theLayoutFollowsTheStructure(_ text: String, _ expected: String) {
        #expect(Self.formatted(text) == expected, "\(text.debugDescription)")
    }

    /// The formatted text is formatted already: no edits.
    @Test(arguments: cases)
    func formattingTwiceIsFormattingOnce(_ text: String, _ expected: String) {
        #expect(Self.edits(expected) == [], "\(expected.debugDescription)")
    }

    @Test(arguments: [
        (0, ": f\n1 if\n    2\nthen ;", ": f\n1 if\n2\nthen ;"),
        (4, ": f\n1 if\n2\nthen ;", ": f\n    1 if\n        2\n    then ;"),
    ])
    func theIndentWidth(_ width: Int, _ text: String, _ expected: String) {
        #expect(Self.formatted(text, indentWidth: width) == expected)
    }

    /// Edits replace blanks only, and only those that change: the common part of a run stays
    /// (4 spaces where 2 are right lose 2), and a token is never inside an edit.
    @Test(arguments: [
        (": f\n    1  2\n;", [(6, 8, ""), (10, 11, "")]),
        (": f\n\t1\n;", [(4, 5, "  ")]),
        (": f\n1\n;", [(4, 4, "  ")]),
        ("1\t2 ×  \n", [(1, 2, " "), (6, 8, "")]),
        ("dup××", [(3, 3, " "), (5, 5, " ")]),
    ])
    func editsAreOfTheBlanksThatChange(_ text: String, _ expected: [(Int, Int, String)]) {
        let edits = Self.edits(text)
        #expect(edits.map { [$0.range.lowerBound, $0.range.upperBound] } == expected.map { [$0.0, $0.1] }, "\(text.debugDescription)")
        #expect(edits.map(\.text) == expected.map { $0.2 }, "\(text.debugDescription)")
    }

    /// Random soups of keywords, names, comments, stack effects, blanks and line breaks: the
    /// edits touch blanks alone and neither overlap nor touch, the tokens and regions stay
    /// what they were, and the result is formatted already.
    @Test func randomTextsKeepTheirTokensAndFormatOnce() {
        let pieces = [":", ";", "if", "else", "then", "for", "i", "next", "step", "begin", "until", "1", "-2", "dup", "x",
                      "# ; c  \n", "( -- ; )", "( a  b -- c )", "( :", "\n", "\r\n", "\r", "  ", "\t", "→x", "->y", "×",
                      "sq", "\n    ", "\n\t"]
        var generator = SeededGenerator(state: 17)
        for _ in 0..<600 {
            let count = Int.random(in: 0..<40, using: &generator)
            let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }
                .joined(separator: Bool.random(using: &generator) ? " " : "")
            let source = SourceFile(name: "<t>", text: text)
            let edits = Formatter.edits(source)
            var end = -1
            for edit in edits {
                #expect(edit.range.lowerBound > end, "\(text.debugDescription): edits in order, apart")
                #expect(source.bytes[edit.range].allSatisfy(Lexer.isSpace) && edit.bytes.allSatisfy(Lexer.isSpace),
                        "\(text.debugDescription): \(edit)")
                end = edit.range.upperBound
            }
            let result = Formatter.format(source)
            let shown = { (text: String) in
                let source = SourceFile(name: "<t>", text: text)
                return RPN.tokenize(text).map { source.text(of: $0.range) }
            }
            #expect(shown(result) == shown(text), "\(text.debugDescription)")
            #expect(RPN.regions(result).map { [$0.kind == .block, $0.isComplete] } == RPN.regions(text).map { [$0.kind == .block, $0.isComplete] },
                    "\(text.debugDescription)")
            #expect(Formatter.edits(SourceFile(name: "<t>", text: result)) == [], "\(text.debugDescription) -> \(result.debugDescription)")
        }
    }

    /// The project's example of programs is laid out as the formatter lays it out (it was
    /// formatted with it).
    @Test func theExampleProgramsAreFormatted() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("tests/grammar/programs.rpn")
        let source = SourceFile(name: "programs.rpn", bytes: Array(try Data(contentsOf: url)))
        #expect(Formatter.edits(source) == [])
        #expect(RPN.regions(source).filter { $0.kind == .definition }.count >= 6, "the example still has its definitions")
    }
}
