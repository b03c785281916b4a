@testable import RPNCore
import Testing

/// Number literals are exact. Expected values: Python's `Fraction(text)` and `int(text, base)`.
@Suite struct LiteralTests {
    static let exact: [(String, String)] = [
        ("0.1", "1/10"), ("6.02e23", "602000000000000000000000"), ("-0", "0"), ("1.50", "3/2"), ("1.5e1", "15"),
        ("1.25E-1", "1/8"), ("00012", "12"), ("12345678901234567890.5", "24691357802469135781/2"),
        ("0e999999999", "0"), ("1.", "1"), (".5", "1/2"), ("1e+3", "1000"), ("-2.5e-3", "-1/400"), ("0.000", "0"),
        ("100e-2", "1"), ("-12345678901234567890123e-3", "-12345678901234567890123/1000"),
        ("0.0000000000000000000000000000001", "1/10000000000000000000000000000000"),
        ("9223372036854775807", "9223372036854775807"), ("9223372036854775808", "9223372036854775808"),
        ("-9223372036854775808", "-9223372036854775808"), ("-9223372036854775809", "-9223372036854775809"),
        ("0x1F", "31"), ("0X1f", "31"), ("-0x10", "-16"), ("0o17", "15"), ("0O17", "15"), ("0b1011", "11"),
        ("0B1011", "11"), ("0xFFFFFFFFFFFFFFFF", "18446744073709551615"), ("-0x8000000000000000", "-9223372036854775808"),
        ("0x7fffffffffffffff", "9223372036854775807"), ("0x0000000000000000000001", "1"), ("0x0", "0"),
        ("0b" + String(repeating: "1", count: 70), "1180591620717411303423"),
        ("0o777777777777777777777777", "4722366482869645213695"),
    ]

    @Test(arguments: exact)
    func literalIsExact(_ literal: String, _ expected: String) throws {
        let value = try #require(NumberText.literal(literal))
        #expect(NumberText.text(value) == expected)
        #expect(NumberText.isNormalized(value))
    }

    @Test(arguments: ["", "-", "1e", "1e+", "0x", "-0x", "0xG", "0b2", "0o8", "1.2.3", "abc", "1a", "--1", "0x1.5",
                      ".", "e5", "1e5.5", "0x-1", "1 2", "+1"])
    func malformedLiteralIsRefused(_ literal: String) {
        var text = literal
        #expect(text.withUTF8 { Number.literal($0) }.isFailure(.invalidNumber))
        #expect(NumberText.literal(literal) == nil)
    }

    /// The cap: at most 10^6 digits, refused before computing (an exponent of 10^20 would
    /// never finish). A fraction's digits are its numerator's and denominator's together
    /// (grammar/rpn.ebnf): 1e-999999 is 1/10^999999, 1 + 1000000 digits.
    @Test(arguments: [("1e1000000", false), ("1e999999", true), ("1e-999998", true), ("1e-999999", false),
                      ("1e-1000000", false),
                      ("1e99999999999999999999", false), ("-1e-99999999999999999999", false),
                      ("9.9e999998", true)])
    func literalsPastTheCapAreRefused(_ literal: String, _ accepted: Bool) {
        var text = literal
        let outcome = text.withUTF8 { Number.literal($0) }
        if accepted {
            guard case .value = outcome else { Issue.record("\(literal) refused"); return }
        } else {
            #expect(outcome.isFailure(.numberTooLarge))
        }
    }
}

extension NumberOutcome {
    func isFailure(_ code: DiagnosticCode) -> Bool {
        if case .failure(code, _) = self { return true }
        return false
    }
}
