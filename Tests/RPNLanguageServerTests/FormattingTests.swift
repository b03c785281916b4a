import RPNJSON
import Testing
@testable import RPNLanguageServer

/// Formatting keeps every line's own ending, honours the client's options and changes only
/// the lines that change.
@Suite struct FormattingTests {
    static func format(_ text: String, _ options: JSONValue = [:], capabilities: JSONValue = [:],
                       glyphs: String = "keep") -> (edits: [JSONValue], result: String?) {
        let h = ServerHarness(capabilities: capabilities, initializationOptions: ["formatting": ["glyphs": .string(glyphs)]])
        h.open(text)
        var formattingOptions: JSONObject = ["tabSize": 4, "insertSpaces": true]
        for (key, value) in options.objectValue ?? [:] { formattingOptions[key] = value }
        let edits = h.result("textDocument/formatting", ["textDocument": ["uri": "file:///t.rpn"],
                                                         "options": .object(formattingOptions)]).arrayValue ?? []
        let encoding = capabilities["general"]?["positionEncodings"] == ["utf-8"] ? "utf-8" : "utf-16"
        return (edits, ClientText.applying(edits, to: text, encoding: encoding))
    }

    /// (text, FormattingOptions, the formatted text): by hand.
    static let cases: [(String, JSONValue, String)] = [
        // Each line keeps its own ending: CRLF, a lone CR, LF, mixed.
        ("3   4+\r\n5×  \r\n", [:], "3 4 +\r\n5 ×\r\n"),
        ("1  2\r3  4\r", [:], "1 2\r3 4\r"),
        ("a  b\r\nc  d\ne  f\rg  h", [:], "a b\r\nc d\ne f\rg h"),
        ("  # c  \r\n\r\n\r\n", [:], "# c  \r\n\r\n\r\n"),
        // insertFinalNewline: the document's own ending; nothing to add to an empty last line.
        ("1 2  +", ["insertFinalNewline": true], "1 2 +\n"),
        ("1 2 +", ["insertFinalNewline": true], "1 2 +\n"),
        ("1\r\n2", ["insertFinalNewline": true], "1\r\n2\r\n"),
        ("1\r2 ", ["insertFinalNewline": true], "1\r2\r"),
        ("1\n", ["insertFinalNewline": true], "1\n"),
        ("", ["insertFinalNewline": true], ""),
        ("1 2", ["insertFinalNewline": false], "1 2"),
        // trimFinalNewlines: down to the final line ending.
        ("1\n\n\n", ["trimFinalNewlines": true], "1\n"),
        ("1\r\n\r\n  \r\n", ["trimFinalNewlines": true], "1\r\n"),
        ("1\n\n  ", ["trimFinalNewlines": true], "1\n"),
        ("1\n", ["trimFinalNewlines": true], "1\n"),
        ("1", ["trimFinalNewlines": true], "1"),
        ("\n\n", ["trimFinalNewlines": true], ""),
        ("1\n\n\n", ["trimFinalNewlines": false], "1\n\n\n"),
        ("1\n\n", ["trimFinalNewlines": true, "insertFinalNewline": true], "1\n"),
        ("1  \n\n 2\n\n", ["trimFinalNewlines": true, "insertFinalNewline": true], "1\n\n2\n"),
        // trimTrailingWhitespace: comments lose their trailing blanks too; code never keeps any.
        ("1 # c \t\n2  \n", ["trimTrailingWhitespace": true], "1 # c\n2\n"),
        ("1 # c \t\n2  \n", ["trimTrailingWhitespace": false], "1 # c \t\n2\n"),
        ("1 # c \t\n2  \n", [:], "1 # c \t\n2\n"),
    ]

    @Test(arguments: cases)
    func formatting(_ text: String, _ options: JSONValue, _ expected: String) {
        #expect(Self.format(text, options).result == expected)
    }

    /// Edits replace only the blanks that change (the common part of a run stays), so a
    /// client's cursor stays on its token; a formatted document gets none.
    @Test func editsAreOfTheBlanksThatChange() {
        let (edits, result) = Self.format("3 4 +\n5  6\n7 8\n9  √\n")
        #expect(result == "3 4 +\n5 6\n7 8\n9 √\n")
        #expect(edits.map { span($0["range"]) } == [[1, 2, 1, 3], [3, 2, 3, 3]])
        #expect(edits.map { $0["newText"]?.stringValue ?? "" } == ["", ""])
        #expect(Self.format("3 4 + # ok\r\n").edits == [])
        #expect(Self.format(": f\n  1 if\n    2\n  then\n;\n").edits == [])
    }

