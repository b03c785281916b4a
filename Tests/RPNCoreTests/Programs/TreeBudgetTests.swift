import RPNCore
import Testing

/// Runs that keep trees (the shell, editors) keep them for what can be shown or described: a
/// block or call of the top level that has made more than `Machine.treeBudget` nodes of
/// constants goes on without trees, so a long loop at `rpn>` runs in flat memory (issue 16:
/// `0 1 1000000000 for i i + next` grew 100-300 MB a second until the shell died). Its result is
/// then a number, described as such; short loops keep their unrolled descriptions, and
/// expressions over variables keep their trees (their values are not known yet).
@Suite struct TreeBudgetTests {
    static func shellMachine() -> Machine {
        Machine(options: EvaluationOptions(keepTrees: true, freeVariables: true, storesNeedValues: true))
    }

    @Test func aLongLoopRunsInBoundedNodes() {
        var machine = Self.shellMachine()
        machine.beginChange()
        machine.run(SourceFile(name: "<t>", text: "0 1 3000000 for i i + next"))
        _ = machine.endChange()
        // 0 + 1 + … + 3000000 = 3000000 × 3000001 / 2
        #expect(machine.values() == [Number(4_500_001_500_000)])
        #expect(machine.nodes.count < 250_000, "\(machine.nodes.count) nodes")
        // (a failure would print millions of terms: compare lengths first)
        #expect(machine.description().utf8.count < 100 && machine.description() == "4500001500000")
        #expect(machine.diagnostics.isEmpty)
        // The session goes on as usual: trees again for what follows.
        machine.run(SourceFile(name: "<t>", text: "2 ×", baseOffset: 100))
        #expect(machine.description().utf8.count < 100 && machine.description() == "4500001500000×2")
        #expect(machine.values() == [Number(9_000_003_000_000)])
    }

    @Test func aLongRunOfAWordRunsInBoundedNodes() {
        var machine = Self.shellMachine()
        machine.run(SourceFile(name: "<t>", text: ": sums ( n -- s t ) 0 1 n for i i + next 0 ; 1000000 sums +"))
        #expect(machine.values() == [Number(500_000_500_000)])
        #expect(machine.nodes.count < 250_000, "\(machine.nodes.count) nodes")
    }

    /// A word whose run dropped the trees returns the top level its trees, however its last
    /// instruction returns: a plain `ret`, a parameter's value (`n ;`), an operation (`+ ;`).
    @Test(arguments: ["n dup ;", "n n ;", "n n 0 + ;", "n n 1 × ;"])
    func aWordPastTheBudgetGivesTheTopLevelItsTreesBack(_ ending: String) {
        var machine = Self.shellMachine()
        machine.run(SourceFile(name: "<t>", text: ": big ( n -- a b ) 0 1 200000 for i i + next drop \(ending) 5 big 1 2 +"))
        #expect(machine.values() == [Number(5), Number(5), Number(3)])
        #expect(machine.description() == "5,5,1+2", "\(ending)")
        #expect(machine.diagnostics.isEmpty)
    }

    @Test func shortLoopsKeepTheirDescriptions() {
        var machine = Self.shellMachine()
        machine.run(SourceFile(name: "<t>", text: "0 1 3 for i i + next"))
        #expect(machine.description() == "0+1+2+3")
    }

    @Test func undoTakesBackALoopThatDroppedItsTrees() {
        var machine = Self.shellMachine()
        machine.run(SourceFile(name: "<t>", text: "7"))
        machine.beginChange()
        machine.run(SourceFile(name: "<t>", text: "0 1 300000 for i i + next", baseOffset: 10))
        var change = machine.endChange()
        machine.undo(&change)
        #expect(machine.values() == [Number(7)])
        #expect(machine.description() == "7")
        machine.redo(&change)
        #expect(machine.values() == [Number(7), Number(45_000_150_000)])
    }
}
