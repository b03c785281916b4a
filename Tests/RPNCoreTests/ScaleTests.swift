import RPNCore
import Testing

/// Trees as deep as the program is long: nothing may recurse on depth (the guide measured a
/// recursive printer crashing at ~22k levels in debug builds).
@Suite struct ScaleTests {
    static func chain(_ count: Int, operand: String = "1", op: String = "+") -> String {
        var text = "1"
        text.reserveCapacity(count * 4)
        for _ in 0..<count { text += " \(operand) \(op)" }
        return text
    }

    @Test func leftDeepMillionEvaluatesAndDescribes() {
        let count = 500_000  // 10^6 tokens
        let evaluation = RPN.evaluate(Self.chain(count))
        #expect(evaluation.values == [Number(count + 1)])
        let description = evaluation.description!
        #expect(description.utf8.count == 2 * count + 1)
        #expect(description.hasPrefix("1+1+1+") && description.hasSuffix("+1"))
    }

    @Test func rightDeepTreeWithVariablesEvaluatesAfterTheStore() {
        // 1 M 1 M ... + + + : a right-deep tree that stays symbolic until M is stored.
        let count = 200_000
        var text = ""
        for _ in 0..<count { text += "1 M " }
        text += String(repeating: "+ ", count: 2 * count - 1) + "2 →M"
        let evaluation = RPN.evaluate(text)
        #expect(evaluation.values == [Number(3 * count)])
        #expect(evaluation.description!.utf8.count == 4 * count - 1)
    }

    @Test func valuesOnlyRunsKeepNoTreeForConstants() {
        var machine = Machine(options: EvaluationOptions(keepTrees: false))
        machine.run(SourceFile(name: "t", text: Self.chain(100_000, op: "×")))
        #expect(machine.nodes.isEmpty)
        #expect(machine.values() == [Number(1)])
    }

    @Test func dupDoublingIsCutAtTheLimitInsteadOfExploding() {
        let text = "1" + String(repeating: " dup +", count: 60)
        var machine = Machine()
        machine.run(SourceFile(name: "t", text: text))
        let (bytes, truncated) = machine.describe(style: DescriptionStyle(byteLimit: 1 << 16))
        #expect(truncated)
        #expect(bytes.count < (1 << 16) + 16)
        #expect(machine.values() == [Number(1 << 60)])
    }

    @Test func manyStoresOfSymbolicChainsStayLinear() {
        // Each store evaluates the chain; the cache makes every store O(new nodes).
        var text = "M"
        for _ in 0..<100_000 { text += " 1 + dup →y" }
        var machine = Machine(options: EvaluationOptions(freeVariables: true))
        machine.setVariable("M", to: 0)
        machine.run(SourceFile(name: "t", text: text))
        #expect(machine.variables["y"] == .value(100_000))
    }

    @Test func tooManyDiagnosticsAreSummarised() {
        let evaluation = RPN.evaluate(String(repeating: "1 0 / ", count: 12_000))
        #expect(evaluation.diagnostics.count == 10_001)
        #expect(evaluation.diagnostics.last?.code == .tooManyDiagnostics)
        #expect(evaluation.diagnostics.last?.message == "2000 more errors not shown")
        #expect(evaluation.diagnostics.last?.range == 60_004..<60_005, "at the first error not shown: the 10001st '/'")
    }
}
