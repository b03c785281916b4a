import RPNJSON
import Testing

/// Texts RFC 8259 does not allow, with the message and byte offset of the error.
struct ParserRejectionTests {
    struct Rejection: Sendable, CustomTestStringConvertible {
        var input: [UInt8]
        var message: String
        var offset: Int
        var testDescription: String { "\(String(decoding: input, as: UTF8.self).debugDescription) → \(message)" }

        init(_ text: String, _ message: String, _ offset: Int) {
            self.init(Array(text.utf8), message, offset)
        }

        init(_ bytes: [UInt8], _ message: String, _ offset: Int) {
            self.input = bytes
            self.message = message
            self.offset = offset
        }
    }

    static let syntax: [Rejection] = [
        .init("", "unexpected end of input at byte 0", 0),
        .init("   ", "unexpected end of input at byte 3", 3),
        .init("x", "unexpected character 'x' at byte 0", 0),
        .init("[1,]", "unexpected character ']' at byte 3", 3),
        .init("{\"a\":1,}", "unexpected character '}' at byte 7", 7),
        .init("[1 2]", "unexpected character '2' at byte 3", 3),
        .init("{\"a\" 1}", "unexpected character '1' at byte 5", 5),
        .init("{\"a\":}", "unexpected character '}' at byte 5", 5),
        .init("{a:1}", "unexpected character 'a' at byte 1", 1),
        .init("{1:1}", "unexpected character '1' at byte 1", 1),
        .init("[1}", "unexpected character '}' at byte 2", 2),
        .init("{\"a\":1]", "unexpected character ']' at byte 6", 6),
        .init("[", "unexpected end of input at byte 1", 1),
        .init("[1,", "unexpected end of input at byte 3", 3),
        .init("{\"a\"", "unexpected end of input at byte 4", 4),
        .init("1 2", "unexpected character '2' at byte 2", 2),
        .init("[] x", "unexpected character 'x' at byte 3", 3),
        .init("nul", "unexpected end of input at byte 3", 3),
        .init("tru e", "unexpected character ' ' at byte 3", 3),
        .init("True", "unexpected character 'T' at byte 0", 0),
        .init("nulll", "unexpected character 'l' at byte 4", 4),
        .init("'a'", "unexpected character ''' at byte 0", 0),
        .init("[1] // c", "unexpected character '/' at byte 4", 4),
        .init("/* c */ 1", "unexpected character '/' at byte 0", 0),
        .init("\u{FEFF}1", "unexpected character '\u{FEFF}' at byte 0", 0),
        .init("\u{0B}1", "unexpected character U+000B at byte 0", 0),
        .init("\u{A0}1", "unexpected character '\u{A0}' at byte 0", 0),
        // Numbers.
        .init("01", "leading zero in number at byte 0", 0),
        .init("-01", "leading zero in number at byte 1", 1),
        .init("+1", "unexpected character '+' at byte 0", 0),
        .init(".5", "unexpected character '.' at byte 0", 0),
        .init("1.", "unexpected end of input at byte 2", 2),
        .init("[1.]", "expected a digit, found ']' at byte 3", 3),
        .init("1.e5", "expected a digit, found 'e' at byte 2", 2),
        .init("1e", "unexpected end of input at byte 2", 2),
        .init("1e+", "unexpected end of input at byte 3", 3),
        .init("[1e+]", "expected a digit, found ']' at byte 4", 4),
        .init("-", "unexpected end of input at byte 1", 1),
        .init("- 1", "expected a digit, found ' ' at byte 1", 1),
        .init("NaN", "unexpected character 'N' at byte 0", 0),
        .init("Infinity", "unexpected character 'I' at byte 0", 0),
        .init("-Infinity", "expected a digit, found 'I' at byte 1", 1),
        .init("0x10", "unexpected character 'x' at byte 1", 1),
        .init("1.5.2", "unexpected character '.' at byte 3", 3),
        // Strings.
        .init("\"abc", "unexpected end of input at byte 4", 4),
        .init("\"a\nb\"", "control character U+000A in string at byte 2", 2),
        .init("\"a\tb\"", "control character U+0009 in string at byte 2", 2),
        .init([0x22, 0x00, 0x22], "control character U+0000 in string at byte 1", 1),
        .init("\"\\x\"", "invalid escape '\\' followed by 'x' at byte 1", 1),
        .init("\"\\'\"", "invalid escape '\\' followed by ''' at byte 1", 1),
        .init("\"ab\\U0041\"", "invalid escape '\\' followed by 'U' at byte 3", 3),
        .init("\"\\u12G4\"", "invalid \\u escape at byte 1", 1),
        .init("\"\\u12\"", "invalid \\u escape at byte 1", 1),
        .init("\"\\u12", "unexpected end of input at byte 5", 5),
        .init("\"\\", "unexpected end of input at byte 2", 2),
        .init("\"\\\u{1}\"", "invalid escape '\\' followed by U+0001 at byte 1", 1),
    ]

