import RPNCore
import Testing

/// rpn has one zero (grammar/rpn.ebnf, "Numbers print"): no word can tell IEEE −0 from 0, so
/// a zero result is 0 and the literal -0 is 0. Every front end then prints 0, whatever number
/// formatter it uses (JSON keeps the sign of −0). Descriptions still show the operations the
/// program wrote.
@Suite struct NegativeZeroTests {
    /// Programs whose IEEE result is −0, with their descriptions.
    static let cases: [(program: String, description: String)] = [
        ("0 neg", "−0"), ("-0", "0"), ("-0.0", "0"), ("0 -1 ×", "0×(−1)"), ("-1 0 ×", "−1×0"),
        ("0 -1 ÷", "0÷(−1)"), ("-0 -0 +", "0+0"), ("0 neg 0 −", "−0−0"), ("1e-200 neg 1e-200 ×", "−1e-200×1e-200"),
        ("0 neg √", "√(−0)"), ("0 neg 3 ^", "(−0)^3"), ("0 neg sin", "sin(−0)"), ("0 neg tan", "tan(−0)"),
        ("0 neg asin", "asin(−0)"), ("0 neg atan", "atan(−0)"), ("0 neg abs neg", "−abs(−0)"),
        ("-0 →x x", "x"), ("-1e-300 1e300 ÷", "−1e-300÷1e+300"),
    ]

    /// In doubles (`--float`), where −0 arises; exact numbers have only one zero to begin with
    /// (and `1e-200 neg 1e-200 ×` is not zero there).
    @Test(arguments: cases, [true, false])
    func zeroResultsAreZero(_ test: (program: String, description: String), keepTrees: Bool) {
        for angle in [AngleUnit.radians, .degrees] {
            let options = EvaluationOptions(angleUnit: angle, keepTrees: keepTrees, exact: false)
            let evaluation = RPN.evaluate(test.program, options: options)
            #expect(evaluation.diagnostics.isEmpty, "\(test.program)")
            guard let value = evaluation.values.last ?? nil else {
                Issue.record("\(test.program) has no value")
                continue
            }
            #expect(value.doubleValue == 0 && value.doubleValue.sign == .plus, "\(test.program) = \(value)")
            #expect(NumberFormat().string(value) == "0")
            if keepTrees { #expect(evaluation.description == test.description) }
        }
    }

    @Test func storedZeroIsZero() {
        let evaluation = RPN.evaluate("0 -1 × →x")
        #expect(evaluation.machine.variables.bound.map(\.value.doubleValue.sign) == [.plus])
    }

    @Test func aZeroFromOutsideIsZero() {
        let evaluation = RPN.evaluate("x", variables: [("x", .real(-0.0))])
        #expect(evaluation.values.map { $0?.doubleValue.sign } == [.plus])
        #expect(evaluation.machine.variables.bound.map(\.value.doubleValue.sign) == [.plus])
    }
}
