import RPNCore
import Testing

/// The bugs the random programs of `EngineAgreementTests` found in today's engine, each with
/// its shortest program in a test of `EngineRegressionTests` below.
enum KnownBug: String {
    case recursionOnAnUnknownArgument = """
        values only: a recursive function called on an argument that is not a known value runs its body in \
        place and never reaches its base case (a variable, read lazily, makes the if undecided and both parts run; \
        an argument without value makes the if take its else part): call-depth or step limit, where trees value \
        the call (EngineRegressionTests.recursionOnAVariable, recursionOnAnArgumentWithoutValue)
        """
    case loopBoundOfAVariableArgument = """
        values only: a function whose loop is bounded by its argument fails with loop-bound-unknown when called on \
        a variable that has a value; trees value the call (EngineRegressionTests.loopBoundedByAVariableArgument)
        """
    case lastxAfterACall = """
        trees: a call of a function on an argument that depends on a variable is a node valued later, so its \
        body's operations do not set lastx (values only run it in place: they do). Calls on constants set it \
        (EngineRegressionTests.lastxAfterACall)
        """
    case errorsOfThePartNotTaken = """
        an undecided if reports the errors of both its parts, even of the part the variable's value does not take; \
        a call node valued for that value does not (EngineRegressionTests.errorsOfThePartNotTaken)
        """
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

    static let trees: [String: [Int: KnownBug]] = [
        "constants": seeds([(.recursionOnAnUnknownArgument, [382])]),
        "everything": seeds([
            // 933: the step limit falls elsewhere, as values only run fib0 on x in place.
            (.recursionOnAnUnknownArgument, [42, 55, 136, 291, 325, 496, 508, 524, 538, 606, 686, 696, 729, 776, 782, 800,
                                             807, 814, 933, 962, 983]),
            (.errorsOfThePartNotTaken, [3]),
            (.loopBoundOfAVariableArgument, [931]),
        ]),
    ]
    static let traced: [Int: KnownBug] = [:]
    static let budget: [Int: KnownBug] = [:]
    static let float: [Int: KnownBug] = [:]
    static let symbolic: [Int: KnownBug] = [:]
    static let reset: [Int: KnownBug] = [:]
    static let broken: [Int: KnownBug] = seeds([
        // 337: the step limit falls elsewhere, as values only run fib1 on M in place.
        (.recursionOnAnUnknownArgument, [50, 112, 128, 157, 229, 270, 327, 337, 353, 379, 489, 499, 543, 639, 649, 675,
                                         684, 707, 718, 738, 819, 877, 881, 915, 965]),
    ])
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

    /// `rpn --set M=6 -e ': fac … ; M fac'` is a recursion-limit error; the corpus (trees) says 720.
    @Test func recursionOnAVariable() {
        let text = ": fac ( n -- f ) n 2 < if 1 else n n 1 - fac × then ; M fac"
        let trees = Self.run(text, trees: true, variables: [("M", 6)])
        #expect(trees.values == [720] && trees.diagnostics.isEmpty, "\(trees)")
        withKnownIssue(Comment(rawValue: KnownBug.recursionOnAnUnknownArgument.rawValue)) {
            let folded = Self.run(text, trees: false, variables: [("M", 6)])
            #expect(folded.values == [720] && folded.diagnostics.isEmpty, "\(folded)")
        }
    }

    /// An argument without value (`0 inv`): the `if` on `n 1 <` takes its else part every time.
    @Test func recursionOnAnArgumentWithoutValue() {
        let text = ": r ( n -- r ) n 1 < if 0 else n 1 - r then ; 0 inv r"
        let trees = Self.run(text, trees: true)
        #expect(trees.values == [nil] && trees.diagnostics.map(\.code) == [.divisionByZero], "\(trees)")
        withKnownIssue(Comment(rawValue: KnownBug.recursionOnAnUnknownArgument.rawValue)) {
            let folded = Self.run(text, trees: false)
            #expect(folded.values == [nil] && folded.diagnostics.map(\.code) == [.divisionByZero], "\(folded)")
        }
    }

    @Test func loopBoundedByAVariableArgument() {
        let text = ": f ( n -- r ) 0 1 n for i i + next ; M f"
        let trees = Self.run(text, trees: true, variables: Self.M3)
        #expect(trees.values == [6] && trees.diagnostics.isEmpty, "\(trees)")
        withKnownIssue(Comment(rawValue: KnownBug.loopBoundOfAVariableArgument.rawValue)) {
            let folded = Self.run(text, trees: false, variables: Self.M3)
            #expect(folded.values == [6] && folded.diagnostics.isEmpty, "\(folded)")
        }
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
    /// call in place does; one on a variable is valued later, and still does not set lastx.
    @Test func lastxAfterACall() {
        let text = ": f ( a -- r ) a 1 + ; 5 f lastx"
        let folded = Self.run(text, trees: false)
        #expect(folded.values == [6, 1] && folded.diagnostics.isEmpty, "\(folded)")
        let trees = Self.run(text, trees: true)
        #expect(trees.values == folded.values && trees.diagnostics == folded.diagnostics, "\(trees)")
        let variable = ": f ( a -- r ) a 1 + ; x f lastx"
        let foldedVariable = Self.run(variable, trees: false, variables: [("x", 5)])
        #expect(foldedVariable.values == [6, 1] && foldedVariable.diagnostics.isEmpty, "\(foldedVariable)")
        withKnownIssue(Comment(rawValue: KnownBug.lastxAfterACall.rawValue)) {
            let treesVariable = Self.run(variable, trees: true, variables: [("x", 5)])
            #expect(treesVariable.values == foldedVariable.values && treesVariable.diagnostics.isEmpty, "\(treesVariable)")
        }
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

    /// x is 1: the part after else never gives the value, yet values only report its division
    /// by zero (and so does `x if 1 else 0 0 ÷ then` in both modes); the call node valued for
    /// x = 1 does not.
    @Test func errorsOfThePartNotTaken() {
        let text = ": f ( a -- r ) a if 1 else 0 0 ÷ then ; x f"
        let trees = Self.run(text, trees: true, variables: [("x", 1)])
        #expect(trees.values == [1] && trees.diagnostics.isEmpty, "\(trees)")
        withKnownIssue(Comment(rawValue: KnownBug.errorsOfThePartNotTaken.rawValue)) {
            let folded = Self.run(text, trees: false, variables: [("x", 1)])
            #expect(folded.values == [1] && folded.diagnostics.isEmpty, "\(folded)")
        }
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
