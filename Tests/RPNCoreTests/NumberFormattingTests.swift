import RPNCore
import Testing

@Suite struct NumberFormattingTests {
    static let cases: [(Double, String)] = [
        (0, "0"), (-0.0, "0"), (3, "3"), (-1, "-1"), (0.5, "0.5"), (0.1 + 0.2, "0.30000000000000004"),
        (1e21, "1e+21"), (1e-7, "1e-7"), (1.5e20, "1.5e+20"), (123456789, "123456789"),
        (9007199254740991, "9007199254740991"), (1e16, "1e+16"), (5e-324, "5e-324"),
        (-2.5e-10, "-2.5e-10"), (Double.pi, "3.141592653589793"), (100, "100"), (0.0001, "0.0001"),
        (0.00001, "1e-5"), (9.9e-5, "9.9e-5"), (9007199254740992, "9007199254740992"), (1.5e300, "1.5e+300"),
    ]

    /// `hasExponent` (parentheses next to `^`) agrees with what is printed.
    @Test(arguments: cases)
    func exponentFormIsWhatIsPrinted(_ value: Double, _ text: String) {
        #expect(NumberFormatting.hasExponent(value) == text.contains("e"))
        #expect(NumberFormatting.hasExponent(-value) == text.contains("e"))
    }

    @Test(arguments: cases)
    func ascii(_ value: Double, _ text: String) {
        #expect(NumberFormatting.ascii(value) == text)
        if text != "0" { #expect(Double(text) == value, "round trip") }
    }
}
