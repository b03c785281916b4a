import RPNCore
import Testing

/// Tokens longer than 65,535 bytes (long names, and number literals with many digits) keep
/// exact ranges in the expression forest, while nodes stay at 32 bytes.
@Suite struct LongTokenTests {
    @Test func nodesStayAtThirtyTwoBytes() {
        #expect(MemoryLayout<Node>.size == 32)
        #expect(MemoryLayout<Node>.stride == 32)
    }

    static let lengths = [1, 65_534, 65_535, 65_536, 65_537, 70_000, 1 << 20]

    @Test(arguments: lengths)
    func unsetVariableIsReportedOverItsWholeName(_ length: Int) {
        let name = String(repeating: "x", count: length)
        let evaluation = RPN.evaluate("1 2 + \(name) ×")
        #expect(evaluation.diagnostics.map(\.code) == [.unsetVariable])
        #expect(evaluation.diagnostics.first?.range == 6..<(6 + length))
    }

    @Test(arguments: lengths)
    func everyNodeKnowsItsWholeToken(_ length: Int) {
        let name = String(repeating: "y", count: length)
        let digits = String(repeating: "0", count: length) + "7"  // the number 7
        let text = "\(digits) \(name) + neg"
        let evaluation = RPN.evaluate(text, options: EvaluationOptions(freeVariables: true))
        let ranges = evaluation.machine.nodes.map(\.tokenRange)
        let numberEnd = length + 1
        let nameStart = numberEnd + 1, nameEnd = nameStart + length
        #expect(ranges == [0..<numberEnd, nameStart..<nameEnd, (nameEnd + 1)..<(nameEnd + 2),
                           (nameEnd + 3)..<(nameEnd + 6)])
        #expect(evaluation.machine.nodes.map(\.tokenStart) == ranges.map(\.lowerBound))
        var machine = evaluation.machine
        #expect(machine.value(of: 0) == 7)
        #expect(evaluation.machine.nodes[2].lhs == 0 && evaluation.machine.nodes[2].rhs == 1)
        #expect(evaluation.machine.nodes[3].lhs == 2)
        #expect(evaluation.description == "−(7+\(name))")
    }
}