    @Test(arguments: syntax)
    func rejectsSyntax(_ rejection: Rejection) {
        expectRejection(rejection)
    }

    /// Ill-formed UTF-8, inside and outside strings; reported at the sequence's first byte.
    static let utf8: [Rejection] = [
        .init([0x22, 0x80, 0x22], "invalid UTF-8 at byte 1", 1),  // lone continuation
        .init([0x22, 0x61, 0xC3, 0x22], "invalid UTF-8 at byte 2", 2),  // truncated 2-byte
        .init([0x22, 0xC3], "invalid UTF-8 at byte 1", 1),  // truncated at end of input
        .init([0x22, 0xC0, 0xAF, 0x22], "invalid UTF-8 at byte 1", 1),  // overlong '/'
        .init([0x22, 0xC1, 0xBF, 0x22], "invalid UTF-8 at byte 1", 1),  // overlong
        .init([0x22, 0xE0, 0x80, 0xAF, 0x22], "invalid UTF-8 at byte 1", 1),  // overlong 3-byte
        .init([0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22], "invalid UTF-8 at byte 1", 1),  // overlong 4-byte
        .init([0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8 at byte 1", 1),  // U+D800 encoded
        .init([0x22, 0xED, 0xBF, 0xBF, 0x22], "invalid UTF-8 at byte 1", 1),  // U+DFFF encoded
        .init([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "invalid UTF-8 at byte 1", 1),  // > U+10FFFF
        .init([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], "invalid UTF-8 at byte 1", 1),
        .init([0x22, 0xFF, 0x22], "invalid UTF-8 at byte 1", 1),
        .init([0x22, 0xE2, 0x82, 0x22], "invalid UTF-8 at byte 1", 1),  // truncated €
        .init([0x22, 0xF0, 0x9F, 0x98, 0x22], "invalid UTF-8 at byte 1", 1),  // truncated 😀
        .init([0x22, 0xE2, 0x28, 0xA1, 0x22], "invalid UTF-8 at byte 1", 1),  // bad continuation
        .init([0x22, 0x5C, 0xC3, 0x22], "invalid UTF-8 at byte 2", 2),  // after a backslash
        .init([0x80], "invalid UTF-8 at byte 0", 0),  // outside strings
        .init([0x5B, 0x31, 0x2C, 0xC0, 0x5D], "invalid UTF-8 at byte 3", 3),
        .init([0x31, 0x20, 0xED, 0xA0, 0x80], "invalid UTF-8 at byte 2", 2),
        .init([0x2D, 0xFF], "invalid UTF-8 at byte 1", 1),
    ]

    @Test(arguments: utf8)
    func rejectsInvalidUTF8(_ rejection: Rejection) {
        expectRejection(rejection)
    }

    /// Well-formed sequences at the edges of each range of Table 3-7.
    static let validUTF8: [[UInt8]] = [
        [0xC2, 0x80], [0xDF, 0xBF],
        [0xE0, 0xA0, 0x80], [0xE1, 0x80, 0x80], [0xEC, 0xBF, 0xBF], [0xED, 0x9F, 0xBF],
        [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF],
        [0xF0, 0x90, 0x80, 0x80], [0xF3, 0xBF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
    ]

    @Test(arguments: validUTF8)
    func acceptsValidUTF8(_ sequence: [UInt8]) throws {
        let value = try JSONParser.parse([0x22] + sequence + [0x22])
        #expect(value.stringValue.map { Array($0.utf8) } == sequence)
    }

    @Test func nestingBeyondTheLimitIsAnError() {
        let depth = JSONParser.maximumDepth
        let tooDeep = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
        expectRejection(.init(tooDeep, "nesting deeper than 512 at byte 512", 512))
        let emptyAtTheBottom = String(repeating: "{\"a\":", count: depth) + "[]" + String(repeating: "}", count: depth)
        expectRejection(.init(emptyAtTheBottom, "nesting deeper than 512 at byte \(5 * depth)", 5 * depth))
    }

    @Test func aMillionOpeningBracketsIsAnErrorNotACrash() {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        expectRejection(.init(bytes, "nesting deeper than 512 at byte 512", 512))
    }

    func expectRejection(_ rejection: Rejection, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: JSONParseError(message: rejection.message, offset: rejection.offset), sourceLocation: sourceLocation) {
            try JSONParser.parse(rejection.input)
        }
    }
}
