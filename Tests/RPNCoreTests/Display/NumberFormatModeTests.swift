import RPNCore
import Testing

/// Each mode on a table of values. The expected texts come from an independent reference,
/// Python's `decimal` (contexts with ROUND_HALF_UP, which rounds exactly) and `fractions`
/// (exact values of doubles), not from this formatter.
@Suite struct NumberFormatModeTests {
    static let standard: [(DisplayValue, String)] = [
        (.exact("0"), "0"),
        (.exact("-5"), "-5"),
        (.exact("2^100"), "1267650600228229401496703205376"),
        (.exact("-2^64"), "-18446744073709551616"),
        (.exact("-2^63"), "-9223372036854775808"),
        (.exact("2^63"), "9223372036854775808"),
        (.exact("10^40"), "10000000000000000000000000000000000000000"),
        (.exact("3", "10"), "0.3"),
        (.exact("1", "1024"), "0.0009765625"),
        (.exact("1", "3"), "0.3333333333333333"),
        (.exact("10", "3"), "3.333333333333333"),
        (.exact("2", "3"), "0.6666666666666667"),
        (.exact("-2", "3"), "-0.6666666666666667"),
        (.exact("1", "10000000"), "1e-7"),
        (.exact("-1", "100000"), "-1e-5"),
        (.exact("1", "10000"), "0.0001"),
        (.exact("1", "300000"), "3.333333333333333e-6"),
        (.exact("200000000000000000001", "2"), "1.000000000000000000005e+20"),
        (.exact("18014398509481985", "2"), "9.0071992547409925e+15"),
        (.exact("18014398509481983", "2"), "9007199254740991.5"),
        (.exact("-18014398509481985", "2"), "-9.0071992547409925e+15"),
        (.exact("617283945061728394506172839450617", "5000000000000000000000000000000000"), "0.1234567890123456789012345678901234"),
        (.exact("2469135780246913578024691357802469", "20000000000000000000000000000000000"), "0.1234567890123457"),
        (.exact("1", "2^100"), "7.888609052210118e-31"),
        (.exact("1", "10^400"), "1e-400"),
        (.exact("299999999999999999999", "300000000000000000000"), "1"),
        (.exact("29999", "300000000"), "9.999666666666667e-5"),
        (.exact("100000000000000000000000000000000000000000000000001", "3"), "3.333333333333333e+49"),
        (.exact("7", "2^60"), "6.071532165918825e-18"),
        (.exact("1", "700000000000000000000"), "1.428571428571429e-21"),
        (.exact("2999999999999999999999", "30000000000000000000000000"), "0.0001"),
        (.exact("-2999999999999999999999", "30000000000000000000000000"), "-0.0001"),
        (.exact("27021597764222975", "3"), "9007199254740992"),
    ]

    static let fixed: [(DisplayValue, Int, String)] = [
        (.exact("10", "3"), 2, "3.33"),
        (.exact("2", "3"), 2, "0.67"),
        (.exact("-2", "3"), 2, "-0.67"),
        (.exact("0"), 2, "0.00"),
        (.exact("0"), 0, "0"),
        (.exact("5", "2"), 0, "3"),
        (.exact("-5", "2"), 0, "-3"),
        (.exact("9999", "1000"), 2, "10.00"),
        (.exact("1", "200"), 2, "0.01"),
        (.exact("-1", "200"), 2, "-0.01"),
        (.exact("1", "1000"), 2, "1.00e-3"),
        (.exact("-1", "250"), 2, "-4.00e-3"),
        (.exact("12345"), 2, "12345.00"),
        (.exact("-12345"), 0, "-12345"),
        (.exact("999999999999999999999"), 2, "999999999999999999999.00"),
        // An exact value shows every integer digit, as printf's %.Nf (Python's fractions).
        (.exact("10^21"), 2, "1000000000000000000000.00"),
        (.exact("249999999999999999999999999", "250"), 2, "1000000000000000000000000.00"),
        (.exact("2^100"), 2, "1267650600228229401496703205376.00"),
        (.exact("-10^40"), 0, "-10000000000000000000000000000000000000000"),
        (.exact("-30000000000000000000000000000000000000001", "3"), 3, "-10000000000000000000000000000000000000000.333"),
        (.exact("2^200", "7"), 10, "229562577751284325077423156048737514646028999111827547900196.5714285714"),
        (.exact("1", "10^40"), 2, "1.00e-40"),
        (.exact("107", "40"), 2, "2.68"),
        (.exact("1", "3"), 10, "0.3333333333"),
        (.exact("-1", "10^400"), 3, "-1.000e-400"),
        (.real(1e+300), 2, "1.00e300"),
        (.real(0.1), 2, "0.10"),
        // A double carries 17 significant digits: FIX shows no more (issue 18: no invented digits).
        (.real(0.1), 20, "0.10000000000000001"),
        (.real(2.675), 2, "2.67"),
        (.real(-2.5), 0, "-3"),
        (.real(1e+20), 2, "1.00e20"),  // 21 integer digits, 17 carried: SCI
        (.real(0.001), 2, "1.00e-3"),
        (.real(1e-300), 4, "1.0000e-300"),
        (.exact("-1", "300000"), 4, "-3.3333e-6"),
    ]

