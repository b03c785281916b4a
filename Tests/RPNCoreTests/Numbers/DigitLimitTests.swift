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

    /// The product of two allowed values, and a sum one bit past the cap.
    @Test func productsAndSumsOfAllowedValuesAreChecked() throws {
        guard case .value(let a) = Number.exact(.shiftLeft, Number(1), Number(3_000_000)) else { Issue.record(); return }
        #expect(Number.exact(op: .multiply, a, a).isFailure(.numberTooLarge))
        guard case .value(let b) = Number.exact(.shiftLeft, Number(1), Number(Number.bitLimit - 1)) else { Issue.record(); return }
        guard case .value(let almost) = Number.exact(op: .add, b, Number(1)) else { Issue.record("2^(limit−1) + 1 refused"); return }
        #expect(almost.exactBitLength == Number.bitLimit)
        #expect(Number.exact(op: .add, b, b).isFailure(.numberTooLarge))
    }

    @Test func theMessageSaysHowManyDigits() {
        guard case .failure(_, let message) = Number.exact(op: .power, Number(2), Number(4_000_000)) else { Issue.record(); return }
        #expect(message == "result of ^ would have about 1204120 digits (the limit is 1000000)")
    }
}
