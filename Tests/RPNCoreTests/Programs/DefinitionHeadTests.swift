@testable import RPNCore
import Testing

/// The head of a definition left open (`: sin`, `: f ( a a -- b )`) is judged by the
/// compiler's own rules as soon as it is typed (issue 20); a definition repeated word for word
/// is no redefinition worth a warning.
@Suite struct DefinitionHeadTests {
    static let heads: [(String, [String])] = [
        (": hyp ( a b -- c )", []),
        (": f", []),
        (":", []),                                   // no name yet: nothing to judge
        (": f dup", []),
        (": f ( a -- b ) ;", []),                    // not left open: the compiler's to report
        (": sin", ["cannot define 'sin': it is the built-in function sin @2..<5"]),
        (": fact", ["cannot define 'fact': it is the built-in function fact @2..<6"]),
        (": dup 2", ["cannot define 'dup': it is the built-in stack word dup @2..<5"]),
        (": 2x", ["a word's name follows the rules of variable names (a letter, then letters, digits or _): '2x' is not one @2..<4"]),
        (": f ( a a -- b )", ["the parameter 'a' is named twice @4..<16"]),
        (": f ( 1a -- b )", ["a parameter's name follows the rules of variable names (a letter, then letters, digits or _): '1a' is not one @4..<15"]),
        ("1 2 + : g # comment\n", []),
        ("1 : sin", ["cannot define 'sin': it is the built-in function sin @4..<7"]),
    ]

    @Test(arguments: heads)
    func theHeadIsJudgedAsTheCompilerJudgesIt(_ text: String, _ expected: [String]) {
        #expect(RPN.definitionHeadProblems(text).map { "\($0.message) @\($0.range)" } == expected)
        // At the `;` the compiler says the same.
        if !expected.isEmpty {
            let messages = RPN.evaluate(text + " 1 ;").diagnostics.map(\.message)
            for problem in RPN.definitionHeadProblems(text) { #expect(messages.contains(problem.message)) }
        }
    }

    static let redefinitions: [(String, Int)] = [
        (": f 1 + ; : f 1 + ;", 0),
        (": f 1 + ; : f 2 + ;", 1),
        (": f 1 + ; : f  1 + ;", 1),                // not the same text
        (": f 1 + ; : f 2 + ; : f 2 + ;", 1),
    ]

    @Test(arguments: redefinitions)
    func onlyADifferentRedefinitionWarns(_ text: String, _ warnings: Int) {
        #expect(RPN.evaluate(text).diagnostics.filter { $0.code == .redefinedWord }.count == warnings)
    }
}
