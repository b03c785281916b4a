import RPNCore
import Testing

@Suite struct TerminalTextTests {
    /// (text from a program, how a message shows it)
    @Test(arguments: [
        ("sqr", "sqr"),
        ("√π×", "√π×"),
        ("日本", "日本"),
        ("\u{1B}[31m", "\\u{1B}[31m"),
        ("a\u{0}b", "a\\u{0}b"),
        ("\u{7}", "\\u{7}"),
        ("\u{7F}", "\\u{7F}"),
        ("\u{9B}2J", "\\u{9B}2J"),
        ("\t", "\\u{9}"),
        ("\u{FEFF}1", "<U+FEFF>1"),
        ("3\u{A0}4", "3<U+00A0>4"),
        ("\u{200B}", "<U+200B>"),
        ("x\u{202E}y", "x<U+202E>y"),
        ("\u{3000}", "<U+3000>"),
        ("\u{AD}", "<U+00AD>"),
        ("\u{3164}", "<U+3164>"),
        ("e\u{301}", "e\u{301}"),           // a combining mark on its letter stays
        ("\u{301}x", "<U+0301>x"),           // one with nothing to draw on is named
        (" \u{301}", " <U+0301>"),
        ("\u{200B}\u{301}", "<U+200B><U+0301>"),
        ("❤\u{FE0F}", "❤\u{FE0F}"),
    ])
    func shown(_ text: String, _ expected: String) {
        #expect(TerminalText.shown(text) == expected)
    }

    @Test func quotedTokens() {
        #expect(TerminalText.quoted("sqr") == "'sqr'")
        #expect(TerminalText.quoted("\u{1B}]0;x\u{7}") == "'\\u{1B}]0;x\\u{7}'")
        #expect(TerminalText.quoted("\u{FEFF}") == "'<U+FEFF>'")
    }

    /// Whatever the input, what is shown has no control character left.
    @Test func nothingShownIsAControl() {
        var text = ""
        for value in UInt32(0)..<0x100 { text.unicodeScalars.append(Unicode.Scalar(value)!) }
        #expect(!TerminalText.shown(text).unicodeScalars.contains { DisplayWidth.isControl($0) })
    }

    @Test func messagesOfTheMachineQuoteTheToken() {
        let diagnostics = RPN.evaluate("1 \u{1B}[2J \u{FEFF}2 3\u{A0}4").diagnostics.map(\.message)
        #expect(diagnostics == ["unknown token '\\u{1B}[2J'", "unknown token '<U+FEFF>2'", "invalid number '3<U+00A0>4'"])
    }
}
