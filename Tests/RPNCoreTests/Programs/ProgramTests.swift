import RPNCore
import Testing

/// The machine's program API beyond what the corpus shows: undo of definitions, the symbols
/// editors navigate by, traces, and limits that must leave the machine usable.
@Suite struct ProgramTests {
    static func run(_ machine: inout Machine, _ text: String, at base: Int = 0) {
        machine.run(SourceFile(name: "<t>", text: text, baseOffset: base))
    }

    @Test func aDefinitionIsOneUndoableChange() {
        var machine = Machine()
        machine.beginChange()
        Self.run(&machine, ": square dup × ;")
        var change = machine.endChange()
        #expect(machine.words.map(\.name) == ["square"])
        machine.undo(&change)
        #expect(machine.words.isEmpty)
        Self.run(&machine, "3 square")  // a variable now, not a word
        #expect(machine.description() == "3,square")
        machine.undo(&change)  // nothing more to take back: the change is already undone
        var fresh = Machine()
        fresh.beginChange()
        Self.run(&fresh, ": square dup × ;")
        var again = fresh.endChange()
        fresh.undo(&again)
        fresh.redo(&again)
        Self.run(&fresh, "4 square")
        #expect(fresh.values() == [16])
    }

    @Test func symbolsLinkUsesToTheirDefinitionAndParameters() {
        var machine = Machine()
        let text = ": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ; 3 4 hyp 1 3 for i i next drop2 drop"
        Self.run(&machine, text)
        let bytes = Array(text.utf8)
        func spelled(_ s: SymbolOccurrence) -> String { String(decoding: bytes[s.range], as: UTF8.self) }
        let word = machine.symbols.filter { $0.kind == .wordDefinition || $0.kind == .wordUse }
        #expect(word.map(spelled) == ["hyp", "hyp"])
        #expect(Set(word.map(\.symbol)).count == 1)
        let a = machine.symbols.filter { spelled($0) == "a" }
        #expect(a.map(\.kind) == [.parameterDeclaration, .parameterUse])
        #expect(Set(a.map(\.symbol)).count == 1)
        let b = machine.symbols.filter { spelled($0) == "b" }
        #expect(b.count == 2 && b[0].symbol != a[0].symbol)
        let i = machine.symbols.filter { spelled($0) == "i" }
        #expect(i.map(\.kind) == [.loopVariableDeclaration, .loopVariableUse])
        #expect(i.allSatisfy { $0.word == -1 })
    }

    @Test func traceSeesEveryStepInsideWords() {
        var machine = Machine(options: EvaluationOptions(keepTrees: false))
        var seen: [String] = []
        let text = ": square dup × ; 3 square"
        let bytes = Array(text.utf8)
        machine.run(SourceFile(name: "<t>", text: text)) { token, machine in
            seen.append("\(String(decoding: bytes[token.range], as: UTF8.self)):\(machine.depth)")
        }
        // The call itself, then the body's two steps, each with the depth after it.
        #expect(seen == ["3:1", "square:1", "dup:2", "×:1"])
    }

    @Test func theStepLimitLeavesTheMachineUsable() {
        var options = EvaluationOptions(keepTrees: false)
        options.maxSteps = 500
        var machine = Machine(options: options)
        Self.run(&machine, ": spin ( -- x ) 1 begin 0 until ; spin 2")
        #expect(machine.diagnostics.map(\.code) == [.stepLimit])
        #expect(machine.depth == 2)  // spin's output (no value), then 2
        #expect(machine.values().last == 2)
        Self.run(&machine, "3 4 +")  // a new run has a new budget
        #expect(machine.values().last == 7)
    }

    @Test(arguments: [
        // A function's error inside its body is reported at the body's token, once, however
        // many calls find it.
        (": r0 ( x -- y ) 1 x ÷ ; 0 r0 0 r0", [DiagnosticCode.divisionByZero]),
        (": f ( a -- b ) a ; 1 2 f", []),
    ])
    func callDiagnostics(_ program: String, _ codes: [DiagnosticCode]) {
        #expect(RPN.evaluate(program).diagnostics.map(\.code) == codes)
    }

    @Test func describingAWordDoesNotChangeTheMachine() {
        var machine = Machine()
        Self.run(&machine, ": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ; 3 4 hyp")
        let before = machine.description()
        #expect(machine.describe(word: 0) == "hyp(a,b) = √(a^2+b^2)")
        #expect(machine.describe(word: 0, style: DescriptionStyle(glyphs: .ascii)) == "hyp(a,b) = sqrt(a^2+b^2)")
        #expect(machine.description() == before)
        #expect(machine.words[0].effect?.description == "( a b -- c )")
        #expect(machine.words[0].isFunction && !machine.words[0].isRecursive)
    }
}

extension ProgramTests {
    /// The shell clears diagnostics per line: a word failing on the same call again must say
    /// so again, or the second line would be accepted with no value and no error.
    @Test func aFailingCallIsReportedOnEveryLine() {
        var machine = Machine()
        Self.run(&machine, ": r ( x -- y ) 1 x ÷ ;")
        for line in 0..<2 {
            machine.clearDiagnostics()
            Self.run(&machine, "0 r", at: 100 + 10 * line)
            #expect(machine.diagnostics.map(\.code) == [.divisionByZero], "line \(line)")
        }
    }
}

extension ProgramTests {
    /// Values-only runs compact the value store as it fills; a loop counter holding a
    /// fraction lives in the frame's locals, which compaction must move too. The sum of t for
    /// t = 0, 1/3, 2/3, …, 2000 is (1/3)·(0+1+…+6000) = (1/3)·18003000 = 6001000.
    @Test func storeCompactionKeepsFractionCountersInLocals() {
        let result = RPN.evaluate("0 0 2000 1 3 ÷ for t t + step", options: EvaluationOptions(keepTrees: false))
        #expect(result.values == [6001000])
        #expect(result.diagnostics.isEmpty)
    }
}