    static let scientific: [(DisplayValue, Int, String)] = [
        (.exact("12345"), 3, "1.235e4"),
        (.exact("-12345"), 3, "-1.235e4"),
        (.exact("123", "1000000"), 2, "1.23e-4"),
        (.exact("9999", "1000"), 2, "1.00e1"),
        (.exact("0"), 2, "0.00e0"),
        (.exact("0"), 0, "0e0"),
        (.exact("12345"), 0, "1e4"),
        (.exact("5"), 3, "5.000e0"),
        (.exact("1", "3"), 2, "3.33e-1"),
        (.exact("2", "3"), 2, "6.67e-1"),
        (.exact("-2", "3"), 2, "-6.67e-1"),
        (.exact("2^100"), 4, "1.2677e30"),
        (.exact("1", "10^400"), 2, "1.00e-400"),
        (.exact("99999"), 2, "1.00e5"),
        (.exact("95"), 0, "1e2"),
        (.exact("-95"), 0, "-1e2"),
        (.real(1e+300), 2, "1.00e300"),
        (.real(0.1), 16, "1.0000000000000001e-1"),
        (.real(5e-324), 2, "4.94e-324"),
        (.real(-0.000123), 2, "-1.23e-4"),
        (.real(2.5), 0, "3e0"),
        (.real(1.7976931348623157e+308), 5, "1.79769e308"),
    ]

    static let engineering: [(DisplayValue, Int, String)] = [
        (.exact("12345"), 3, "12.35e3"),
        (.exact("9999", "10"), 2, "1.00e3"),
        (.exact("0"), 2, "0.00e0"),
        (.exact("0"), 0, "0e0"),
        (.exact("123", "1000000"), 2, "123e-6"),
        (.exact("123", "1000000"), 3, "123.0e-6"),
        (.exact("12345"), 0, "10e3"),
        (.exact("123456"), 1, "120e3"),
        (.exact("-1234"), 2, "-1.23e3"),
        (.exact("1", "3"), 2, "333e-3"),
        (.exact("1", "3"), 4, "333.33e-3"),
        (.exact("99999"), 2, "100e3"),
        (.exact("999999"), 2, "1.00e6"),
        (.exact("-1", "10^400"), 1, "-100e-402"),
        (.exact("2^100"), 3, "1.268e30"),
        (.real(0.000123), 2, "123e-6"),
        (.exact("-999999", "10^9"), 2, "-1.00e-3"),
        (.real(-12345.0), 3, "-12.35e3"),
        (.real(1e-07), 2, "100e-9"),
    ]

    static let grouping: [(DisplayValue, NumberFormat.Mode, String)] = [
        (.exact("2469135", "2"), .standard, "1,234,567.5"),
        (.exact("-2469135", "2"), .standard, "-1,234,567.5"),
        (.exact("123"), .standard, "123"),
        (.exact("1234"), .standard, "1,234"),
        (.exact("-1234567"), .standard, "-1,234,567"),
        (.exact("2^100"), .standard, "1,267,650,600,228,229,401,496,703,205,376"),
        (.exact("1", "1024"), .standard, "0.0009765625"),
        (.exact("-2^63"), .standard, "-9,223,372,036,854,775,808"),
        (.exact("2469135", "2"), .fixed(2), "1,234,567.50"),
        (.exact("-1234567"), .fixed(1), "-1,234,567.0"),
        (.exact("999999999999999999999"), .fixed(0), "999,999,999,999,999,999,999"),
        (.exact("12345"), .scientific(3), "1.235e4"),
        (.exact("12345"), .engineering(3), "12.35e3"),
        (.exact("200000000000000000001", "2"), .standard, "1.000000000000000000005e+20"),
        (.real(1234567.25), .standard, "1,234,567.25"),
        (.real(-1234567.0), .standard, "-1,234,567"),
        (.real(1e+21), .standard, "1e+21"),
        (.real(1234567.25), .fixed(1), "1,234,567.3"),
    ]

