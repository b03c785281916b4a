import RPNCore
import RPNTestSupport
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

    /// However far back an operand begins: a call after a thousand-token sum over many lines,
    /// and a call whose first operand lies a thousand tokens before it.
    static let farCases: [(String, [Range<Int>?])] = [
        ("1" + String(repeating: " 1 +\n", count: 500) + " 4 f", [0..<1001, 1001..<1002]),
        ("3\n" + "1" + String(repeating: " 1 +\n", count: 500) + " f", [0..<1, 1..<1002]),
        ("3 # far\n" + String(repeating: "# a comment\n", count: 1000) + "4 f", [0..<1, 1002..<1003]),
    ]

    @Test(arguments: farCases)
    func readingIsUnbounded(_ program: String, _ expected: [Range<Int>?]) {
        let tokens = RPN.tokenize(program)
        #expect(CallOperands.operands(ofCallAt: tokens.count - 1, inputs: 2, effect: Self.effect(tokens, program)) == expected)
    }

    /// Random programs: the operands of every token taken as a call of 0 to 3 inputs, from
    /// one pass of a `Stack` from the start and alone (`operands(ofCallAt:)`), are the
    /// backward reading's (`backwardCallOperands`, the definition); from a pass that begins
    /// later, those it tells are too, and one it tells only in part ends where the
    /// definition's does.
    @Test(arguments: 0..<40)
    func onePassAgreesWithTheBackwardReading(_ seed: Int) {
        var random = SeededGenerator(state: UInt64(seed) &+ 0xCA11)
        let pieces = ["1", "2", "x", "π", "+", "−", "×", "√", "sin", "dup", "swap", "over", "rot", "drop", "→y", "f", "g",
                      "3 pick", "clear", "if", "then", "deg", "# c\n", "\n", "depth"]
        let count = Int.random(in: 1...400, using: &random)
        let program = (0..<count).map { _ in
            // Mostly values and arithmetic, so that operands grow long.
            Int.random(in: 0..<3, using: &random) == 0 ? pieces.randomElement(using: &random)!
                : ["1", "x", "+", "×", "2", "√"].randomElement(using: &random)!
        }.joined(separator: " ")
        let tokens = RPN.tokenize(program)
        let effect = Self.effect(tokens, program)
        let begin = Int.random(in: 0...tokens.count, using: &random)
        var whole = CallOperands.Stack(from: 0), later = CallOperands.Stack(from: begin)
        for call in 0...tokens.count {
            for inputs in 0...3 {
                let expected = backwardCallOperands(ofCallAt: call, inputs: inputs, effect: effect)
                #expect(CallOperands.operands(ofCallAt: call, inputs: inputs, effect: effect) == expected, "\(program) @\(call)")
                #expect(whole.operands(ofCallAt: call, inputs: inputs, effect: effect).map(\.tokens) == expected, "\(program) @\(call)")
                guard call >= begin else { continue }
                var above = true  // no operand above told only in part
                for (operand, want) in zip(later.operands(ofCallAt: call, inputs: inputs, effect: effect), expected).reversed() {
                    switch operand {
                    case .tokens(let range): #expect(range == want, "\(program) @\(call) from \(begin)")
                    case .unreadable: #expect(want == nil, "\(program) @\(call) from \(begin)")
                    case .partly(let range):
                        if let want {
                            #expect(want.lowerBound < begin, "\(program) @\(call) from \(begin)")
                            #expect(!above || want.upperBound == range.upperBound || range.isEmpty && want.upperBound <= begin)
                        }
                        above = false
                    }
                }
            }
            if call < tokens.count {
                whole.take(effect(call), at: call)
                if call >= begin { later.take(effect(call), at: call) }
            }
        }
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
