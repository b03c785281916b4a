import RPNCore
import RPNTestSupport
import Testing

/// Fractions, the sign string, bases on what is not an exact integer, the limits, and
/// properties over many values. Expected texts are derived by hand (see each case).
@Suite struct NumberFormatTests {
    static let fractions: [(DisplayValue, NumberFormat, String)] = [
        (.exact("1", "3"), NumberFormat(fractions: true), "1/3"),
        (.exact("-3", "4"), NumberFormat(fractions: true), "-3/4"),
        (.exact("75", "100"), NumberFormat(fractions: true), "3/4"),  // 0.75, in lowest terms
        (.exact("1", "2^100"), NumberFormat(fractions: true), "1/1267650600228229401496703205376"),
        (.exact("5"), NumberFormat(fractions: true), "5"),  // integers are not fractions
        (.exact("3"), NumberFormat(mode: .fixed(2), fractions: true), "3.00"),  // ...and follow the mode
        (.exact("1", "3"), NumberFormat(mode: .fixed(2), fractions: true), "1/3"),
        (.real(0.5), NumberFormat(fractions: true), "0.5"),  // inexact values unchanged
        (.real(0.25), NumberFormat(mode: .fixed(3), fractions: true), "0.250"),
        (.exact("1234567", "10"), NumberFormat(fractions: true, grouping: true), "1,234,567/10"),
        (.exact("-1", "1234"), NumberFormat(fractions: true, grouping: true), "-1/1,234"),
        (.exact("-3", "4"), NumberFormat(fractions: true, minus: "−"), "−3/4"),
        (.exact("1", "2"), NumberFormat(fractions: true, base: 16), "1/2"),
    ]

    @Test(arguments: fractions)
    func fraction(_ value: DisplayValue, _ format: NumberFormat, _ expected: String) {
        #expect(format.string(value.number) == expected)
    }

    /// `minus` signs the number; the exponent's sign stays ASCII, as in NumberFormatting.
    static let glyphMinus: [(DisplayValue, NumberFormat.Mode, String)] = [
        (.exact("-5"), .standard, "−5"),
        (.exact("-2^64"), .standard, "−18446744073709551616"),
        (.exact("-2", "3"), .standard, "−0.6666666666666667"),
        (.exact("-1", "10^7"), .standard, "−1e-7"),
        (.real(-2.5), .standard, "−2.5"),
        (.real(-1e-7), .scientific(2), "−1.00e-7"),
        (.exact("-2", "3"), .fixed(2), "−0.67"),
        (.exact("-1234"), .engineering(2), "−1.23e3"),
    ]

    @Test(arguments: glyphMinus)
    func signString(_ value: DisplayValue, _ mode: NumberFormat.Mode, _ expected: String) {
        #expect(NumberFormat(mode: mode, minus: "−").string(value.number) == expected)
        var changed = NumberFormat(mode: mode)
        changed.minus = "−"
        #expect(changed.string(value.number) == expected)
    }

    /// In base 16 (or 8, 2), only exact integers change: everything else prints in decimal
    /// under the other settings. Bases other than 16, 8, 2 are decimal.
    static let basesOnOthers: [(DisplayValue, NumberFormat, String)] = [
        (.exact("1", "2"), NumberFormat(base: 16), "0.5"),
        (.real(255), NumberFormat(base: 16), "255"),
        (.real(-16), NumberFormat(base: 2), "-16"),
        (.exact("1", "3"), NumberFormat(mode: .fixed(2), base: 8), "0.33"),
        (.exact("255"), NumberFormat(base: 10), "255"),
        (.exact("255"), NumberFormat(base: 7), "255"),
        (.exact("-16"), NumberFormat(base: 16, minus: "−"), "−0x10"),
        (.exact("65535"), NumberFormat(grouping: true, base: 16), "0xFFFF"),  // no commas in hex
    ]

    @Test(arguments: basesOnOthers)
    func baseOnOtherValues(_ value: DisplayValue, _ format: NumberFormat, _ expected: String) {
        #expect(format.string(value.number) == expected)
    }

    /// Decimal counts below 0 are 0; above `maximumDigits`, that many.
    @Test func decimalsAreClamped() {
        #expect(NumberFormat(mode: .fixed(-1)).string(DisplayValue.exact("5", "2").number) == "3")
        #expect(NumberFormat(mode: .scientific(-3)).string(DisplayValue.exact("12345").number) == "1e4")
        let third = NumberFormat(mode: .fixed(Int.max)).string(DisplayValue.exact("1", "3").number)
        #expect(third == "0." + String(repeating: "3", count: NumberFormat.maximumDigits))
    }

