import RPNCore
import Testing

/// Issue 19: analysis over a free variable (`solve`, `integrate`, `∂`, `taylor`). Expected
/// values by hand (derivatives, exact roots and integrals) or the double nearest the true
/// value (mpmath at 300 bits, rounded once); tests/numerics/test_analysis.py compares many more
/// with Python.
struct AnalysisTests {
    static func q(_ n: Int, _ d: Int) -> Number { Number.ratio(ExactInteger(n), ExactInteger(d)) }

    static let free = EvaluationOptions(freeVariables: true)

    @Test(arguments: [
        // The examples.
        ("x 3 ^ x ∂", "3×x^2"),
        ("x sin x ∂", "cos(x)"),
        ("x 3 ^ x der", "3×x^2"),
        // Sum, product, quotient, chain.
        ("x 2 ^ 3 x × + 5 - x ∂", "2×x+3"),
        ("x x × x ∂", "2×x"),
        ("x 2 × sin x ∂", "2×cos(x×2)"),
        ("x 2 ^ sin x ∂", "cos(x^2)×2×x"),
        ("x ln x ∂", "1÷x"),
        ("x exp x ∂", "exp(x)"),
        ("x cos x ∂", "−sin(x)"),
        ("e x ^ x ∂", "e^x"),
        ("x x ^ x ∂", "x^x×(ln(x)+1)"),
        ("x 3 ^ x ∂ x ∂ x ∂", "6"),
        ("5 x ∂", "0"),
        ("y x ∂", "0"),
        ("deg x sin x ∂", "π÷180×cos(x)"),
        ("deg x atan x ∂", "180÷π÷(1+x^2)"),
        // Through words of one's own.
        (": cube ( a -- b ) a 3 ^ ; x cube x ∂", "3×x^2"),
        (": g ( a b -- c ) a b × ; x x g x ∂", "2×x"),
        // Taylor polynomials.
        ("x exp x 0 3 taylor", "1+x+x^2÷2+x^3÷6"),
        ("x sin x 0 5 taylor", "x−x^3÷6+x^5÷120"),
        ("x 3 ^ x 2 3 taylor", "8+12×(x−2)+6×(x−2)^2+(x−2)^3"),
        ("x exp x 0 0 taylor", "1"),
    ])
    func describes(_ program: String, _ expected: String) {
        #expect(RPN.describe(program, options: Self.free) == expected, "\(program)")
    }

    @Test(arguments: [
        // The examples: solve (the issue's `root`), integrate, ∂ valued.
        ("x 2 ^ 2 - x 0 3 solve", [("x", nil)], Number(1.4142135623730951)),
        ("x cos x - x 0 1 solve", [], Number(0.7390851332151607)),
        ("x 3 × 1 - x 0 1 solve", [], Self.q(1, 3)),
        ("x 2 ^ x 0 3 integrate", [], Number(9)),
        ("x sin x 0 π integrate", [], Number(2.0)),
        ("x 3 ^ x ∂", [("x", Number(2))], Number(12)),
        // Exact polynomial roots and integrals.
        ("x 2 ^ 6 × x 5 × - 1 + x 2 5 ÷ 1 solve", [], Self.q(1, 2)),
        ("x 3 ^ x -1 2 ∫", [], Self.q(15, 4)),
        ("x 1 - x 1 2 solve", [], Number(1)),
        ("x 2 ^ x 3 0 integrate", [], Number(-9)),
        // Other variables: their values now.
        ("x y - x 0 1 solve", [("y", Self.q(1, 4))], Self.q(1, 4)),
        ("x y × x 0 2 integrate", [("y", Number(3))], Number(6)),
        // ln 2 and π, the nearest doubles.
        ("x exp 2 - x 0 1 solve", [], Number(0.6931471805599453)),
        ("x sin x 3 4 solve", [], Number(3.141592653589793)),
        // A Taylor polynomial valued: 1/(1−x) to degree 3 at 1/2 is 15/8.
        ("1 x - inv x 0 3 taylor", [("x", Self.q(1, 2))], Self.q(15, 8)),
    ] as [(String, [(String, Number?)], Number)])
    func values(_ program: String, _ variables: [(String, Number?)], _ expected: Number) {
        let bound = variables.compactMap { name, value in value.map { (name, $0) } }
        let evaluation = RPN.evaluate(program, variables: bound)
        #expect(evaluation.diagnostics.isEmpty, "\(program): \(evaluation.diagnostics.map(\.message))")
        #expect(evaluation.values == [expected], "\(program)")
        // The same with values only (no trees kept): both modes agree.
        var options = EvaluationOptions()
        options.keepTrees = false
        #expect(RPN.evaluate(program, options: options, variables: bound).values == [expected], "\(program) without trees")
    }

