@testable import RPNCore
import Testing

/// The 10^6-digit cap: results over it are `number-too-large`, refused before computing where
/// the size can be foreseen (a test that computed `3 10^12 ^` would not finish). Sizes by
/// hand and with Python: 2^3000000 has 903,090 digits, 2^4000000 has 1,204,120;
/// log10(300000!) ≈ 1,512,851 and log10(200000!) ≈ 973,350; 3^2100000 has 1,001,955 digits.
@Suite struct DigitLimitTests {
    static let cases: [(String, String, String, Bool)] = [
        ("power", "2", "4000000", false), ("power", "2", "3000000", true), ("power", "3", "1000000000000", false),
        ("power", "2", "-4000000", false), ("power", "1/3", "2100000", false), ("power", "10", "999999", true),
        ("power", "-1", "1000000000000000000000", true), ("power", "1267650600228229401496703205376", "40000", false),
        ("shiftLeft", "1", "4000000", false), ("shiftLeft", "1", "3000000", true), ("shiftLeft", "5", "1000000000000000000000", false),
        ("comb", "1000000000000", "500000000000", false), ("comb", "100000", "50000", true), ("comb", "1000000000000000000000000", "2", true),
        ("comb", "1000000000000000000000000", "1000000", false), ("perm", "1000000000000", "1000000", false), ("perm", "100000", "1000", true),
    ]

    @Test(arguments: cases)
    func binaryResultsPastTheCapFail(_ op: String, _ a: String, _ b: String, _ accepted: Bool) throws {
        let operation = try #require(ExactOperation(rawValue: op))
        let outcome = Number.exact(operation, NumberText.number(a), NumberText.number(b))
        if accepted {
            guard case .value(let v) = outcome else { Issue.record("refused: \(NumberText.text(outcome))"); return }
            #expect(v.exactBitLength <= Number.bitLimit)
        } else {
            #expect(outcome.isFailure(.numberTooLarge))
        }
    }

    @Test(arguments: [("300000", false), ("1000000000000", false), ("200000", true), ("100000000000000000000000", false)])
    func factorialsPastTheCapFail(_ n: String, _ accepted: Bool) {
        let outcome = Number.exact(.factorial, NumberText.number(n))
        if accepted {
            guard case .value = outcome else { Issue.record("refused \(n)!"); return }
        } else {
            #expect(outcome.isFailure(.numberTooLarge))
        }
    }

    /// The product of two allowed values, and sums at the cap. The cap is on digits, not bits:
    /// 2^3321928 has 10^6 digits (3321928·log10 2 = 999999.97…) though its 3321929 bits are
    /// past `bitLimit`; 10^10^6 has 10^6 + 1.
    @Test func productsAndSumsOfAllowedValuesAreChecked() throws {
        guard case .value(let a) = Number.exact(.shiftLeft, Number(1), Number(3_000_000)) else { Issue.record(); return }
        #expect(Number.exact(op: .multiply, a, a).isFailure(.numberTooLarge))
        guard case .value(let b) = Number.exact(.shiftLeft, Number(1), Number(Number.bitLimit - 1)) else { Issue.record(); return }
        guard case .value(let twice) = Number.exact(op: .add, b, b) else { Issue.record("2^3321928 refused"); return }
        #expect(twice.exactDigitCount == 1_000_000)
        guard case .value(let ten) = Number.exact(op: .power, Number(10), Number(999_999)) else { Issue.record(); return }
        #expect(Number.exact(op: .multiply, ten, Number(10)).isFailure(.numberTooLarge))
        // 10^10^6 − 1 = 9·10^999999 + (10^999999 − 1): a million nines.
        guard case .value(let nine) = Number.exact(op: .multiply, ten, Number(9)),
              case .value(let rest) = Number.exact(op: .subtract, ten, Number(1)),
              case .value(let nines) = Number.exact(op: .add, nine, rest) else { Issue.record("10^10^6 − 1 refused"); return }
        #expect(nines.exactDigitCount == 1_000_000)
    }

