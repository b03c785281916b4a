import RPNCore
import Testing

/// Random programs with definitions, branches and loops give the same values whether the
/// machine keeps trees (descriptions, editors: calls become nodes valued by a machine of their
/// own, undecided ifs merge) or folds values as it goes (`rpn FILE`), and never crash or hang.
@Suite struct ProgramDifferentialTests {
    /// A small deterministic generator (xorshift), so a failure names its seed.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
    }

    /// A body of net effect ( x -- x ): balanced by construction, so it passes the checker.
    static func body(_ g: inout Generator, depth: Int, counter: String?) -> String {
        var parts: [String] = []
        for _ in 0..<(1 + g.next(3)) {
            switch g.next(depth > 2 ? 4 : 10) {
            case 0: parts.append("\(g.next(9) + 1) +")
            case 1: parts.append("\(g.next(5) + 1) ×")
            case 2: parts.append(counter.map { "\($0) -" } ?? "3 -")
            case 3: parts.append("dup \(g.next(7) + 1) mod +")
            case 4:
                let a = body(&g, depth: depth + 1, counter: counter), b = body(&g, depth: depth + 1, counter: counter)
                parts.append("dup \(g.next(20)) < if \(a) else \(b) then")
            case 5:
                let name = "k\(depth)"
                parts.append("1 \(g.next(4) + 1) for \(name) \(body(&g, depth: depth + 1, counter: name)) next")
            case 6:
                // A local against a literal, and a comparison of two entries, before an if.
                let a = body(&g, depth: depth + 1, counter: counter), b = body(&g, depth: depth + 1, counter: counter)
                parts.append("\(counter ?? "dup") \(g.next(6)) \(["<", ">", "≤", "≥", "=", "≠"][g.next(6)]) if \(a) else \(b) then")
            case 7:
                parts.append("dup dup \(g.next(3)) - \(["<", "≥", "≠"][g.next(3)]) if \(body(&g, depth: depth + 1, counter: counter)) then")
            case 8:
                parts.append("\(counter ?? "2") \(g.next(4) + 1) \(["+", "−", "×"][g.next(3)]) +")
            default:
                parts.append("\(g.next(3)) 1 + 0 swap for w\(depth) 7 + next")
            }
        }
        return parts.joined(separator: " ")
    }

    static func program(seed: UInt64) -> String {
        var g = Generator(state: seed &* 0x9E37_79B9_7F4A_7C15 | 1)
        let f = body(&g, depth: 0, counter: nil)
        let h = body(&g, depth: 0, counter: nil)
        return ": f ( x -- y ) \(f) ; : h \(h) f ; "
            + ": fib ( n -- f ) n 2 < if n else n 1 - fib n 2 - fib + then ; "
            + "\(g.next(10)) f \(g.next(10)) h 1 \(g.next(3) + 1) for i i h + next \(g.next(12)) fib +"
    }

    @Test(arguments: 0..<300)
    func treesAndFoldingAgree(_ seed: Int) {
        let text = Self.program(seed: UInt64(seed))
        var options = EvaluationOptions()
        options.maxSteps = 200_000
        let trees = RPN.evaluate(text, options: options)
        options.keepTrees = false
        let folded = RPN.evaluate(text, options: options)
        #expect(trees.values == folded.values, "\(text)")
        #expect(!trees.hasErrors && !folded.hasErrors, "\(text): \(trees.diagnostics.map(\.message))")
    }
}

extension ProgramDifferentialTests {
    /// The same programs on a variable with no value yet: calls of `f` stay `f(M)` nodes and the
    /// ifs inside `h` (run in place) stay undecided `if(…)` nodes; once M gets a value they give
    /// what running with that value from the start gives.
    @Test(arguments: 0..<150)
    func symbolicArgumentsGetTheirValuesLater(_ seed: Int) {
        var g = Generator(state: UInt64(seed) &* 0x2545_F491_4F6C_DD1D | 1)
        let f = Self.body(&g, depth: 0, counter: nil)
        let h = Self.body(&g, depth: 1, counter: nil)
        let text = ": f ( x -- y ) \(f) ; : h \(h) ; M f M h M 1 + f h"
        let value = Number.integer(.small(g.next(30) - 5))
        var options = EvaluationOptions(freeVariables: true)
        options.maxSteps = 200_000
        var symbolic = RPN.evaluate(text, options: options).machine
        symbolic.setVariable("M", to: value)
        options.keepTrees = false
        options.freeVariables = false
        let folded = RPN.evaluate(text, options: options, variables: [("M", value)])
        #expect(symbolic.values() == folded.values, "\(text) with M=\(value)")
    }
}
