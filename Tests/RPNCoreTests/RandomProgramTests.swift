import RPNCore
import RPNTestSupport
import Testing

/// Thousands of random programs, checked against two independent oracles: the values-only
/// machine (folded constants, no trees) must agree with the tree-keeping one, and reading the
/// description of every stack entry back as ordinary infix must give that entry's value. Both
/// machines are compared with exact numbers and with `--float`; the read-back oracle computes
/// in doubles, so it checks the `--float` run (exact mode refuses what doubles round to 0 or
/// infinity, such as `0.5 2.5e20 ^`). Imaginary literals (`2i`, `-2i`) and the words of complex
/// values take part, so the parentheses around complex numbers (`x÷(2i)`, `(2i)^2`) are checked
/// too: the reader reads `2i` as 2·i.
@Suite struct RandomProgramTests {
    static let variables = ["x": 1.5, "y": -2.0]

    static func program(_ rng: inout SeededGenerator) -> String {
        var tokens: [String] = []
        var depth = 0
        for _ in 0..<Int.random(in: 1...14, using: &rng) {
            let roll = Int.random(in: 0..<100, using: &rng)
            switch roll {
            case 0..<24:
                tokens.append(["1", "2", "3", "0.5", "-2", "7", "x", "y", "π", "e", "-0.25", "1e-7", "2.5e20"]
                    .randomElement(using: &rng)!)
                depth += 1
            case 24..<30:
                tokens.append(["1i", "2i", "-2i", "0.5i", "-0.25i", "1e-7i", "3e21i"].randomElement(using: &rng)!)
                depth += 1
            case 30..<58 where depth >= 2:
                tokens.append(["+", "−", "-", "×", "*", "÷", "/", "^", "pow"].randomElement(using: &rng)!)
                depth -= 1
            case 58..<70 where depth >= 2:
                // Comparisons and logic (issue 10): their descriptions must not chain or lose
                // a parenthesis either.
                tokens.append(["<", ">", "≤", "≥", "=", "≠", "<=", ">=", "==", "!=", "and", "or"]
                    .randomElement(using: &rng)!)
                depth -= 1
            case 70..<85 where depth >= 1:
                tokens.append(["neg", "±", "√", "sin", "cos", "abs", "not", "re", "im", "conj", "arg"]
                    .randomElement(using: &rng)!)
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
        var rng = SeededGenerator(state: UInt64(batch) &* 7919 &+ 1)
        for _ in 0..<500 {
            let text = Self.program(&rng)
            let vars = Self.variables.map { ($0.key, Number.exactly($0.value)) }
            let exactTrees = RPN.evaluate(text, variables: vars)
            let exactFolded = RPN.evaluate(text, options: EvaluationOptions(keepTrees: false), variables: vars)
            #expect(exactTrees.values == exactFolded.values, "\(text)")
            #expect(exactTrees.diagnostics == exactFolded.diagnostics, "\(text)")
            let trees = RPN.evaluate(text, options: EvaluationOptions(exact: false), variables: vars)
            let folded = RPN.evaluate(text, options: EvaluationOptions(keepTrees: false, exact: false), variables: vars)
            #expect(trees.values == folded.values, "\(text)")
            #expect(trees.diagnostics == folded.diagnostics, "\(text)")
            // Every entry of every program reads back: its part of the description (entries are
            // joined by ",", which nothing inside an entry prints) gives its value, or, for an
            // entry without one, no finite number. The store in `→x x` changes x: read back with
            // the final variables (NaN for a failed store, whose uses have no value).
            var final = Self.variables.mapValues { ReadValue($0) }
            switch trees.machine.variables["x"] {
            case .value(let x): final["x"] = ReadValue(x.realPart.doubleValue, x.imaginaryPart.doubleValue)
            case .failed: final["x"] = .nan
            case .unset: break
            }
            let parts = trees.values.isEmpty ? []
                : trees.description!.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == trees.values.count else {
                Issue.record("\(text) ⇒ \(trees.description!): \(parts.count) parts for \(trees.values.count) values")
                continue
            }
            for (part, value) in zip(parts, trees.values) {
                guard let (read, complexFunctions, illConditioned) = InfixReader.evaluate(String(part), variables: final) else {
                    Issue.record("cannot read back \(part) of \(text)")
                    continue
                }
                guard let value else {
                    // A function of a complex value has no value where a part overflows,
                    // which this reader's doubles may see otherwise (exp(w·ln z) against MPC's).
                    #expect(read.isNaN || complexFunctions, "\(text) ⇒ \(part) has no value but reads back as \(read)")
                    continue
                }
                let number = ReadValue(value.realPart.doubleValue, value.imaginaryPart.doubleValue)
                #expect(illConditioned || read.isClose(to: number), "\(text) ⇒ \(part) reads back as \(read), not \(number)")
            }
        }
    }
}
