import RPNCore
import Testing

/// Which spellings are built-in words: constants only as written (`e`, `pi`, `π`), every
/// other word in any ASCII case. The lexer and `Builtin.named` (stores, rename) agree.
@Suite struct BuiltinNameTests {
    static let cases: [(String, BuiltinID?)] = [
        ("pi", .pi), ("π", .pi), ("e", .e), ("PI", nil), ("Pi", nil), ("pI", nil), ("E", nil),
        ("sin", .sin), ("SIN", .sin), ("Sin", .sin), ("dup", .dup), ("Dup", .dup), ("POW", .power),
        ("sqrt", .sqrt), ("sQrT", .sqrt), ("ſin", nil), ("pie", nil), ("energy", nil),
    ]

    @Test(arguments: cases)
    func builtinNamed(_ name: String, _ expected: BuiltinID?) {
        #expect(Builtin.named(name)?.id == (name == "π" ? nil : expected))  // glyphs are not names
        let tokens = RPN.tokenize(name)
        #expect(tokens.count == 1)
        #expect(tokens.first?.builtin == expected)
        #expect(tokens.first?.kind == expected.map { Self.tokenKind(Builtin[$0].kind) } ?? .variable)
    }

    static func tokenKind(_ kind: WordKind) -> TokenKind {
        switch kind {
        case .binaryOperator: .operator
        case .function: .function
        case .constant: .constant
        case .stackWord: .stackWord
        case .directive: .directive
        case .keyword: .keyword
        }
    }

    /// `Builtin[id]` indexes the table by raw value, and the machine runs a word as binary by
    /// `isBinary`: both must agree with the rows.
    @Test func theTableIsInIDOrderAndIsBinaryMatchesTheArity() {
        #expect(Builtin.all.map(\.id) == BuiltinID.allCases)
        // Issue 19: analysis over a free variable: `∂` takes two operands as a stack word, not a binary node.
        for word in Builtin.all where (word.kind == .binaryOperator || word.kind == .function) && !word.id.isAnalysis {
            #expect(word.id.isBinary == (word.arity == 2), "\(word.id)")
        }
    }

    @Test func energyIsAVariable() {
        let evaluation = RPN.evaluate("E 2 ×", variables: [("E", Number(5))])
        #expect(evaluation.values == [Number(10)])
        #expect(evaluation.diagnostics.isEmpty)
        #expect(RPN.isVariableName("E") && RPN.isVariableName("PI") && !RPN.isVariableName("e"))
    }
}
