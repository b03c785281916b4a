import RPNCore
import Testing

@Suite struct LexerTests {
    /// Program ⇒ the tokens' kinds and texts, `kind:text` separated by spaces.
    static let cases: [(String, String)] = [
        ("3 4 +", "number:3 number:4 operator:+"),
        ("3 -4 +", "number:3 number:-4 operator:+"),
        ("3-4", "number:3 operator:- number:4"),
        ("+-4", "operator:+ operator:- number:4"),
        ("x-5", "variable:x operator:- number:5"),
        ("-.5 .5 5. -5.", "number:-.5 number:.5 number:5. number:-5."),
        ("6.02e23 1E-9 1e+3", "number:6.02e23 number:1E-9 number:1e+3"),
        ("1e-", "invalid:1e operator:-"),
        ("2x 1.2.3", "invalid:2x invalid:1.2.3"),
        ("3 4+5×", "number:3 number:4 operator:+ number:5 operator:×"),
        ("2π×", "number:2 constant:π operator:×"),
        ("2√", "number:2 function:√"),
        ("1 2 − 3 ÷ 4 * 5 / 2 ^ ±", "number:1 number:2 operator:− number:3 operator:÷ number:4 operator:* number:5 operator:/ number:2 operator:^ function:±"),
        ("SIN Dup POW Chs", "function:SIN stackWord:Dup operator:POW function:Chs"),
        // Constants are case-sensitive: E (energy) and PI are variables.
        ("pi e π PI Pi pI E", "constant:pi constant:e constant:π variable:PI variable:Pi variable:pI variable:E"),
        ("M x rate _t α Mx2", "variable:M variable:x variable:rate variable:_t variable:α variable:Mx2"),
        ("→M ->rate", "store:→M store:->rate"),
        ("-> → ->3", "invalid:-> invalid:→ invalid:->3"),
        ("→sin", "store:→sin"),
        ("3#c", "number:3 comment:#c"),
        ("# √ π 😀\n4", "comment:# √ π 😀 number:4"),
        ("x$ $ @a", "invalid:x$ invalid:$ invalid:@a"),
        ("a\u{00A0}b", "invalid:a\u{00A0}b"),
        ("xπ", "variable:x constant:π"),
    ]

    @Test(arguments: cases)
    func tokens(_ program: String, _ expected: String) {
        let source = SourceFile(name: "t", text: program)
        let tokens = RPN.tokenize(source).map { "\($0.kind.rawValue):\(source.text(of: $0.range))" }
        #expect(tokens.joined(separator: " ") == expected)
    }

    @Test func invalidBytesBecomeInvalidTokensThatPointAtTheByte() {
        let source = SourceFile(name: "t", bytes: [0x31, 0x20, 0xFF, 0x20, 0x61, 0x00, 0x62, 0x20, 0x32])
        let tokens = RPN.tokenize(source)
        #expect(tokens.map(\.kind) == [.number, .invalid, .invalid, .number])
        #expect(tokens[1].problem == .invalidUTF8)
        #expect(tokens[2].problem == .nulByte)
        let evaluation = RPN.evaluate([source])
        #expect(evaluation.diagnostics.map(\.code) == [.invalidUTF8, .nulByte])
        #expect(evaluation.diagnostics.map(\.range) == [2..<3, 5..<6])
    }

    @Test func numberValuesAreCorrectlyRounded() {
        let texts = ["0.1", "123456789012345678", "2.2250738585072014e-308", "4.9e-324", "1.7976931348623157e308",
                     "9007199254740993", "0.30000000000000004", "1e23", "8.98846567431158e307"]
        for text in texts {
            let token = RPN.tokenize(text)[0]
            #expect(token.number == Double(text)!, "\(text)")
        }
    }
}
