import RPNCore
import Testing

/// The loop runs each mode (trees or values only, exact or `--float`) in a loop of its own
/// (`RunMode`), and a directive or the tree budget that changes the mode sends the run to the
/// other one in the middle of a word, a block or a loop: the run goes on where it was, with
/// every value and step as if nothing had happened.
struct RunModeTests {
    /// Values derived by hand: 1/3 as a double is 0.3333333333333333, and the double sum of
    /// two of them is 0.6666666666666666; 0.5 + 1 + 1.5 = 3, a double when a double took part
    /// (a literal read after `float`, or a counter the loop made in `--float`).
    static let cases: [(program: String, expected: [Number])] = [
        ("1 3 / float 1 3 / +", [Number(0.6666666666666666)]),
        ("1 if 1 3 / float 1 3 / + else 0 then", [Number(0.6666666666666666)]),
        (": f ( -- r ) 1 3 / float 1 3 / + ; f", [Number(0.6666666666666666)]),
        (": f ( -- r ) 1 3 / float 1 3 / + ; f f", [Number(0.6666666666666666), Number(0.6666666666666666)]),
        ("float 1 3 / exact 1 3 / +", [Number(0.6666666666666666)]),
        ("0 1 3 for i float i 2 / + next", [Number(3.0)]),
        ("float 0 1 3 for i exact i 2 / + next", [Number(3.0)]),
        ("0 1 3 for i exact i 2 / + next", [Engine.number("3")]),
        (": half ( n -- r ) exact n 2 / ; float 1 half", [Number(0.5)]),  // n is the double 1.0
        (": g ( n -- r ) n 1 < if 0 else float n 1 - g 1 + then ; 5 g", [Number(5.0)]),
    ]

    @Test(arguments: cases.indices)
    func aDirectiveChangesTheModeWhereItStands(_ index: Int) {
        let (program, expected) = Self.cases[index]
        for trees in [false, true] {
            let outcome = Engine.run(program, Engine.options(trees: trees, maxSteps: 100_000))
            #expect(outcome.values == expected.map { Optional($0) } && outcome.diagnostics.isEmpty,
                    "\(program), trees \(trees): \(outcome)")
        }
    }

    /// Traced, every instruction stops at the trap and runs plain: the steps, values and the
    /// step limit's place are the same as in the loop that switches modes.
    @Test(arguments: cases.indices)
    func aSwitchCountsEveryStepOnce(_ index: Int) {
        let program = Self.cases[index].program
        for trees in [false, true] {
            for maxSteps in [3, 7, 12, 100_000] {
                let options = Engine.options(trees: trees, maxSteps: maxSteps)
                let plain = Engine.run(program, options)
                let traced = Engine.run(program, options, traced: true)
                #expect(plain == traced, "\(program), trees \(trees), max \(maxSteps): \(plain.difference(from: traced))")
            }
        }
    }
}
