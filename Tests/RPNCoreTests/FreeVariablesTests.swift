import RPNCore
import Testing

/// `Machine.freeVariables`: the variables a program's final stack still depends on, the one
/// answer of `rpn -d --json`, plots and the editor (issue 16, item 6).
@Suite struct FreeVariablesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var program: String
        var set: [(String, Int)] = []
        var free: [String]
        var testDescription: String { program }
    }

    static let cases: [Case] = [
        Case(program: "3 4 +", free: []),
        Case(program: "1 M ÷ sin x b +", set: [("x", 2)], free: ["M", "b"]),
        // b is stored by the end: the entry reads its value.
        Case(program: "x M + b 2 →b y", set: [("x", 1)], free: ["M", "y"]),
        // In the order the machine first met them, not by name.
        Case(program: "z a +", free: ["z", "a"]),
        // A subtree that dup shares counts once.
        Case(program: "M dup ×", free: ["M"]),
        // Dropped: the result no longer depends on M.
        Case(program: "M drop 5", free: []),
        Case(program: "q 1 + 7 →q", free: []),
        // The argument of a call of a word.
        Case(program: ": twice ( x -- y ) 2 × ; M twice", free: ["M"]),
        // A name read as a variable before the word is defined is free; the word's parameters are not.
        Case(program: "f : f ( a -- b ) a 1 + ; 2 f", free: ["f"]),
        // The parts of an if whose flag has no value.
        Case(program: "M 0 > if a else b then", free: ["M", "a", "b"]),
        Case(program: ": fac ( n -- f ) n 2 < if 1 else n n 1 - fac × then ; M fac", free: ["M"]),
    ]

    @Test(arguments: cases)
    func freeVariables(_ c: Case) {
        let evaluation = RPN.evaluate(c.program, options: EvaluationOptions(freeVariables: true),
                                      variables: c.set.map { ($0.0, Number($0.1)) })
        #expect(evaluation.machine.freeVariables == c.free)
    }

    @Test func variablesReadIncludeThoseWithValues() {
        let evaluation = RPN.evaluate("x M + 3", options: EvaluationOptions(freeVariables: true),
                                      variables: [("x", Number(1))])
        let machine = evaluation.machine
        #expect(machine.variablesRead(by: [machine.stackNode(0)]) == ["x", "M"])
        #expect(machine.freeVariables(of: [machine.stackNode(0)]) == ["M"])
        #expect(machine.variablesRead(by: [machine.stackNode(1)]) == [])
    }

    /// Trees can be millions deep: the walk is a loop, not recursion on depth.
    @Test func aMillionDeepTree() {
        let program = "M " + String(repeating: "1 + ", count: 1_000_000)
        let evaluation = RPN.evaluate(program, options: EvaluationOptions(freeVariables: true))
        #expect(evaluation.machine.freeVariables == ["M"])
    }
}
