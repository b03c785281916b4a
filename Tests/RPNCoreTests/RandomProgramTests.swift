import RPNCore
import Testing

/// Thousands of random programs, checked against two independent oracles: the values-only
/// machine (folded constants, no trees) must agree with the tree-keeping one, and reading each
/// description back as ordinary infix must give the program's value.
@Suite struct RandomProgramTests {
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let variables = ["x": 1.5, "y": -2.0]

    static func program(_ rng: inout SplitMix64) -> String {
        var tokens: [String] = []
        var depth = 0
        for _ in 0..<Int.random(in: 1...14, using: &rng) {
            let roll = Int.random(in: 0..<100, using: &rng)
            switch roll {
            case 0..<30:
                tokens.append(["1", "2", "3", "0.5", "-2", "7", "x", "y", "π", "e", "-0.25"].randomElement(using: &rng)!)
                depth += 1
            case 30..<70 where depth >= 2:
                tokens.append(["+", "−", "-", "×", "*", "÷", "/", "^", "pow"].randomElement(using: &rng)!)
                depth -= 1
            case 70..<85 where depth >= 1:
                tokens.append(["neg", "±", "√", "sin", "cos", "abs"].randomElement(using: &rng)!)
            case 85..<100 where depth >= 2:
                let word = ["dup", "swap", "over", "drop", "rot"].randomElement(using: &rng)!
                if word == "rot", depth < 3 { continue }
                tokens.append(word)
                depth += word == "dup" || word == "over" ? 1 : word == "drop" ? -1 : 0
            default:
                tokens.append("\(Int.random(in: 1...9, using: &rng))")
                depth += 1
            }
        }
        if Int.random(in: 0..<4, using: &rng) == 0, depth >= 1 { tokens.append("→x x") }
        return tokens.joined(separator: " ")
    }

    @Test(arguments: 0..<8)
    func valuesOnlyAndTreesAgreeAndDescriptionsReadBack(_ batch: Int) {
        var rng = SplitMix64(state: UInt64(batch) &* 7919 &+ 1)
        for _ in 0..<500 {
            let text = Self.program(&rng)
            let vars = Self.variables.map { ($0.key, $0.value) }
            let trees = RPN.evaluate(text, variables: vars)
            let folded = RPN.evaluate(text, options: EvaluationOptions(keepTrees: false), variables: vars)
            #expect(trees.values == folded.values, "\(text)")
            #expect(trees.diagnostics == folded.diagnostics, "\(text)")
            guard !trees.hasErrors, trees.values.count == 1, let value = trees.values[0] else { continue }
            // The store in `→x x` changes x: read back with the final variables.
            var final = Self.variables
            if case .value(let x) = trees.machine.variables["x"] { final["x"] = x }
            guard let read = InfixReader.evaluate(trees.description!, variables: final) else {
                Issue.record("cannot read back \(trees.description!) of \(text)")
                continue
            }
            let tolerance = 1e-9 * max(1, abs(value), abs(read))
            #expect(abs(read - value) <= tolerance || (read.isNaN && value.isNaN),
                    "\(text) ⇒ \(trees.description!) reads back as \(read), not \(value)")
        }
    }
}
