import RPNCore
import Testing

/// Values-only runs store a box for every fraction they make and drop most of them at once, so
/// the value store is compacted every few thousand boxes: every place that still holds a
/// value must be among the roots compaction moves (issue 16: the entries an undecided `if`
/// keeps aside were missed, and every front end died with SIGILL). Each program below makes
/// 5000 throw-away fractions (`CHURN`) inside a construct while a fraction is held there;
/// answers worked out by hand.
@Suite struct CompactionTests {
    static let churn = "1 5000 for j 1 j 2 + / drop next"

    static func run(_ text: String, trees: Bool = false, m: Number? = nil) -> (values: [Number?], errors: [String]) {
        var machine = Machine(options: EvaluationOptions(keepTrees: trees, freeVariables: true))
        machine.run(SourceFile(name: "<t>", text: text.replacingOccurrences(of: "CHURN", with: churn)))
        if let m { machine.setVariable("M", to: m) }
        return (machine.values(), machine.allDiagnostics.filter { $0.severity == .error }.map(\.message))
    }

    static let third = Number.ratio(.small(1), .small(3))

    @Test(arguments: [
        // the stack
        ("1 3 / CHURN 1 +", Number.ratio(.small(4), .small(3))),
        // a parameter of a running word
        (": f ( a -- r ) CHURN a 1 + ; 1 3 / f", Number.ratio(.small(4), .small(3))),
        // a loop counter that is a fraction: 1/2 + 1 + 3/2
        ("0 1 2 / 3 2 / 1 2 / for k CHURN k + step", Number(3)),
        // lastx: the divisor 1/3 of the division that made the box which started compaction
        ("1 5000 for j j 1 3 / / drop next lastx", third),
        // the stack under a word's frame, and a call inside a loop
        (": g ( -- ) CHURN ; 1 3 / 1 2 for k g next", third),
    ])
    func compactionKeepsEveryValue(_ program: String, _ expected: Number) {
        let (values, errors) = Self.run(program)
        #expect(errors.isEmpty, "\(program): \(errors)")
        #expect(values == [expected], "\(program)")
    }

    /// An `if` on M, which has no value yet: both parts run, each on the entries kept aside
    /// for it, and compact the store while the other part's entries wait.
    @Test(arguments: [(Number(1), Number.ratio(.small(4), .small(3))), (Number(0), Number.ratio(.small(7), .small(3)))])
    func compactionInsideAnUndecidedIf(_ m: Number, _ expected: Number) {
        let ifs = "1 3 / M if CHURN 1 + else CHURN 2 + then"
        #expect(Self.run(ifs, m: m).values == [expected])
        // inside a word: valued by a machine of its own, once M has its value
        let word = ": w ( -- r ) \(ifs) ; w"
        #expect(Self.run(word, m: m).values == [expected])
        #expect(Self.run(word, trees: true, m: m).values == [expected])
        // nested: an undecided if inside the parts of another
        let nested = "1 3 / M if M if CHURN 1 + else 5 + then else CHURN 2 + then"
        #expect(Self.run(nested, m: m).values == [expected])
    }
}

extension CompactionTests {
    /// The shell's lines are changes; the values a line makes are compacted during it too, so
    /// that a long loop of big numbers at `rpn>` keeps its memory, while the values made
    /// before the line stay where earlier undo records expect them.
    @Test func compactionInsideAChangeKeepsUndoAndRedo() {
        var machine = Machine(options: EvaluationOptions(keepTrees: true, freeVariables: true))
        machine.run(SourceFile(name: "<t>", text: "1 3 / 2 60 ^"))
        machine.beginChange()
        // 2^50 + 1 + … : every partial sum past 2^47 is a big integer, one box each. Past the
        // tree budget (`Machine.treeBudget`) they are held by nothing once the next is made.
        machine.run(SourceFile(name: "<t>", text: "2 50 ^ 1 150000 for i i + next", baseOffset: 100))
        var change = machine.endChange()
        // 2^50 + 150000 × 150001 / 2 = 1125899906842624 + 11250075000
        let sum = Number(1_125_911_156_917_624), big = Number(1 << 60)
        #expect(machine.values() == [Self.third, big, sum])
        #expect(machine.store.count < 20_000, "\(machine.store.count) values kept")
        machine.undo(&change)
        #expect(machine.values() == [Self.third, big])
        machine.redo(&change)
        #expect(machine.values() == [Self.third, big, sum])
    }
}
