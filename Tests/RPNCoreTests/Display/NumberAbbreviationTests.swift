import RPNCore
import Testing

/// Long values are abbreviated where room is short (the shell's stack, hovers, inlay hints):
/// first digits, `…`, the last four, and the count of digits. Expected texts by hand:
/// 2^100 = 1267650600228229401496703205376 has 31 digits.
@Suite struct NumberAbbreviationTests {
    static let twoTo100 = try! RPN.number("2 100 ^").get()
    static let minusTwoTo100 = try! RPN.number("2 100 ^ neg").get()

    @Test(arguments: [
        (twoTo100, 31, "1267650600228229401496703205376"),            // fits exactly
        (twoTo100, 100, "1267650600228229401496703205376"),
        (twoTo100, 20, "126…5376 (31 digits)"),                      // 3 + 1 + 4 + 12 = 20
        (twoTo100, 30, "1267650600228…5376 (31 digits)"),
        (minusTwoTo100, 20, "-12…5376 (31 digits)"),                  // the sign is no digit
    ])
    func longValuesAreAbbreviated(_ value: Number, _ limit: Int, _ expected: String) {
        let text = NumberFormat().string(value, limit: limit)
        #expect(text == expected)
        #expect(text.count <= max(limit, 31))
    }

    /// In another base the digits counted are that base's (hexadecimal letters are digits, the
    /// prefix's 0 is not): 2^100 is 0x1 and 25 zeros, 2^100 − 1 is 25 Fs, and 0b1 and 100 zeros.
    @Test(arguments: [
        (16, twoTo100, 20, "0x1…0000 (26 digits)"),
        (16, try! RPN.number("2 100 ^ 1 -").get(), 20, "0xF…FFFF (25 digits)"),
        (2, twoTo100, 30, "0b1000000000…0000 (101 digits)"),
    ])
    func digitsInOtherBasesAreCounted(_ base: Int, _ value: Number, _ limit: Int, _ expected: String) {
        #expect(NumberFormat(base: base).string(value, limit: limit) == expected)
    }

    @Test func aMillionDigitsBecomeOneShortLine() throws {
        let value = try RPN.number("10 999999 ^").get()  // 1 and 999999 zeros: 10^6 digits
        // 40 − 17 (" (1000000 digits)") − 4 − 1 ("…") leaves 18 leading digits.
        #expect(NumberFormat().string(value, limit: 40) == "1" + String(repeating: "0", count: 17) + "…0000 (1000000 digits)")
    }
}
