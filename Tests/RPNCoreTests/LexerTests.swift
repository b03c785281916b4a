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
        // Issue 9: & | ~ << >> ! % are self-delimiting; %ch is one word before a delimiter.
        ("3 4&5|6~", "number:3 number:4 operator:& number:5 operator:| number:6 function:~"),
        ("5! 2 3<<1>>", "number:5 function:! number:2 number:3 operator:<< number:1 operator:>>"),
        ("50 10% 50 75%ch 2 %CH", "number:50 number:10 operator:% number:50 number:75 function:%ch number:2 function:%CH"),
        ("1 %chx %c", "number:1 operator:% variable:chx operator:% variable:c"),
        ("x!y a<<<b", "variable:x function:! variable:y variable:a operator:<< operator:< variable:b"),
        // Issue 10: < > = ≤ ≥ ≠ are self-delimiting; <= >= == != are one token each.
        ("2<3 x>y 3 4< x 1= a≤b≥c≠d", "number:2 operator:< number:3 variable:x operator:> variable:y number:3 number:4 operator:< variable:x number:1 operator:= variable:a operator:≤ variable:b operator:≥ variable:c operator:≠ variable:d"),
        ("1<=2 1>=2 1==2 1!=2 <<= >>= ===", "number:1 operator:<= number:2 number:1 operator:>= number:2 number:1 operator:== number:2 number:1 operator:!= number:2 operator:<< operator:= operator:>> operator:= operator:== operator:="),
        ("5! = 5!= 5!!= x<-3 <=> =<", "number:5 function:! operator:= number:5 operator:!= number:5 function:! operator:!= variable:x operator:< operator:- number:3 operator:<= operator:> operator:= operator:<"),
        ("and OR Not andx not2 ->x= 2>=-1", "operator:and operator:OR function:Not variable:andx variable:not2 store:->x operator:= number:2 operator:>= operator:- number:1"),
        ("mod REM Xor fact IP atan2 LOG2 exp10 dup2 Drop2 lastx last",
         "operator:mod operator:REM operator:Xor function:fact function:IP function:atan2 function:LOG2 function:exp10 stackWord:dup2 stackWord:Drop2 stackWord:lastx stackWord:last"),
        ("atan22 dup3 modx", "variable:atan22 variable:dup3 variable:modx"),
        // Literals in bases 16, 8, 2, the prefix in any case, with - as decimal numbers.
        ("0x1F 0o17 0b1011 0XfF -0x10 3-0x1", "number:0x1F number:0o17 number:0b1011 number:0XfF number:-0x10 number:3 operator:- number:0x1"),
        ("0x1e+1 0x10→h 0x10#c", "number:0x1e operator:+ number:1 number:0x10 store:→h number:0x10 comment:#c"),
        ("0x 0xG 0b102 0o8 0x1.5 -0b", "invalid:0x invalid:0xG invalid:0b102 invalid:0o8 invalid:0x1.5 invalid:-0b"),
        // Issue 17: a quoted name right after include on its line is a path, spaces and all.
        ("include \"lib.rpn\" 3", "keyword:include path:\"lib.rpn\" number:3"),
        ("INCLUDE\t \"my lib.rpn\"#c", "keyword:INCLUDE path:\"my lib.rpn\" comment:#c"),
        ("include \"a#b;c→d\" \"e\"", "keyword:include path:\"a#b;c→d\" invalid:\"e\""),
        ("include \"\"", "keyword:include path:\"\""),
        ("include \"lib.rpn", "keyword:include invalid:\"lib.rpn"),
        ("include \"a\nb\"", "keyword:include invalid:\"a invalid:b\""),
        ("include\n\"lib.rpn\"", "keyword:include invalid:\"lib.rpn\""),
        ("include 3 \"a\"", "keyword:include number:3 invalid:\"a\""),
        ("\"a\" includes \"b\" include\"c\"", "invalid:\"a\" variable:includes invalid:\"b\" invalid:include\"c\""),
        ("# include \"a\"\n\"b\"", "comment:# include \"a\" invalid:\"b\""),
        // The include stands as a token of its own: after a delimiter too, not in a store's name.
        ("3×include \"a\" 1-include \"b\"", "number:3 operator:× keyword:include path:\"a\" number:1 operator:- keyword:include path:\"b\""),
        ("→include \"a\" ->include \"b\" xinclude \"c\"", "store:→include invalid:\"a\" store:->include invalid:\"b\" variable:xinclude invalid:\"c\""),
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

    /// Based literals: exact while they fit 53 bits, then correctly rounded (ties to even),
    /// every digit counting. Expected values from Python's float(int), which rounds correctly.
    static let basedLiterals: [(String, Double)] = [
        ("0x1F", 31), ("-0x10", -16), ("0o17", 15), ("0b1011", 11), ("0x0", 0), ("-0x0", 0),
        ("0b11111111111111111111111111111111111111111111111111111", 9007199254740991),
        ("0x20000000000001", 9007199254740992),  // 2^53+1: a tie, to even
        ("0x2000000000000100000000000000001", 2.6584559915698323e+36),  // just past the tie: up
        ("0x2000000000000100000000000000000", 2.658455991569832e+36),  // the tie itself: even
        ("-0o17777777777777777777777", -1.4757395258967641e+20),
        ("0x" + String(repeating: "F", count: 300), .infinity),
    ]

    @Test(arguments: basedLiterals)
    func basedLiteralValues(_ text: String, _ expected: Double) {
        let tokens = RPN.tokenize(text)
        #expect(tokens.count == 1 && tokens[0].kind == .number)
        #expect(tokens.first?.number == expected)
        #expect(tokens.first?.number.sign == .plus || expected != 0)  // "-0x0" is 0: one zero
    }

    @Test func malformedBasedLiteralsAreInvalidNumbersAtTheirToken() {
        let evaluation = RPN.evaluate("1 0x 0b102 2")
        #expect(evaluation.diagnostics.map(\.code) == [.invalidNumber, .invalidNumber])
        #expect(evaluation.diagnostics.map(\.range) == [2..<4, 5..<10])
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

/// Issue 20: a UTF-8 byte order mark (EF BB BF) at the start of a source is no part of it.
@Suite struct ByteOrderMarkTests {
    /// A text given whole (an editor's document, offset 0): the lexer skips the mark, and the
    /// tokens keep the document's offsets (after the mark's 3 bytes).
    @Test(arguments: [
        ([0xEF, 0xBB, 0xBF] + Array("1 2".utf8), [3..<4, 5..<6]),
        ([0xEF, 0xBB, 0xBF], []),
        (Array("1 ".utf8) + [0xEF, 0xBB, 0xBF] + Array("2".utf8), [0..<1, 2..<6]),  // mid-text: one invalid token
    ] as [([UInt8], [Range<Int>])])
    func theLexerSkipsAMarkAtTheStartOnly(_ bytes: [UInt8], _ ranges: [Range<Int>]) {
        #expect(Lexer.tokenize(SourceFile(name: "t", bytes: bytes)).map(\.range) == ranges)
    }

    /// A source added to a set (a file, standard input, -e, an include, a shell line) drops it,
    /// so that positions count from the first character a user sees.
    @Test func aSourceSetDropsIt() {
        var sources = SourceSet()
        let file = sources.add(name: "f", bytes: [0xEF, 0xBB, 0xBF] + Array("7".utf8))
        #expect(file.bytes == Array("7".utf8))
        #expect(Lexer.tokenize(file).map(\.range) == [0..<1])
    }
}
