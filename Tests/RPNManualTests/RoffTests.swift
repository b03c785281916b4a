import Testing
@testable import RPNManual

/// Text made safe for roff: each case is what a reader of the page must see, and the roff
/// that shows it (written by hand from man(7) and groff(7)).
struct RoffTests {
    @Test(arguments: [
        ("plain words", "plain words"),
        ("--json", "\\-\\-json"),                         // options print as ASCII minus signs
        ("( a b -- c )", "( a b \\-\\- c )"),
        ("a\\b", "a\\eb"),                               // a backslash is printed, not an escape
        ("\\fB", "\\efB"),                               // nor a font change smuggled in
        ("√ π → × ÷ −", "√ π → × ÷ −"),                   // glyphs stay UTF-8
        ("two\nlines", "two lines"),                      // a newline would start a request
    ])
    func escaped(text: String, roff: String) {
        #expect(Roff.escaped(text) == roff)
    }

    @Test(arguments: [
        (".SH looks like a request", "\\&.SH looks like a request"),
        ("'quote starts a request too", "\\&'quote starts a request too"),
        ("  leading blanks would break", "leading blanks would break"),
        ("middle . and ' are fine", "middle . and ' are fine"),
    ])
    func textLine(line: String, roff: String) {
        #expect(Roff.textLine(line) == roff)
    }

    @Test(arguments: ["", "   ", "\t"])
    func aBlankLineIsNoLine(line: String) {
        #expect(Roff.textLine(line) == nil)
    }

    @Test func aQuotedArgumentEscapesItsQuotes() {
        #expect(Roff.quotedArgument("say \"hi\"") == "\"say \\(dqhi\\(dq\"")
        #expect(Roff.quotedArgument("rpn check") == "\"rpn check\"")
    }

    @Test func writtenTextNeverStartsARequest() {
        var page = RoffWriter()
        page.text(".TH injected\n'also\nfine")
        #expect(page.lines == ["\\&.TH injected", "\\&'also", "fine"])
    }

    @Test func aTaggedParagraphsNextParagraphsKeepItsIndent() {
        var page = RoffWriter()
        page.item("\\fB\\-\\-float\\fR", "Compute in doubles.\n\n0.1 0.2 + is 0.30000000000000004.")
        #expect(page.lines == [".TP", "\\fB\\-\\-float\\fR", "Compute in doubles.", ".IP", "0.1 0.2 + is 0.30000000000000004."])
    }

    @Test func paragraphsAreSplitAtBlankLines() {
        var page = RoffWriter()
        page.paragraphs("one\ntwo\n\n  \nthree")
        #expect(page.lines == ["one", "two", ".PP", "three"])
    }
}
