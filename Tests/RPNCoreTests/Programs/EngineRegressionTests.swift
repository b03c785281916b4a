import RPNCore
import Testing

/// A bug the random programs of `EngineAgreementTests` found in today's engine, with its
/// shortest program in a test of `EngineRegressionTests` below, while it is not fixed. None is
/// known today: the last ones (values only ran a function in place on an argument that depends
/// on a variable or has no value, inside blocks and words) went with the loop's quick call
/// leaving such calls to `Machine.call`, as the top level does.
struct KnownBug {
    var rawValue: String
}

/// The seeds each property knows to fail (at the default count), and why. A seed here that
/// passes fails its test ("known issue was not recorded"): take it out.
enum KnownBugs {
    static func seeds(_ groups: [(KnownBug, [Int])]) -> [Int: KnownBug] {
        var table: [Int: KnownBug] = [:]
        for (bug, seeds) in groups {
            for seed in seeds { table[seed] = bug }
        }
        return table
    }

    static let trees: [String: [Int: KnownBug]] = [:]
    static let traced: [Int: KnownBug] = [:]
    static let budget: [Int: KnownBug] = [:]
    static let float: [Int: KnownBug] = [:]
    static let symbolic: [Int: KnownBug] = [:]
    static let reset: [Int: KnownBug] = [:]
    static let broken: [Int: KnownBug] = [:]
}

/// The shortest programs of the bugs found. Each asserts what the engine should do, under
/// `withKnownIssue` where today's engine does otherwise: the lead removes the wrapper once the
/// engine is fixed. What already holds (usually the other mode) is asserted outside it.
@Suite struct EngineRegressionTests {
    static let M3: [(String, Number)] = [("M", 3)]

    static func run(_ text: String, trees: Bool, variables: [(String, Number)] = [], maxSteps: Int = 100_000,
                    traced: Bool = false) -> EngineOutcome {
        Engine.run(text, Engine.options(trees: trees, maxSteps: maxSteps), variables: variables, traced: traced)
    }

    /// Both modes give `values` and diagnostics of `codes` for `text`. `known`: the values-only
    /// run is expected to differ still (a call in a block, which the loop's quick call enters).
    /// With the random programs' budget (in place, a recursion on a variable may end, in far more
    /// steps than the call node takes).
    static func expectBoth(_ text: String, variables: [(String, Number)] = [], values: [Number?],
                           codes: [DiagnosticCode] = [], known: KnownBug? = nil) {
        let run = { (trees: Bool) in Self.run(text, trees: trees, variables: variables, maxSteps: Engine.variableBudget) }
        let trees = run(true)
        #expect(trees.values == values && trees.diagnostics.map(\.code) == codes, "trees: \(trees)")
        let check = {
            let folded = run(false)
            #expect(folded.values == values && folded.diagnostics.map(\.code) == codes, "values only: \(folded)")
        }
        if let known { withKnownIssue(Comment(rawValue: known.rawValue)) { check() } } else { check() }
    }

    /// `rpn --set M=6 -e ': fac … ; M fac'` was a recursion-limit error: run in place on M, the
    /// if on `n 2 <` was undecided and both parts ran, without end. The corpus (trees) says 720:
    /// a call on a variable is a node valued once M has a value, in both modes.
    @Test func recursionOnAVariable() {
        let fac = ": fac ( n -- f ) n 2 < if 1 else n n 1 - fac × then ; "
        Self.expectBoth(fac + "M fac", variables: [("M", 6)], values: [720])
        Self.expectBoth(fac + "0 1 1 for i M fac + next", variables: [("M", 6)], values: [720])
    }

    /// An argument without value (`0 inv`): in place, the `if` on `n 1 <` took its else part
    /// every time. A function of no value has none, quietly, as a built-in function has.
    @Test func recursionOnAnArgumentWithoutValue() {
        let r = ": r ( n -- r ) n 1 < if 0 else n 1 - r then ; "
        Self.expectBoth(r + "0 inv r", values: [nil], codes: [.divisionByZero])
        Self.expectBoth(": five ( a -- r ) 5 ; 0 inv five", values: [nil], codes: [.divisionByZero])
        Self.expectBoth(r + "0 1 1 for i 0 inv r + next", values: [nil], codes: [.divisionByZero])
    }

    /// In place, `1 n for` on M was loop-bound-unknown; the call valued for M = 3 sums 1..3.
    @Test func loopBoundedByAVariableArgument() {
        let f = ": f ( n -- r ) 0 1 n for i i + next ; "
        Self.expectBoth(f + "M f", variables: Self.M3, values: [6])
        Self.expectBoth(f + "0 1 1 for i M f + next", variables: Self.M3, values: [6])
    }