    /// (program, the first diagnostic's message), every figure derived by hand: 10^k has k + 1
    /// digits; b^n has ⌊n·log10 b⌋ + 1 (4000000·log10 2 = 1204119.98…, 3321929·log10 2 =
    /// 1000000.27…); a fraction's digits are its numerator's and its denominator's together;
    /// log10(300000!) = 1512851.17… (Python: lgamma(300001)/ln 10); 10^20·log10 2 ≈ 3.01·10^19.
    static let messages: [(String, String)] = [
        ("10 10000001 ^", "result of ^ would have 10000002 digits (the limit is 1000000)"),
        ("10 1000000 ^", "result of ^ would have 1000001 digits (the limit is 1000000)"),
        ("2 4000000 ^", "result of ^ would have 1204120 digits (the limit is 1000000)"),
        ("2 3321929 ^", "result of ^ would have 1000001 digits (the limit is 1000000)"),
        ("1 10 ÷ 1000000 ^", "result of ^ would have 1000002 digits (the limit is 1000000)"),
        ("10 999999 ^ 10 ×", "result of × would have 1000001 digits (the limit is 1000000)"),
        ("1 3321929 <<", "result of << would have 1000001 digits (the limit is 1000000)"),
        ("1 100000000000000000000 <<", "result of << would have more than 10^19 digits (the limit is 1000000)"),
        ("3 1000000000000000000000 ^", "result of ^ would have more than 10^20 digits (the limit is 1000000)"),
        ("1e1000000", "number '1e1000000': number literal would have 1000001 digits (the limit is 1000000)"),
        ("300000 !", "result of ! would have about 1512852 digits (the limit is 1000000)"),
        // The boundary everywhere (Python: 205022! < 10^1000000 ≤ 205023!, lgamma(205024)/ln 10 =
        // 1000004.39…; 3321929·log10 2 = 1000000.27…; 1/2^3321928 has 1 + 10^6 digits).
        ("205023 !", "result of ! would have about 1000005 digits (the limit is 1000000)"),
        ("4 3321929 2 ÷ ^", "result of ^ would have 1000001 digits (the limit is 1000000)"),
        ("1 4 ÷ -3321929 2 ÷ ^", "result of ^ would have 1000001 digits (the limit is 1000000)"),
        ("1 2 ÷ 3321928 ^", "result of ^ would have 1000001 digits (the limit is 1000000)"),
        ("8 3 3321929 ÷ root", "result of root would have 1000001 digits (the limit is 1000000)"),
        ("5.5e1000000", "number '5.5e1000000': number literal would have 1000001 digits (the limit is 1000000)"),
        // Python's math.comb: C(562949953418529, 98107) has 1000009 digits; Σ log10(2^49 − i)
        // for i < 67795 is 1000008.09…
        ("562949953418529 98107 comb", "result of comb would have about 1000009 digits (the limit is 1000000)"),
        ("562949953421312 67795 perm", "result of perm would have about 1000009 digits (the limit is 1000000)"),
        ("1 9223372036854775807 pick", "9223372036854775807 pick needs 9223372036854775807 entries below its count, found 1"),
        ("1 2 100000000000000000000 roll", "100000000000000000000 roll needs 100000000000000000000 entries below its count, found 2"),
        ("1 -9223372036854775807 pick", "pick needs a count of 1 or more, got -9223372036854775807"),
    ]

    @Test(arguments: messages)
    func theMessageSaysHowMany(_ program: String, _ message: String) {
        let evaluation = RPN.evaluate(program, options: EvaluationOptions(keepTrees: false))
        #expect(evaluation.diagnostics.first?.message == message)
    }

    /// Near the cap, a size that is only estimated is computed and counted rather than refused
    /// when the estimate cannot tell: C(562949953418529, 98106) has 999,999 digits (Python's
    /// math.comb), though Stirling's series in doubles, a difference of two numbers near 2^54,
    /// put it at 1000001.2; P(2^49, 67794) has 999,994.
    @Test(arguments: [("562949953418529 98106 comb", 999_999), ("562949953421312 67794 perm", 999_994)])
    func estimatesNearTheCapAreCounted(_ program: String, _ digits: Int) {
        let evaluation = RPN.evaluate(program, options: EvaluationOptions(keepTrees: false))
        #expect(evaluation.diagnostics.isEmpty)
        #expect(evaluation.values.first??.exactDigitCount == digits)
    }

    /// Within the cap: exactly 10^6 digits (2^3321927 and 2^3321928, 0x1 and 830482 zeros
    /// = 2^3321928; 205022! by Python, as above).
    @Test(arguments: ["2 3321928 ^", "1e999999", "10 999999 ^ 9 ×", "1 3321928 <<", "205022 !", "4 3321927 2 ÷ ^",
                      "1 4 ÷ -3321927 2 ÷ ^", "2 1 3321927 ÷ root", "0.5e1000000", "5.5e999999", "2 1660964 ^ sq",
                      "0x1" + String(repeating: "0", count: 830_482)])
    func aMillionDigitsAreAllowed(_ program: String) {
        let evaluation = RPN.evaluate(program, options: EvaluationOptions(keepTrees: false))
        #expect(evaluation.diagnostics.isEmpty)
        #expect(evaluation.values.first??.exactDigitCount == 1_000_000)
    }
}