    /// Infinities and NaN are never values, but messages may print one: every mode gives the
    /// words NumberFormatting gives, never a huge number made of the bits.
    @Test(arguments: [NumberFormat.Mode.standard, .fixed(2), .scientific(2), .engineering(2)])
    func nonFiniteInEveryMode(_ mode: NumberFormat.Mode) {
        let format = NumberFormat(mode: mode)
        #expect(format.string(.real(.infinity)) == "inf")
        #expect(format.string(.real(-.infinity)) == "-inf")
        #expect(format.string(.real(.nan)) == "nan")
    }

    /// `append` adds to what is already in the buffer; `string` is the same text.
    @Test func appendAddsToTheBuffer() {
        let format = NumberFormat(mode: .fixed(1))
        var out = Array("x=".utf8)
        format.append(DisplayValue.exact("-1", "4").number, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "x=-0.3")  // −0.25 half away from zero
        #expect(format.string(DisplayValue.exact("-1", "4").number) == "-0.3")
    }

    /// A million-digit integer prints whole in STD and FIX (with its decimals: zeros) and as its
    /// leading digits in SCI and ENG (10^999999 − 1 is 999,999 nines; 16^250000 is 1 and 250,000
    /// zeros in hex).
    @Test func millionDigitIntegers() {
        let nines = Number.integer(DisplayValue.integer("10^999999") - ExactInteger(1))
        let text = NumberFormat().string(nines)
        #expect(text.utf8.count == 999_999 && text.utf8.allSatisfy { $0 == UInt8(ascii: "9") })
        #expect(NumberFormat(mode: .scientific(2)).string(nines) == "1.00e999999")
        #expect(NumberFormat(mode: .fixed(2)).string(nines) == text + ".00")
        #expect(NumberFormat(mode: .engineering(2)).string(nines) == "1.00e999999")
        let hex = NumberFormat(base: 16).string(.integer(DisplayValue.integer("16^250000")))
        #expect(hex == "0x1" + String(repeating: "0", count: 250_000))
    }

    /// SCI 16 shows 17 significant digits, enough to give any double back.
    @Test func scientificSixteenRoundTrips() {
        var random = SeededGenerator(state: 9)
        let format = NumberFormat(mode: .scientific(16))
        for _ in 0..<2000 {
            let x = Double(bitPattern: random.next() & ~(UInt64(0x7FF) << 52) | (UInt64.random(in: 1...2046, using: &random) << 52))
            let text = format.string(.real(x))
            #expect(Double(text) == x, "\(x) printed \(text)")
        }
    }

    /// STD of a double is NumberFormatting's text, grouped or not.
    @Test func standardDoublesAreNumberFormatting() {
        var random = SeededGenerator(state: 10)
        for _ in 0..<2000 {
            let x = Double(bitPattern: random.next() & ~(UInt64(0x7FF) << 52) | (UInt64.random(in: 900...1200, using: &random) << 52))
            #expect(NumberFormat().string(.real(x)) == NumberFormatting.ascii(x))
            let grouped = NumberFormat(grouping: true).string(.real(x))
            #expect(grouped.filter { $0 != "," } == NumberFormatting.ascii(x))
        }
    }

    /// FIX n of a/b against the schoolbook rule in machine integers: ⌊(2|a|·10^n + b) / 2b⌋
    /// is |a/b|·10^n rounded half away from zero.
    @Test func fixedMatchesIntegerRounding() {
        var random = SeededGenerator(state: 11)
        var powers = [1]
        for _ in 0..<6 { powers.append(powers.last! * 10) }
        for _ in 0..<3000 {
            let a = Int.random(in: -1_000_000...1_000_000, using: &random)
            let b = Int.random(in: 1...1_000_000, using: &random)
            let n = Int.random(in: 0...6, using: &random)
            let scaled = (2 * a.magnitude * UInt(powers[n]) + UInt(b)) / (2 * UInt(b))
            guard scaled != 0 else { continue }  // FIX would show no digit: SCI, checked elsewhere
            let whole = String(scaled / UInt(powers[n]))
            let part = String(scaled % UInt(powers[n]))
            var expected = (a < 0 ? "-" : "") + whole
            if n > 0 { expected += "." + String(repeating: "0", count: n - part.count) + part }
            let value = Number.ratio(ExactInteger(a), ExactInteger(b))
            #expect(NumberFormat(mode: .fixed(n)).string(value) == expected, "\(a)/\(b) fix \(n)")
        }
    }
}
