import RPNJSON
import Testing

/// Escapes in both directions, and the lenient handling of surrogate escapes.
struct StringEscapeTests {
    static let decoded: [(String, String)] = [
        (#""\"""#, "\""),
        (#""\\""#, "\\"),
        (#""\/""#, "/"),
        (#""\b\f\n\r\t""#, "\u{8}\u{C}\n\r\t"),
        (#""\u0000""#, "\u{0}"),
        (#""\u00e9\u00E9""#, "éé"),
        (#""\u20AC""#, "€"),
        (#""a\nb\tc""#, "a\nb\tc"),
        (#""é\n€""#, "é\n€"),
        // Surrogate pairs make one scalar.
        (#""\uD83D\uDE00""#, "😀"),
        (#""\ud83d\ude00x""#, "😀x"),
        (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
        // Lone or unpaired surrogates become U+FFFD rather than errors.
        (#""\uD800""#, "\u{FFFD}"),
        (#""\uD800x""#, "\u{FFFD}x"),
        (#""\uDC00""#, "\u{FFFD}"),
        (#""\uDE00\uD83D""#, "\u{FFFD}\u{FFFD}"),
        (#""\uD83D\uD83D\uDE00""#, "\u{FFFD}😀"),
        (#""\uD83D\n""#, "\u{FFFD}\n"),
        (#""\uD83D\u0041""#, "\u{FFFD}A"),
    ]

    @Test(arguments: decoded)
    func decodes(text: String, expected: String) throws {
        #expect(try JSONParser.parse(text) == .string(expected))
    }

    static let encoded: [(String, String)] = [
        ("plain", #""plain""#),
        ("\"", #""\"""#),
        ("\\", #""\\""#),
        ("/", #""/""#),
        ("\n\r\t\u{8}\u{C}", #""\n\r\t\b\f""#),
        ("\u{0}\u{1}\u{1F}", #""\u0000\u0001\u001f""#),
        ("\u{7F}", "\"\u{7F}\""),
        ("é€😀\u{2028}", "\"é€😀\u{2028}\""),
        ("a\"b\\c\nd", #""a\"b\\c\nd""#),
    ]

    @Test(arguments: encoded)
    func encodes(string: String, expected: String) throws {
        #expect(JSONSerializer.string(.string(string)) == expected)
        #expect(try JSONParser.parse(expected) == .string(string))
    }

    /// Every scalar class survives serialize → parse.
    @Test func everyControlCharacterRoundTrips() throws {
        let string = String(String.UnicodeScalarView((0..<0x80).compactMap(Unicode.Scalar.init)))
        let bytes = JSONSerializer.serialize(.string(string))
        #expect(!bytes.contains { $0 < 0x20 })
        #expect(try JSONParser.parse(bytes) == .string(string))
    }
}
