import RPNCore
import Testing

@Suite struct SuggestionsTests {
    static let cases: [(String, String?)] = [
        ("sqr", "sqrt"), ("sqtr", "sqrt"), ("sine", "sin"), ("cso", "cos"), ("swp", "swap"), ("dupp", "dup"),
        ("M", nil), ("x", nil), ("rate", nil), ("clr", nil), ("clera", "clear"),
        // A case variant of a word suggests it, however short (constants are case-sensitive).
        ("E", "e"), ("PI", "pi"), ("Pi", "pi"), ("pI", "pi"), ("Sqrt", "sqrt"), ("EE", nil), ("P", nil),
    ]

    @Test(arguments: cases)
    func closestWord(_ word: String, _ expected: String?) {
        #expect(Suggestions.closest(to: word, among: Builtin.wordNames) == expected)
    }
}
