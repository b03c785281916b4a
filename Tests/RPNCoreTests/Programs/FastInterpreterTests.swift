import RPNCore
import Testing

/// The interpreter's fast loop (runs without trees or a trace: fused steps on a raw window of
/// the stack) against its general loop, which a trace forces: the same values, the same
/// diagnostics and the same step count, exactly and with `--float`, and when the step budget
/// stops a program anywhere (in the middle of a fused sequence, at a call, in a loop).
@Suite struct FastInterpreterTests {
    struct Outcome: Equatable, CustomStringConvertible {
        let values: [Number?]
        let diagnostics: [String]
        let steps: Int
        var description: String { "values \(values), steps \(steps), \(diagnostics)" }
    }

    static func run(_ text: String, exact: Bool, maxSteps: Int, traced: Bool) -> Outcome {
        var options = EvaluationOptions(keepTrees: false, exact: exact)
        options.maxSteps = maxSteps
        var machine = Machine(options: options)
        let source = SourceFile(name: "<t>", text: text)
        if traced { machine.run(source) { _, _ in } } else { machine.run(source) }
        return Outcome(values: machine.values(),
                       diagnostics: machine.diagnostics.map { "\($0.code) \($0.range): \($0.message)" },
                       steps: machine.steps)
    }

    static func agree(_ text: String, exact: Bool, maxSteps: Int) {
        let fast = run(text, exact: exact, maxSteps: maxSteps, traced: false)
        let general = run(text, exact: exact, maxSteps: maxSteps, traced: true)
        #expect(fast == general, "\(text) (exact: \(exact), max steps \(maxSteps))")
    }

    @Test(arguments: 0..<120)
    func randomProgramsAgree(_ seed: Int) {
        let text = ProgramDifferentialTests.program(seed: UInt64(seed))
        var g = ProgramDifferentialTests.Generator(state: UInt64(seed) &* 0xD1B5_4A32_D192_ED03 | 1)
        for exact in [true, false] {
            Self.agree(text, exact: exact, maxSteps: 1_000_000)
            // A budget that ends somewhere in the run, and one around Ctrl-C's polling interval.
            Self.agree(text, exact: exact, maxSteps: 1 + g.next(3000))
            Self.agree(text, exact: exact, maxSteps: 4094 + g.next(4))
        }
    }

    /// The fused sequences, each where its operands suit the fast loop and where they do not
    /// (a fraction, a big integer, a double in exact mode, a value below the run's entries),
    /// with answers worked out by hand.
    @Test(arguments: [
        ("0 1 100 for i i + next", Number(5050), 5050.0),
        ("0 1 4 for i i 2 × + next", Number(20), 20),
        ("1 2 ÷ 1 3 for i i + next", Number.ratio(.small(13), .small(2)), 6.5),
        ("0 1 3 for i i 0.5 + + next", Number.ratio(.small(15), .small(2)), 7.5),
        // 2^62 + 3 exactly; in doubles 2^62 + 1 rounds back to 2^62 (they are 1024 apart there).
        ("2 62 ^ 1 2 for i i + next", Number(4_611_686_018_427_387_907), 4_611_686_018_427_387_904),
        ("0 1 10 for i i 3 < if i + then next", Number(3), 3),
        ("0 1 10 for i i 3 ≥ if 1 + else 10 + then next", Number(28), 28),
        ("5 : twice ( x -- y ) x 2 × ; 1 3 for i twice next", Number(40), 40),
        ("7 3 < if 1 else 2 then", Number(2), 2),
        ("1 2 3 : add3 + + ; add3", Number(6), 6),
        ("10 : down ( n -- z ) n 0 > if n 1 - down else 0 then ; down", Number(0), 0),
        (": fib ( n -- f ) n 2 < if n else n 1 - fib n 2 - fib + then ; 20 fib", Number(6765), 6765),
        ("0.25 1 2 for i i 0.5 × + next", Number.ratio(.small(7), .small(4)), 1.75),
        // A loop's whole body fused with its `next` (`i + next`, `i − next`, `i × next`):
        // 0 − 1 − 2 − 3 − 4 = −10; 5! = 120; a bound that is a fraction (not counted) stops
        // after 3; a counter up to 2^47 − 1, the last short integer: 3·2^47 − 6.
        ("0 1 4 for i i − next", Number(-10), -10),
        ("1 1 5 for i i × next", Number(120), 120),
        ("0 1 7 2 ÷ for i i + next", Number(6), 6),
        ("0 2 47 ^ 3 − 2 47 ^ 1 − for i i + next", Number(422_212_465_065_978), 422_212_465_065_978),
        ("1 2 ÷ 1 3 for i i × next", Number(3), 3),
        // A word's last operation fused with its return (`× ;`, `− ;`), on fractions too:
        // (1/2)² − 1 = −3/4.
        (": square ( x -- y ) x dup × ; : f ( x -- y ) x square 1 − ; 1 2 ÷ f", Number.ratio(.small(-3), .small(4)), -0.75),
        (": d ( a b -- c ) b a swap − ; : g ( x -- y ) x 10 d 3 + ; 4 g", Number(-3), -3),
        // The recursive call on `n 1 −`, fused, on a fraction too: 7/2, 5/2, 3/2, 1/2, −1/2 … 0.
        ("7 2 ÷ : down ( n -- z ) n 0 > if n 1 − down else 0 then ; down", Number(0), 0),
        (": summ ( n -- s ) n 1 < if 0 else n n 1 − summ + then ; 100 summ", Number(5050), 5050),
    ])
    func fusedSequences(_ program: String, _ exactAnswer: Number, _ floatAnswer: Double) {
        for (exact, answer) in [(true, exactAnswer), (false, Number(floatAnswer))] {
            let fast = Self.run(program, exact: exact, maxSteps: 1_000_000, traced: false)
            #expect(fast.diagnostics.isEmpty, "\(program): \(fast.diagnostics)")
            #expect(fast.values == [answer], "\(program) (exact: \(exact))")
            Self.agree(program, exact: exact, maxSteps: 1_000_000)
        }
    }

    /// Every budget from 1 to the whole run stops the fast loop where the general loop stops.
    @Test func everyBudgetStopsAtTheSameStep() {
        let text = ": fib ( n -- f ) n 2 < if n else n 1 - fib n 2 - fib + then ; 0 1 3 for i i 5 < if i fib + then next"
        let whole = Self.run(text, exact: true, maxSteps: 1_000_000, traced: false).steps
        for budget in 1...whole + 1 {
            Self.agree(text, exact: true, maxSteps: budget)
        }
    }

    /// Ctrl-C is polled every 4096 steps inside the fast loop too: an endless loop stops.
    @Test func endlessLoopIsInterrupted() {
        var machine = Machine(options: EvaluationOptions(keepTrees: false))
        var polls = 0
        let finished = machine.run(SourceFile(name: "<t>", text: "0 begin 1 + dup 0 < until")) {
            polls += 1
            return polls == 3
        }
        #expect(!finished)
        #expect(polls == 3)
        #expect(machine.steps < 4 * 4096)
    }
}
