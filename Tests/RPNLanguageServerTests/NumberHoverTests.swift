import RPNJSON
import Testing
@testable import RPNLanguageServer

/// Hover on a number literal: what it stands for in the document's arithmetic, written out
/// (an integer's every digit, a fraction as one, a double's exact binary value), its kind, and
/// for an integer its other bases. Expected texts by hand (Python's `hex`, `oct`, `bin`, and
/// `decimal.Decimal(0.1)` for the double's exact value).
@Suite struct NumberHoverTests {
    func hover(_ text: String, _ character: Int, exact: Bool = true, capabilities: JSONValue = [:]) -> String? {
        let h = ServerHarness(capabilities: capabilities, initializationOptions: ["exact": .bool(exact)])
        h.open(text)
        return h.result("textDocument/hover", h.at(0, character))["contents"]?["value"]?.stringValue
    }

    /// (document, the column hovered, `exact`, the hover in plain text)
    static let cases: [(String, Int, Bool, String)] = [
        ("1000", 0, true, "1000 integer\nhexadecimal 0x3E8, octal 0o1750, binary 0b1111101000"),
        ("1e3 2 +", 1, true, "1e3 integer: 1000\nhexadecimal 0x3E8, octal 0o1750, binary 0b1111101000"),
        ("0xFF", 2, true, "0xFF integer: 255\nhexadecimal 0xFF, octal 0o377, binary 0b11111111"),
        ("-12", 0, true, "-12 integer\nhexadecimal -0xC, octal -0o14, binary -0b1100"),
        ("0", 0, true, "0 integer\nhexadecimal 0x0, octal 0o0, binary 0b0"),
        ("6.02e23", 0, true, "6.02e23 integer: 602000000000000000000000\nhexadecimal 0x7F7A7C42A34D84400000, "
            + "octal 0o177364761025064660420000000, binary 0b"
            + "1111111011110100111110001000010101000110100110110000100010000000000000000000000"),
        ("0.25", 0, true, "0.25 fraction: 1/4"),
        ("2.50", 0, true, "2.50 fraction: 5/2"),
        ("1e-3", 0, true, "1e-3 fraction: 1/1000"),
        // A literal in a definition's body runs nothing where it stands, and still has its value.
        (": quarter 0.25 × ;", 10, true, "0.25 fraction: 1/4"),
        // Without exact arithmetic: a double, and its exact value.
        ("0.1", 0, false, "0.1 inexact, a double: 0.1000000000000000055511151231257827021181583404541015625"),
        ("1e-5", 0, false, "1e-5 inexact, a double: "
            + "0.000010000000000000000818030539140313095458623138256371021270751953125"),
        ("0.5", 0, false, "0.5 inexact, a double"),
        ("1000", 0, false, "1000 inexact, a double\nhexadecimal 0x3E8, octal 0o1750, binary 0b1111101000"),
        ("1e3", 0, false, "1e3 inexact, a double: 1000\nhexadecimal 0x3E8, octal 0o1750, binary 0b1111101000"),
    ]

    @Test(arguments: cases)
    func aNumberSaysWhatItIs(_ text: String, _ character: Int, _ exact: Bool, _ expected: String) {
        #expect(hover(text, character, exact: exact) == expected)
    }

    @Test func markdownShowsTheNumbersAsCode() {
        let value = hover("0xFF", 0, capabilities: HoverTests.markdownClient)
        #expect(value == "**0xFF** integer: `255`  \nhexadecimal `0xFF`, octal `0o377`, binary `0b11111111`")
    }

    /// Written out up to a limit: a literal of a million digits is a short hover.
    @Test func aHugeIntegerIsAbbreviated() throws {
        let value = try #require(hover("1e999999", 0))
        let lines = value.split(separator: "\n")
        #expect(lines.first?.hasPrefix("1e999999 integer: 1000") == true)
        #expect(lines.first?.hasSuffix("0000 (1000000 digits)") == true)
        #expect(value.utf8.count < 5000, "\(value.utf8.count) bytes")
    }

    /// A literal with no value says why, as the diagnostics do.
    @Test func aLiteralPastTheCapSaysWhy() throws {
        let value = try #require(hover("1e1000001", 0))
        #expect(value.contains("digits"), "\(value)")
        #expect(!value.contains("integer"), "\(value)")
    }
}