    static let bases: [(DisplayValue, Int, String)] = [
        (.exact("255"), 16, "0xFF"),
        (.exact("-16"), 16, "-0x10"),
        (.exact("15"), 8, "0o17"),
        (.exact("11"), 2, "0b1011"),
        (.exact("0"), 16, "0x0"),
        (.exact("0"), 8, "0o0"),
        (.exact("0"), 2, "0b0"),
        (.exact("-1"), 2, "-0b1"),
        (.exact("-2^63"), 16, "-0x8000000000000000"),
        (.exact("9223372036854775807"), 16, "0x7FFFFFFFFFFFFFFF"),
        (.exact("2^100"), 16, "0x10000000000000000000000000"),
        (.exact("-18446744073709551871"), 16, "-0x100000000000000FF"),
        (.exact("2^70"), 2, "0b10000000000000000000000000000000000000000000000000000000000000000000000"),
        (.exact("-2^90"), 8, "-0o1000000000000000000000000000000"),
        (.exact("48879"), 16, "0xBEEF"),
        (.exact("717897987691852588770249"), 16, "0x980553F0DB2FD09DE3C9"),
    ]


    @Test(arguments: standard)
    func standardMode(_ value: DisplayValue, _ expected: String) {
        #expect(NumberFormat().string(value.number) == expected)
    }

    @Test(arguments: fixed)
    func fixedMode(_ value: DisplayValue, _ decimals: Int, _ expected: String) {
        #expect(NumberFormat(mode: .fixed(decimals)).string(value.number) == expected)
    }

    /// FIX of an exact value of a million digits shows them all, in time linear or better in
    /// their number (a quadratic step would not end within the limit): 10^999999 + 2/3 is a 1,
    /// 999,999 zeros and .67; grouped, the zeros come in 333,333 groups of three.
    @Test(.timeLimit(.minutes(1))) func fixShowsEveryDigitOfAMillionDigitValue() {
        let big = DisplayValue.integer("10^999999")
        let value = Number.ratio(big * ExactInteger(3) + ExactInteger(2), ExactInteger(3))
        let zeros = String(repeating: "0", count: 999_999)
        #expect(NumberFormat(mode: .fixed(2)).string(value) == "1" + zeros + ".67")
        #expect(NumberFormat(mode: .fixed(0), minus: "−").string(Number.ratio(-big, ExactInteger(1))) == "−1" + zeros)
        #expect(NumberFormat(mode: .fixed(3), grouping: true).string(value)
            == "1" + String(repeating: ",000", count: 333_333) + ".667")
        #expect(NumberFormat(mode: .fixed(2)).string(value, limit: 60).count <= 60)  // hovers, inlay hints
    }

    @Test(arguments: scientific)
    func scientificMode(_ value: DisplayValue, _ decimals: Int, _ expected: String) {
        #expect(NumberFormat(mode: .scientific(decimals)).string(value.number) == expected)
    }

    @Test(arguments: engineering)
    func engineeringMode(_ value: DisplayValue, _ decimals: Int, _ expected: String) {
        #expect(NumberFormat(mode: .engineering(decimals)).string(value.number) == expected)
    }

    @Test(arguments: grouping)
    func grouped(_ value: DisplayValue, _ mode: NumberFormat.Mode, _ expected: String) {
        #expect(NumberFormat(mode: mode, grouping: true).string(value.number) == expected)
    }

    @Test(arguments: bases)
    func inBase(_ value: DisplayValue, _ base: Int, _ expected: String) {
        #expect(NumberFormat(base: base).string(value.number) == expected)
        // The base wins over the mode for exact integers.
        #expect(NumberFormat(mode: .scientific(2), base: base).string(value.number) == expected)
    }
}
