import RPNJSON
import Testing

/// How number literals are classified: `.int` for integer literals that fit, `.double` for
/// everything else (fraction, exponent, out of range), and `-0` as `.double(-0.0)`.
struct ParserNumberTests {
    static let numbers: [(String, JSONValue)] = [
        ("1", .int(1)),
        ("-1", .int(-1)),
        ("0", .int(0)),
        ("1.0", .double(1)),
        ("1e2", .double(100)),
        ("1E+2", .double(100)),
        ("1e-2", .double(0.01)),
        ("-1.5e3", .double(-1500)),
        ("0.1", .double(0.1)),
        ("9223372036854775807", .int(Int.max)),
        ("-9223372036854775808", .int(Int.min)),
        ("9223372036854775808", .double(0x1p63)),
        ("-9223372036854775809", .double(-0x1p63)),
        ("123456789012345678901234567890", .double(1.2345678901234568e29)),
        ("1e400", .double(.infinity)),
        ("-1e400", .double(-.infinity)),
        ("1e-400", .double(0)),
        // The largest subnormal, a classic hard case for correct rounding.
        ("2.2250738585072011e-308", .double(Double.leastNormalMagnitude.nextDown)),
        ("0.30000000000000004", .double(0.30000000000000004)),
    ]

    @Test(arguments: numbers)
    func classifies(text: String, expected: JSONValue) throws {
        #expect(try JSONParser.parse(text) == expected)
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let value = try JSONParser.parse("-0")
        guard case .double(let double) = value else {
            Issue.record("expected .double, got \(value)")
            return
        }
        #expect(double == 0 && double.sign == .minus)
        #expect(value.intValue == 0)
        #expect(JSONSerializer.string(value) == "-0")
    }

    /// Doubles print in their shortest round-trip form; integral ones below 2^53 without `.0`.
    static let serialized: [(Double, String)] = [
        (3, "3"),
        (-3, "-3"),
        (0, "0"),
        (-0.0, "-0"),
        (0.5, "0.5"),
        (0.1, "0.1"),
        (1e15, "1000000000000000"),
        (9007199254740991, "9007199254740991"),
        // From 2^53 on, `description`, which spells these with `.0`.
        (9007199254740992, "9007199254740992.0"),
        (1e16, "1e+16"),
        (1e-7, "1e-07"),
        (.leastNonzeroMagnitude, "5e-324"),
        (.infinity, "null"),
        (-.infinity, "null"),
        (.nan, "null"),
    ]

    @Test(arguments: serialized)
    func serializesDouble(value: Double, text: String) throws {
        #expect(JSONSerializer.string(.double(value)) == text)
        if value.isFinite {
            #expect(try JSONParser.parse(text).doubleValue == value)
        }
    }

    @Test(arguments: [Int.min, -1, 0, 42, Int.max])
    func serializesInt(value: Int) throws {
        #expect(JSONSerializer.string(.int(value)) == String(value))
        #expect(try JSONParser.parse(String(value)) == .int(value))
    }
}
