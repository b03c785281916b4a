import RPNCore
import Testing

/// Loops that change the stack's depth (issue 19): the effects the checker gives words whose
/// loops do, and runs whose stack grows by hundreds of thousands of entries or runs short
/// inside a loop. Values by hand in each comment.
@Suite struct VaryingLoopTests {
    static func machine(_ text: String, _ options: EvaluationOptions = EvaluationOptions(keepTrees: false)) -> Machine {
        var machine = Machine(options: options)
        machine.run(SourceFile(name: "<t>", text: text, baseOffset: 0))
        return machine
    }

    /// (definition, the effect it gets): a known count multiplies the body's effect; a count
    /// known only as it runs, or a call of such a word, makes it vary.
    @Test(arguments: [
        // 3 rounds of one push.
        (": tens 1 3 for i i next ;", "( -- x y z )"),
        // 3, 1: step -1 counts 3, 2, 1: 3 rounds of `+`, each 1 lower, the last reaching 4 below.
        (": add4 3 1 -1 for i + step ;", "( x y z w -- x )"),
        // 0 rounds: the body is checked, but runs no time (its `+` still takes 2 at most).
        (": none 3 1 for i + next ;", "( x y -- x y )"),
        // Balanced loops keep their effect.
        (": sumto ( n -- s ) 0 1 n for k k + next ;", "( n -- s )"),
        (": total depth 1 - 1 swap for i + next ;", "( … -- … )"),
        (": grow begin 1 dup until ;", "( … -- … )"),
        (": grow begin 1 dup until ; : twice grow grow ;", "( … -- … )"),
    ])
    func effects(_ text: String, _ effect: String) {
        let machine = Self.machine(text)
        #expect(machine.diagnostics.isEmpty, "\(machine.diagnostics)")
        #expect(machine.words.last?.effect?.description == effect)
        #expect(machine.words.last?.effect?.varies == (effect == "( … -- … )"))
    }

    /// A stack that grows by 10^6 entries in a block, and by 100002 in a begin loop: each round
    /// of `1 + dup dup 100000 > until` with k on top leaves k+1 twice in place of k, so after
    /// round k the stack is 1 2 … k k, and it stops at k = 100001: 100002 entries, then depth.
    @Test(arguments: [true, false])
    func growingLoopsHaveRoom(_ exact: Bool) {
        var options = EvaluationOptions(keepTrees: false)
        options.exact = exact
        var counted = Self.machine("1 1000000 for i i next depth", options)
        #expect(counted.diagnostics.isEmpty)
        #expect(counted.depth == 1_000_001)
        func number(_ n: Int) -> Number { exact ? .integer(ExactInteger(n)) : .real(Double(n)) }
        #expect(counted.values().last == number(1_000_000))
        var until = Self.machine("0 begin 1 + dup dup 100000 > until depth", options)
        #expect(until.diagnostics.isEmpty)
        #expect(until.depth == 100_003)
        #expect(until.values().last == number(100_002))
        // In a word, called twice: 2 × 300000 pushes (300000 is past what a known count
        // spells out, so the effect varies).
        var word = Self.machine(": up 1 300000 for i i next ; up up depth", options)
        #expect(word.diagnostics.isEmpty)
        #expect(word.values().last == number(600_000))
    }

    /// Too few entries as a varying loop runs: the missing operand is reported at its token,
    /// as at the top level, and the run goes on without crashing. On 1 2 3 with bounds 1 5:
    /// 2+3 = 5, 1+5 = 6, then `+` finds 1 entry in rounds 3, 4 and 5, reported once (one error
    /// per cause, issue 20). `if` and `until` with no flag, `for` with no bounds, likewise.
    @Test(arguments: [
        (": eat 1 swap for i + next ; 1 2 3 5 eat", "+ needs 2 operands, found 1", 19),
        (": f begin drop depth 0 = until if 1 else 2 then ; 1 2 f", "if needs 1 operand, found 0", 31),
        (": f begin drop depth 0 = until ; : g begin f until ; 1 2 g", "until needs 1 operand, found 0", 45),
        (": f begin drop depth 0 = until 1 for i next ; 1 2 f", "for needs 2 operands, found 1", 33),
    ])
    func missingOperandsAsItRuns(_ text: String, _ message: String, _ offset: Int) {
        for trees in [false, true] {
            let machine = Self.machine(text, EvaluationOptions(keepTrees: trees))
            #expect(machine.diagnostics.map(\.message) == [message], "\(text)")
            #expect(machine.diagnostics.first?.range.lowerBound == offset, "\(text)")
        }
    }

    /// An `if` whose flag has no value runs both parts; when one varies they may leave
    /// different depths (grow leaves 1 entry, the empty part none), which no merge can tell:
    /// an error at the then, and the first part's depth, its entry without value.
    @Test func anUndecidedIfWhosePartsLeaveDifferentDepths() {
        for trees in [false, true] {
            var machine = Self.machine(": grow begin 1 dup until ; M if grow then", EvaluationOptions(keepTrees: trees))
            #expect(machine.diagnostics.map(\.code) == [.unbalancedBranches], "\(machine.diagnostics)")
            #expect(machine.diagnostics.first?.range.lowerBound == 37)
            #expect(machine.values() == [nil])
        }
    }

    /// Programs whose loops change the depth, run every way the engine runs them (the random
    /// programs' generator balances every loop): trees and values only agree, traced and
    /// untraced runs agree in every mode, and so do they when a step budget stops them
    /// anywhere (a stop inside a part that varies leaves the stack as deep as it found it).
    static let varyingPrograms = [
        "1 2 3 4 1 3 for i + next",
        "1 2 3 4 begin + depth 1 = until",
        ": total depth 1 - 1 swap for i + next ; 1 2 3 4 total 5 ×",
        ": eat 1 swap for i + next ; 1 2 3 5 eat",
        ": tens 1 3 for i i 10 × next ; tens + +",
        "5 1 if begin dup 1 - dup 0 = until + + + + + then",
        ": up 1 5 for i i M × next ; up up depth",
        "M 1 3 for i dup i + next + + +",
        ": grow begin 1 dup until ; x if grow then 2",
        "0 1 4 for i 1 i for j j next next depth",
        ": down 3 1 -1 for i + step ; 1 2 3 4 down 1 2 3 4 5 6 down",
    ]

    @Test(arguments: varyingPrograms)
    func everyWayOfRunningAgrees(_ text: String) {
        let variables = [("M", Engine.number("3")), ("x", Engine.number("1"))]
        #expect(Check.trees(text, variables: variables, budget: 100_000) == nil)
        for mode in 0..<4 {
            let options = Engine.options(trees: mode & 1 == 0, exact: mode & 2 == 0, maxSteps: 100_000)
            #expect(Check.traced(text, options, variables: variables) == nil, "mode \(mode)")
            let steps = Engine.run(text, options, variables: variables).steps
            for budget in 1...Swift.max(1, steps) {
                let stopped = Engine.options(trees: mode & 1 == 0, exact: mode & 2 == 0, maxSteps: budget)
                #expect(Check.traced(text, stopped, variables: variables) == nil, "mode \(mode), budget \(budget)")
            }
        }
    }
}