    @Test(arguments: [
        ("x 2 ^ 2 - x 2 3 solve", "no-sign-change", "solve: no sign change in [2, 3]: f(2)=2, f(3)=7"),
        ("x cos x 0 1 solve", "no-sign-change", "solve: no sign change in [0, 1]: f(0)=1, f(1)=0.5403023058681398"),
        ("x floor x ∂", "not-differentiable", "∂: floor has no derivative"),
        ("x 2 mod x ∂", "not-differentiable", "∂: mod has no derivative"),
        ("x 3 5 powmod x ∂", "not-differentiable", "∂: powmod has no derivative"),
        ("x 1 + 3 ∂", "needs-variable", nil),
        ("x 2 ^ x 1 + 0 1 solve", "needs-variable", nil),
        ("x y + x 0 1 integrate", "unset-variable", nil),
        ("1 x ÷ x -1 1 integrate", "out-of-domain", "integrate: f has no value at x = 0 (division by zero)"),
        ("x inv sin x 1e-9 1 integrate", "did-not-converge", nil),
        ("x exp x 0 100 taylor", "out-of-domain", nil),
        ("x √ x 0 2 taylor", "out-of-domain", nil),
        ("x cos x - x 0 1 solve", nil, nil),
    ] as [(String, String?, String?)])
    func errors(_ program: String, _ code: String?, _ message: String?) {
        let evaluation = RPN.evaluate(program + " drop")
        if program == "x cos x - x 0 1 solve" {
            #expect(evaluation.diagnostics.isEmpty)  // a control: the same words, no error
            return
        }
        let error = evaluation.diagnostics.first { $0.severity == .error }
        #expect(error != nil, "\(program)")
        if let code { #expect(error?.code.rawValue == code, "\(program)") }
        if let message { #expect(error?.message == message, "\(program)") }
        #expect(evaluation.diagnostics.filter { $0.severity == .error }.count == 1, "\(program): one error, no cascade")
    }

    /// Valuing f at points binds the variable for a moment: its value (or none) is as it was.
    @Test func theVariableKeepsItsBinding() {
        let evaluation = RPN.evaluate("3 →x x 2 ^ 2 - x 0 3 solve x x sin x 0 π integrate x")
        #expect(evaluation.diagnostics.isEmpty)
        #expect(evaluation.values == [Number(1.4142135623730951), Number(3), Number(2.0), Number(3)])
        let free = RPN.evaluate("x cos x - x 0 1 solve x", options: Self.free)
        #expect(free.values == [Number(0.7390851332151607), nil])
    }

    /// In a word's body, with the checker's effect: `( f x lo hi -- r )` takes four, leaves one.
    @Test func insideWords() {
        let evaluation = RPN.evaluate(": r2 ( -- r ) x 2 ^ 2 - x 0 3 solve ; : d ( f -- g ) x ∂ ; r2 x 3 ^ d")
        #expect(evaluation.diagnostics.filter { $0.severity == .error }.allSatisfy { $0.code.rawValue == "unset-variable" })
        #expect(evaluation.values.first == Number(1.4142135623730951))
        #expect(evaluation.machine.words.map(\.name) == ["r2", "d"])
        #expect(RPN.describe(": d ( f -- g ) x ∂ ; x 3 ^ d", options: Self.free) == "3×x^2")
        // Run in place, not as a call valued on values: d(x^3) at x = 2 is 12, not ∂ of the number 8.
        #expect(RPN.evaluate(": d ( f -- g ) x ∂ ; x 3 ^ d", variables: [("x", Number(2))]).values == [Number(12)])
    }

    /// Deep trees: every walk is a loop. A sum of 10^5 terms, and a chain of 10^5 sines.
    @Test func deepTrees() {
        let sum = "x" + String(repeating: " x +", count: 100_000) + " x ∂"
        #expect(RPN.describe(sum, options: Self.free) == "100001")
        let chain = "x" + String(repeating: " sin", count: 100_000) + " x ∂"
        let evaluation = RPN.evaluate(chain, variables: [("x", Number(0))])
        #expect(evaluation.diagnostics.isEmpty)
        #expect(evaluation.values == [Number(1.0)])  // every cos(0) is 1
    }

    /// Under `digits N` a polynomial's irrational root has N digits; other f are refused.
    @Test func digits() {
        var options = EvaluationOptions()
        options.digits = 40
        let root = RPN.evaluate("x 2 ^ 2 - x 0 3 solve", options: options)
        #expect(root.diagnostics.isEmpty)
        let two = RPN.evaluate("2 √", options: options)
        #expect(root.values == two.values)
        let refused = RPN.evaluate("x cos x - x 0 1 solve", options: options)
        #expect(refused.hasErrors)
    }

    /// What a plot marks: roots and extrema between samples, refined by solve.
    @Test func featuresForPlots() {
        var machine = Machine(options: EvaluationOptions(freeVariables: true))
        machine.run(SourceFile(name: "<text>", text: "x 3 ^ 3 x × -"))
        let node = machine.stackNodes.last!
        let samples = (0...80).map { i -> (x: Double, y: Double?) in
            let x = -4 + Double(i) / 10
            return (x, x * x * x - 3 * x)
        }
        let features = machine.features(of: node, variable: "x", samples: samples)
        #expect(features.filter { $0.kind == .root }.map(\.x) == [-1.7320508075688772, 0, 1.7320508075688772])
        #expect(features.filter { $0.kind == .maximum } == [FeaturePoint(kind: .maximum, x: -1, y: 2)])
        #expect(features.filter { $0.kind == .minimum } == [FeaturePoint(kind: .minimum, x: 1, y: -2)])
        #expect(machine.diagnostics.isEmpty)
    }
}
