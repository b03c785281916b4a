import RPNCore
import Testing

/// Trigonometry in degrees (`--degrees`). The exact cases are the values Niven's theorem
/// allows (0, ±1/2, ±1 at multiples of 30° and 45°); the others are mpmath's values at 200
/// bits of the exactly reduced angle. tests/numerics/test_degrees.py checks thousands of
/// random and extreme angles against mpmath the same way.
@Suite struct DegreesTests {
    static func degrees(_ program: String) -> (value: Double?, diagnostics: [Diagnostic]) {
        let evaluation = RPN.evaluate(program, options: EvaluationOptions(angleUnit: .degrees))
        #expect(evaluation.values.count == 1, "\(program)")
        return ((evaluation.values.first ?? nil)?.doubleValue, evaluation.diagnostics)
    }

    static let exact: [(String, Double)] = [
        ("0 sin", 0), ("30 sin", 0.5), ("90 sin", 1), ("150 sin", 0.5), ("180 sin", 0), ("210 sin", -0.5),
        ("270 sin", -1), ("330 sin", -0.5), ("360 sin", 0), ("-30 sin", -0.5), ("-90 sin", -1), ("-180 sin", 0),
        ("390 sin", 0.5), ("-330 sin", 0.5), ("-1e300 sin", 0),
        // 360 × 2^40 + 30 and 45 × 2^70 = 360 × 2^67 are doubles.
        ("395824185999390 sin", 0.5), ("53126622932283508654080 sin", 0), ("53126622932283508654080 cos", 1),
        ("0 cos", 1), ("60 cos", 0.5), ("90 cos", 0), ("120 cos", -0.5), ("180 cos", -1), ("240 cos", -0.5),
        ("270 cos", 0), ("300 cos", 0.5), ("-90 cos", 0), ("-60 cos", 0.5), ("360 cos", 1), ("450 cos", 0),
        ("0 tan", 0), ("45 tan", 1), ("135 tan", -1), ("180 tan", 0), ("225 tan", 1), ("315 tan", -1),
        ("-45 tan", -1), ("-135 tan", 1), ("360 tan", 0), ("405 tan", 1),
        ("0 asin", 0), ("0.5 asin", 30), ("-0.5 asin", -30), ("1 asin", 90), ("-1 asin", -90),
        ("1 acos", 0), ("0.5 acos", 60), ("0 acos", 90), ("-0.5 acos", 120), ("-1 acos", 180),
        ("0 atan", 0), ("1 atan", 45), ("-1 atan", -45),
    ]

    @Test(arguments: exact)
    func exactWhereTheTrueValueIsExact(_ program: String, _ expected: Double) {
        let (value, diagnostics) = Self.degrees(program)
        #expect(value == expected, "\(program)")
        #expect(diagnostics.isEmpty)
    }

    @Test(arguments: ["90 tan", "270 tan", "-90 tan", "450 tan", "-270 tan", "395824185999450 tan"])
    func tangentAtOddMultiplesOfNinetyIsAnError(_ program: String) {
        let (value, diagnostics) = Self.degrees(program)
        #expect(value == nil)
        #expect(diagnostics.map(\.code) == [.notFinite])
    }

    /// Issue 7's cases and other extremes, with mpmath's values (no snapping to whole numbers,
    /// the huge angles reduced exactly: 1e10 ≡ 1e22 ≡ 280 mod 360).
    static let reference: [(String, Double)] = [
        ("1e-11 atan", 5.729577951308232e-10), ("0.5 1e-12 + asin", 30.00000000006616),
        ("1e10 sin", -0.984807753012208), ("1e22 sin", -0.984807753012208),
        ("1e22 cos", 0.17364817766693036), ("1e22 tan", -5.671281819617709),
        ("89.99999999999999 tan", 4031832051015932), ("1e-300 sin", 1.7453292519943295e-302),
        ("1e300 atan", 90),
    ]

    @Test(arguments: reference)
    func withinTwoUlpsOfTheReference(_ program: String, _ expected: Double) {
        let (value, _) = Self.degrees(program)
        guard let value else { Issue.record("\(program) has no value"); return }
        #expect((value - expected).magnitude <= 2 * expected.ulp, "\(program) = \(value), expected \(expected)")
    }

    /// Whole turns change nothing: x and x + 360k (exact sums here) reduce to the same angle.
    @Test(arguments: [0.5, 0.125, 29.75, 44.5, 89.9375, 123.375, -271.5])
    func wholeTurnsGiveIdenticalResults(_ angle: Double) {
        for word in ["sin", "cos", "tan"] {
            let base = Self.degrees("\(angle) \(word)").value
            for turns in [1.0, -3, 1000, 0x1p30] {
                let shifted = angle + 360 * turns
                #expect(Self.degrees("\(shifted) \(word)").value == base, "\(shifted) \(word)")
            }
        }
    }
}