    /// `f` reads M only in a part it never takes: its value is 2 whatever M is.
    @Test func callOfAWordThatReadsAVariable() {
        let loop = ": f ( -- r ) 2 0 if M drop then ; 0 1 f for i i + next"
        let folded = Self.run(loop, trees: false, variables: Self.M3)
        #expect(folded.values == [3] && folded.diagnostics.isEmpty, "\(folded)")
        let trees = Self.run(loop, trees: true, variables: Self.M3)
        #expect(trees.values == [3] && trees.diagnostics.isEmpty, "\(trees)")
        // A flag without value: values only take the else part (7), as both modes do for
        // `1 0 ÷ if 5 else 7 then`; with trees the if on f waited and merged, and had no value.
        let flag = ": f ( -- r ) 0 0 ÷ 0 if M + then ; f if 5 else 7 then"
        let flagTrees = Self.run(flag, trees: true, variables: Self.M3)
        let flagFolded = Self.run(flag, trees: false, variables: Self.M3)
        #expect(flagFolded.values == [7] && flagFolded.diagnostics.map(\.code) == [.divisionByZero], "\(flagFolded)")
        #expect(flagTrees.values == flagFolded.values && flagTrees.diagnostics == flagFolded.diagnostics,
                "\(flagTrees) / \(flagFolded)")
        // A body whose value does read M stays a call, valued once M has a value (M free here).
        let reads = Engine.run(": g ( -- r ) M 1 + ; g 2 ×", Engine.options(trees: true, free: true, maxSteps: 1000))
        #expect(reads.values == [nil] && reads.diagnostics.isEmpty, "\(reads)")
        let given = Self.run(": g ( -- r ) M 1 + ; g 2 ×", trees: true, variables: Self.M3)
        #expect(given.values == [8] && given.diagnostics.isEmpty, "\(given)")
    }

    /// Values only: lastx recalls 1, the x operand of `+` in f; with trees, the call was a node
    /// and lastx had nothing to recall (an error). A call on constants now runs its body as the
    /// call in place does. A call on a variable is a node in both modes, its body run when its
    /// value is asked for: it sets no lastx (here, nothing to recall).
    @Test func lastxAfterACall() {
        let text = ": f ( a -- r ) a 1 + ; 5 f lastx"
        let folded = Self.run(text, trees: false)
        #expect(folded.values == [6, 1] && folded.diagnostics.isEmpty, "\(folded)")
        let trees = Self.run(text, trees: true)
        #expect(trees.values == folded.values && trees.diagnostics == folded.diagnostics, "\(trees)")
        let f = ": f ( a -- r ) a 1 + ; "
        Self.expectBoth(f + "x f lastx", variables: [("x", 5)], values: [6, nil], codes: [.missingOperand])
        Self.expectBoth(f + "0 0 1 1 for i drop drop x f lastx next", variables: [("x", 5)], values: [6, nil],
                        codes: [.missingOperand])
    }

    /// A budget of 300 steps ends in the 2nd call's loop: values only say "stopped after 300
    /// steps" at that loop's `next`; with trees (the call a node, valued by a machine of its
    /// own), it said "stopped after 1 steps" at the start of `:`, and the loop went on.
    @Test func stepLimitInACallNode() {
        let text = ": f ( n -- r ) 1 n for i next n ; 1 100 for j j f drop next"
        let folded = Self.run(text, trees: false, maxSteps: 300)
        #expect(folded.diagnostics.map(\.message) == ["stopped after 300 steps, the step limit (raise it with --max-steps N)"])
        #expect(folded.diagnostics.map(\.range) == [25..<29])
        let trees = Self.run(text, trees: true, maxSteps: 300)
        #expect(trees.diagnostics == folded.diagnostics, "\(trees)")
        #expect(trees.values == folded.values, "\(trees)")
    }

    /// Every budget, in words called from the top level's straight line (the limit at the call
    /// itself), from a loop, and from words that call others: where the limit stops a run with
    /// trees (calls are nodes) and one with values only (calls run in place), the same.
    @Test(arguments: [
        ": f ( n -- r ) n 1 < if 0 else n 1 - f then ; 4 f 3 f",
        ": f ( n -- r ) n 1 + ; 1 10 for j j f drop next",
        ": g ( n -- r ) n 2 × ; : f ( n -- r ) n g 1 + ; 1 5 for j j f drop next",
        ": f ( a b -- r ) a b + ; : h ( n -- r ) n 1 < if 0 else n 1 - h 1 f then ; 3 h 2 h 1 3 for j j h drop next",
        // A word of two outputs runs in place first: the limit in spin's call node must not
        // take them (the top level's entry of `two` is over).
        ": two ( a -- r q ) a 1 + a ; : spin ( n -- r ) 0 1 n for i i + next ; 5 two 30 spin 2 spin",
    ])
    func stepLimitWhereverItFalls(_ text: String) {
        let whole = Self.run(text, trees: false).steps
        for budget in 1...(whole + 1) {
            let trees = Self.run(text, trees: true, maxSteps: budget)
            let folded = Self.run(text, trees: false, maxSteps: budget)
            #expect(trees.diagnostics == folded.diagnostics && trees.values == folded.values,
                    "budget \(budget): \(trees) / \(folded)")
        }
    }

    /// x is 1: the part after else never gives the value, yet values only reported its
    /// division by zero, running f in place on x; the call node valued for x = 1 does not, as
    /// f(1) = 1 fails nowhere. (An if on x itself, `x if 1 else 0 0 ÷ then`, is a program over
    /// x, not a function's value: both modes report what either part can do.)
    @Test func errorsOfThePartNotTaken() {
        let f = ": f ( a -- r ) a if 1 else 0 0 ÷ then ; "
        Self.expectBoth(f + "x f", variables: [("x", 1)], values: [1])
        Self.expectBoth(f + "0 1 1 for i x f + next", variables: [("x", 1)], values: [1])
        Self.expectBoth("x if 1 else 0 0 ÷ then", variables: [("x", 1)], values: [1], codes: [.divisionByZero])
    }

    /// Both parts leave 0, so the if leaves 0 whatever x is (a flag without value takes the
    /// else part, 0 too): `1 swap ÷` divides by zero, reported at once in both modes. With
    /// trees the parts' zeros were nodes of their own, merged into if(x, 0, 0), and the
    /// division was a tree never valued once dropped.
    @Test(arguments: [true, false])
    func equalPartsOfAnUndecidedIf(_ given: Bool) {
        let variables: [(String, Number)] = given ? [("x", 1)] : []
        let text = "x if 0 else 0 then 1 swap ÷ drop"
        for trees in [true, false] {
            let outcome = Engine.run(text, Engine.options(trees: trees, free: variables.isEmpty, maxSteps: 1000),
                                     variables: variables)
            #expect(outcome.values == [] && outcome.diagnostics.map(\.code) == [.divisionByZero]
                    && outcome.diagnostics.map(\.range) == [26..<28], "trees \(trees): \(outcome)")
        }
        // Parts that differ still merge into if(x, a, b), valued once x has a value.
        let differ = Self.run("x if 0 else 2 then 1 swap ÷", trees: true, variables: [("x", 0)])
        #expect(differ.values == [Engine.number("1 2 ÷")] && differ.diagnostics.isEmpty, "\(differ)")
    }

    /// A `lastx` with nothing to recall reports it and leaves an entry without value, as every
    /// other failing word leaves its outputs: the checker counts it as ( -- x ), and a block or
    /// a word it is in must not run short of the operands the checker promised.
    @Test(arguments: [true, false])
    func failedLastxLeavesAnEntry(_ trees: Bool) {
        let block = Self.run("1 if lastx drop then 5", trees: trees)
        #expect(block.values == [5] && block.diagnostics.map(\.code) == [.missingOperand], "\(block)")
        let word = Self.run(": w ( -- r ) lastx ; w 2 +", trees: trees)
        #expect(word.values == [nil] && word.diagnostics.map(\.code) == [.missingOperand], "\(word)")
        let top = Self.run("lastx 3 +", trees: trees)
        #expect(top.values == [nil] && top.diagnostics.map(\.code) == [.missingOperand], "\(top)")
    }

    /// `unset` before a literal: the fast loop (values only, no trace) pushes the 5 without
    /// seeing the `unset` waiting for a name, which then takes M (so `+` misses an operand);
    /// the general loop (traced) says `unset` needs a name.
    @Test func pendingUnsetInTheFastLoop() {
        let text = "1 if unset 5 M + drop then"
        let traced = Self.run(text, trees: false, variables: Self.M3, traced: true)
        #expect(traced.diagnostics.map(\.code) == [.unsetNeedsName], "\(traced)")
        // The compiler pairs `unset` with its name: the same in every run.
        let plain = Self.run(text, trees: false, variables: Self.M3)
        #expect(plain == traced, "\(plain)")
    }

    /// Crashed (SIGILL, an index out of range) before the one engine: an `unset` that ended a
    /// word's body was still waiting when the next token ran, in another program. The compiler
    /// now pairs `unset` with its name, and a body ending in `unset` is an error.
    @Test func pendingUnsetCrossesPrograms() {
        for trees in [true, false] {
            let outcome = Self.run(": f unset ; 1 if f 2 drop then", trees: trees)
            #expect(outcome.diagnostics.map(\.code) == [.unsetNeedsName], "\(outcome)")
        }
    }

    /// Crashed (SIGILL) before compaction took its roots from one list: values-only runs
    /// compact the value store once it holds 4096 values, and the stacks an undecided `if`
    /// keeps aside were missed.
    @Test func compactionKeepsTheStacksOfUndecidedIfs() {
        let text = "1 3000 for j 1 j 2 + / drop next 1 3 / M if 1 1100 for i 1 i 2 + / drop next 1 + else 2 + then"
        let outcome = Engine.run(text, Engine.options(trees: false, free: true, maxSteps: 100_000))
        #expect(outcome.values == [nil] && outcome.diagnostics.isEmpty, "\(outcome)")
        let given = Engine.run(text, Engine.options(trees: false, maxSteps: 100_000), variables: [("M", 1)])
        #expect(given.values == [Engine.number("4 3 ÷")], "\(given)")
    }
}
