import RPNCore
import Testing

/// The tokens that fill a call's inputs, read backwards from the call with each token's
/// effect. `f` below stands for a word of one's own taking two entries and leaving one (the
/// tokens cannot say so: the caller's effect does), `g` for one taking one and leaving two.
@Suite struct CallOperandsTests {
    /// (program ending in the call, its inputs, each operand's text, nil where unknown): by hand.
    static let cases: [(String, Int, [String?])] = [
        ("3 4 f", 2, ["3", "4"]),
        ("1 2 + 4 f", 2, ["1 2 +", "4"]),
        ("x 2 ^ y 2 ^ + √ 4 f", 2, ["x 2 ^ y 2 ^ + √", "4"]),
        ("9 3 4 f", 2, ["3", "4"]),                        // what lies below stays out
        ("1 2 f 3 f", 2, ["1 2 f", "3"]),                  // a call is an operand of the next
        ("3 # three\n 4 f", 2, ["3", "4"]),                // comments and lines between
        ("3 dup × 4 f", 2, ["3 dup ×", "4"]),              // two copies, both used inside
        ("3 dup f", 2, [nil, nil]),                        // one token leaves both operands
        ("5 1 2 →x f", 2, ["5", "1 2 →x"]),                // a store takes its entry along
        ("1 g f", 2, [nil, nil]),                          // so does a word leaving two
        ("3 pick 4 f", 2, [nil, "4"]),                     // a counted word stops the reading
        ("1 if 2 else 3 then 4 f", 2, [nil, "4"]),         // so does a keyword
        ("4 f", 2, [nil, "4"]),                            // too few
        ("√", 1, [nil]),
        ("2 deg sin", 1, ["2"]),                           // a directive is no value
    ]

    static func effect(_ tokens: [Token], _ text: String) -> (Int) -> CallOperands.StepEffect? {
        { index in
            let token = tokens[index]
            let spelled = String(decoding: Array(text.utf8)[token.range], as: UTF8.self)
            switch spelled {
            case "f": return (2, 1)
            case "g": return (1, 2)
            default: return CallOperands.stepEffect(of: token)
            }
        }
    }

    @Test(arguments: cases)
    func operandsOfTheLastToken(_ program: String, _ inputs: Int, _ expected: [String?]) {
        let tokens = RPN.tokenize(program)
        let operands = CallOperands.operands(ofCallAt: tokens.count - 1, inputs: inputs, effect: Self.effect(tokens, program))
        let bytes = Array(program.utf8)
        let texts = operands.map { range in
            range.map { String(decoding: bytes[tokens[$0.lowerBound].range.lowerBound..<tokens[$0.upperBound - 1].range.upperBound],
                               as: UTF8.self) }
        }
        #expect(texts == expected, "\(program)")
    }

    /// A long operand is read so far only: past `maxTokens` tokens, unknown.
    @Test func readingIsBounded() {
        let program = "1" + String(repeating: " 1 +", count: 200) + " 4 f"
        let tokens = RPN.tokenize(program)
        let effect = Self.effect(tokens, program)
        #expect(CallOperands.operands(ofCallAt: tokens.count - 1, inputs: 2, maxTokens: 100, effect: effect).map { $0 != nil }
            == [false, true])
        #expect(CallOperands.operands(ofCallAt: tokens.count - 1, inputs: 2, maxTokens: 500, effect: effect)[0] == 0..<401)
    }

    /// Built-in words' effects as the table writes them, for signature help.
    @Test(arguments: [("+", ["a", "b"]), ("sqrt", ["a"]), ("swap", ["a", "b"]), ("atan2", ["y", "x"]),
                      ("pi", []), ("if", ["flag"])])
    func builtinEffects(_ name: String, _ inputs: [String]) {
        #expect(Builtin.all.first { $0.spellings.contains(name) }?.effect?.inputs == inputs)
    }

    @Test(arguments: ["then", "for", "next", ":"])
    func patternsAreNoEffects(_ name: String) {
        #expect(Builtin.all.first { $0.spellings.contains(name) }?.effect == nil)
    }
}
