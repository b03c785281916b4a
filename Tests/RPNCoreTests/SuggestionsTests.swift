import RPNCore
import Testing

@Suite struct SuggestionsTests {
    static let cases: [(String, String?)] = [
        ("sqr", "sqrt"), ("sqtr", "sqrt"), ("sine", "sin"), ("cso", "cos"), ("swp", "swap"), ("dupp", "dup"),
        ("M", nil), ("x", nil), ("clr", nil), ("clera", "clear"),
        // `rat` (issue 18) is a word: `rate`, one letter past it, is taken for a typo of it.
        ("rate", "rat"), ("loan", nil),
        // A case variant of a word suggests it, however short (constants are case-sensitive).
        ("E", "e"), ("PI", "pi"), ("Pi", "pi"), ("pI", "pi"), ("Sqrt", "sqrt"), ("EE", nil), ("P", nil),
    ]

    @Test(arguments: cases)
    func closestWord(_ word: String, _ expected: String?) {
        #expect(Suggestions.closest(to: word, among: Builtin.wordNames) == expected)
    }

    /// (the word, the program's own names, the suggestion): worked out by hand.
    static let ownNames: [(String, [String], String?)] = [
        ("principle", ["principal", "rate"], "principal"),   // two substitutions in 9 letters
        ("rat", ["rate"], "rate"),
        ("Rate", ["rate"], "rate"),                          // a case variant, 3 letters or more
        ("T", ["t"], nil), ("Fx", ["fx"], nil),              // shorter: two quantities
        // A numbered family is meant apart: no typo of a sibling, with or without its number.
        ("x11", ["x12"], nil), ("loan1", ["loan2", "loan"], nil), ("p10", ["p1"], nil),
        ("rate1", ["rats1"], "rats1"),                       // letters differ: a typo
        // A built-in word the typed one begins wins at equal distance; else the program's name.
        ("sqr", ["sqa"], "sqrt"), ("dupp", ["dupe"], "dupe"),
        ("principle", [], nil), ("xyz", ["abc"], nil),
    ]

    @Test(arguments: ownNames)
    func closestOwnName(_ word: String, _ names: [String], _ expected: String?) {
        #expect(Suggestions.closest(to: word, among: Builtin.wordNames, ownNames: names) == expected)
    }

    /// (program, the diagnostic's message, its replacement): the program's words and the
    /// variables with a value are suggested, in `rpn -e`'s error and in the editor's warning.
    static let programs: [(String, Bool, String, String?)] = [
        ("1000 →principal principle 2 ×", false, "variable 'principle' is unset; did you mean 'principal'?", "principal"),
        ("1000 →principal principle 2 ×", true, "'principle' is a free variable; did you mean 'principal'?", "principal"),
        // A word of one's own, defined before or after.
        (": principal 5 ; principle", true, "'principle' is a free variable; did you mean 'principal'?", "principal"),
        ("principle : principal 5 ;", true, "'principle' is a free variable; did you mean 'principal'?", "principal"),
        // A variable without a value is no suggestion, nor a sibling of a numbered family.
        ("principal principle +", true, "", nil),
        ("1 →x12 x11", true, "", nil),
        ("1 →x12 x11", false, "variable 'x11' is unset", nil),
    ]

    @Test(arguments: programs)
    func theMachineSuggestsTheProgramsNames(_ program: String, _ free: Bool, _ message: String, _ replacement: String?) {
        var machine = Machine(options: EvaluationOptions(freeVariables: free))
        machine.run(SourceFile(name: "<t>", text: program))
        _ = machine.values()
        let diagnostic = machine.allDiagnostics.first { $0.code == .unsetVariable }
        #expect((diagnostic?.message ?? "") == message, "\(program)")
        #expect(diagnostic?.replacement == replacement, "\(program)")
    }

    /// A name that gets a value later is suggested then: the answer found before is not kept.
    @Test func aSuggestionFollowsTheNamesInForce() {
        var machine = Machine(options: EvaluationOptions(freeVariables: false))
        machine.run(SourceFile(name: "<1>", text: "principle principal"))
        _ = machine.values()
        let before = machine.allDiagnostics.filter { $0.message.contains("'principle'") }
        #expect(before.count == 1 && before[0].replacement == nil, "\(before)")
        machine.clearDiagnostics()
        machine.setVariable("principal", to: Number(5))
        machine.run(SourceFile(name: "<2>", text: "principle"))
        _ = machine.values()
        #expect(machine.allDiagnostics.first { $0.code == .unsetVariable }?.replacement == "principal")
    }
}