    /// The layout's indentation (the core's `Formatter`: a level per definition, if part and
    /// loop), `formatting.indentWidth` spaces a level (2 when not given or not in 0...8); the
    /// client's `tabSize` and `insertSpaces` change nothing.
    @Test(arguments: [
        (nil, ["tabSize": 4, "insertSpaces": true], ": f\n  1 if\n    2\n  then\n;\n"),
        (nil, ["tabSize": 8, "insertSpaces": false], ": f\n  1 if\n    2\n  then\n;\n"),
        (4, [:], ": f\n    1 if\n        2\n    then\n;\n"),
        (0, [:], ": f\n1 if\n2\nthen\n;\n"),
        (9, [:], ": f\n  1 if\n    2\n  then\n;\n"),
        (-1, [:], ": f\n  1 if\n    2\n  then\n;\n"),
    ] as [(Int?, JSONObject, String)])
    func indentation(_ width: Int?, _ options: JSONObject, _ expected: String) {
        let settings: JSONValue = width.map { ["formatting": ["indentWidth": .int($0)]] } ?? [:]
        let h = ServerHarness(initializationOptions: settings)
        let text = ": f\n1 if\n\t2\n      then\n;\n"
        h.open(text)
        let edits = h.result("textDocument/formatting", ["textDocument": ["uri": "file:///t.rpn"],
                                                         "options": .object(options)]).arrayValue ?? []
        #expect(ClientText.applying(edits, to: text, encoding: "utf-16") == expected)
    }

    /// A width set after initialize applies to the next formatting; one not understood leaves
    /// the width in force.
    @Test func theIndentWidthSetLater() {
        let h = ServerHarness()
        let text = ": f\n1\n;"
        h.open(text)
        func formatted() -> String? {
            let edits = h.result("textDocument/formatting", ["textDocument": ["uri": "file:///t.rpn"], "options": [:]])
            return ClientText.applying(edits.arrayValue ?? [], to: text, encoding: "utf-16")
        }
        #expect(formatted() == ": f\n  1\n;")
        h.notify("workspace/didChangeConfiguration", ["settings": ["rpn": ["formatting": ["indentWidth": 3]]]])
        #expect(formatted() == ": f\n   1\n;")
        h.notify("workspace/didChangeConfiguration", ["settings": ["rpn": ["formatting": ["indentWidth": "wide"]]]])
        #expect(formatted() == ": f\n   1\n;")
    }

    /// After characters of several bytes and UTF-16 units, in both encodings.
    @Test(arguments: [[:], ["general": ["positionEncodings": ["utf-8"]]]] as [JSONValue])
    func positionsInTheNegotiatedEncoding(_ capabilities: JSONValue) {
        let text = "π  √ 😀\r\n# 😀  \r\n𝑥  2 ×"
        let (_, result) = Self.format(text, ["trimTrailingWhitespace": true, "insertFinalNewline": true],
                                      capabilities: capabilities, glyphs: "ascii")
        #expect(result == "pi sqrt 😀\r\n# 😀\r\n𝑥 2 *\r\n")
    }

    /// Comparisons (issue 10) respell like the other operators; "=" and "==" have one glyph
    /// and stay as written.
    @Test(arguments: [
        ("unicode", "1 2<= 1 2 >= 1 2!= 1 2 == 1 2 = x 0 <", "1 2 ≤ 1 2 ≥ 1 2 ≠ 1 2 == 1 2 = x 0 <\n"),
        ("ascii", "1 2≤ 1 2 ≥ 1 2≠ 5! ≠ 3", "1 2 <= 1 2 >= 1 2 != 5 ! != 3\n"),
    ])
    func comparisonsRespell(_ glyphs: String, _ text: String, _ expected: String) {
        #expect(Self.format(text, ["insertFinalNewline": true], glyphs: glyphs).result == expected)
    }

    @Test func rangeFormattingChangesOnlyTheLinesOfTheRange() {
        let h = ServerHarness()
        let text = "1  2\r\n3  4\r\n5  6\r\n7  8"
        h.open(text)
        func format(_ start: (Int, Int), _ end: (Int, Int)) -> String? {
            let edits = h.result("textDocument/rangeFormatting", [
                "textDocument": ["uri": "file:///t.rpn"], "options": ["tabSize": 4, "insertSpaces": true, "insertFinalNewline": true],
                "range": ["start": ServerHarness.position(start.0, start.1), "end": ServerHarness.position(end.0, end.1)],
            ]).arrayValue ?? []
            return ClientText.applying(edits, to: text, encoding: "utf-16")
        }
        #expect(format((1, 1), (1, 2)) == "1  2\r\n3 4\r\n5  6\r\n7  8")
        #expect(format((1, 0), (3, 0)) == "1  2\r\n3 4\r\n5 6\r\n7  8", "a selection of whole lines")
        #expect(format((3, 0), (3, 4)) == "1  2\r\n3  4\r\n5  6\r\n7 8", "no final line ending: the whole document's")
    }

    /// The lines of a range are indented by the structure of the whole document: a line in a
    /// definition's body gets its level though the `:` is outside the range.
    @Test func rangeFormattingIndentsByTheWholeDocument() {
        let h = ServerHarness()
        let text = ": f ( n -- m )\nn 0 > if\nn\nelse\n0\nthen\n;"
        h.open(text)
        let edits = h.result("textDocument/rangeFormatting", [
            "textDocument": ["uri": "file:///t.rpn"], "options": ["tabSize": 4, "insertSpaces": true],
            "range": ["start": ServerHarness.position(2, 0), "end": ServerHarness.position(3, 4)],
        ]).arrayValue ?? []
        #expect(ClientText.applying(edits, to: text, encoding: "utf-16") == ": f ( n -- m )\nn 0 > if\n    n\n  else\n0\nthen\n;")
    }
}
