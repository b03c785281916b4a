import RPNJSON
import Testing
@testable import RPNLanguageServer

/// Hover text shows the document's text as written, in the format the client takes.
@Suite struct HoverTests {
    static let markdownClient: JSONValue = ["textDocument": ["hover": ["contentFormat": ["markdown", "plaintext"]]]]

    func hover(_ text: String, _ line: Int, _ character: Int, capabilities: JSONValue = markdownClient,
               options: JSONValue = nil) -> JSONValue? {
        let h = ServerHarness(capabilities: capabilities, initializationOptions: options)
        h.open(text)
        return h.result("textDocument/hover", h.at(line, character))["contents"]
    }

    /// (capabilities, the hover's kind): markdown only for a client that lists it, first.
    static let formats: [(JSONValue, String)] = [
        ([:], "plaintext"),
        (["textDocument": ["hover": [:]]], "plaintext"),
        (["textDocument": ["hover": ["contentFormat": ["plaintext"]]]], "plaintext"),
        (["textDocument": ["hover": ["contentFormat": ["plaintext", "markdown"]]]], "plaintext"),
        (["textDocument": ["hover": ["contentFormat": ["markdown"]]]], "markdown"),
        (["textDocument": ["hover": ["contentFormat": ["markdown", "plaintext"]]]], "markdown"),
    ]

    @Test(arguments: formats)
    func markdownOnlyForClientsThatOfferIt(_ capabilities: JSONValue, _ kind: String) {
        let contents = hover("2 3 *", 0, 4, capabilities: capabilities)
        #expect(contents?["kind"] == .string(kind))
        if kind == "plaintext" {
            #expect(contents?["value"] == "* ( a b -- a×b )\nMultiplies the top two values.\n\n2×3 = 6")
        }
    }

    /// Completion documentation decides the same way, from `completionItem.documentationFormat`.
    @Test(arguments: formats)
    func completionDocumentationDecidesTheSameWay(_ hoverCapabilities: JSONValue, _ kind: String) {
        var completion: JSONObject = [:]
        if let formats = hoverCapabilities["textDocument"]?["hover"]?["contentFormat"], !formats.isNull {
            completion["documentationFormat"] = formats
        }
        let h = ServerHarness(capabilities: ["textDocument": ["completion": ["completionItem": .object(completion)]]])
        h.open("2 ")
        let items = h.result("textDocument/completion", h.at(0, 2))["items"]?.arrayValue ?? []
        let documentation = h.documentation(of: items.first { $0["label"] == "*" })
        if kind == "markdown" {
            #expect(documentation?["kind"] == "markdown")
        } else {
            #expect(documentation == "* ( a b -- a×b )\nMultiplies the top two values.")
        }
    }

    /// (program, position, what the markdown must not contain, what it must): document and
    /// word-table text is escaped, code spans hold their text exactly.
    static let escaped: [(String, Int, Int, [String], [String])] = [
        ("2 3 *", 0, 4, ["*****"], ["**\\***"]),
        ("1 →_a_b_ _a_b_", 0, 3, ["**→_a_b_**"], ["**→\\_a\\_b\\_**", "`_a_b_`"]),
        ("1 →_a_b_ _a_b_", 0, 10, [], ["`_a_b_`"]),
        ("2 3 ^", 0, 4, [], ["**^**", "`( a b -- a^b )`"]),
    ]

    @Test(arguments: escaped)
    func markdownIsEscaped(_ text: String, _ line: Int, _ character: Int, _ absent: [String], _ present: [String]) {
        let value = hover(text, line, character)?["value"]?.stringValue ?? ""
        for part in absent { #expect(!value.contains(part), "\(value)") }
        for part in present { #expect(value.contains(part), "\(value)") }
    }

    @Test func plainTextIsTheTextAsWritten() {
        let value = hover("1 →_a_b_ _a_b_", 0, 3, capabilities: [:])?["value"]?.stringValue
        #expect(value == "→_a_b_ stores the top of the stack into _a_b_; finally _a_b_ = 1")
    }

    @Test(arguments: ["2 😀 +", "2 3x +", "2 → +"])
    func anInvalidTokenShowsWhatIsWrong(_ text: String) {
        let h = ServerHarness(capabilities: Self.markdownClient)
        h.open(text)
        let message = h.diagnostics().first { $0["range"]?["start"]?["character"] == 2 }?["message"]?.stringValue
        let contents = h.result("textDocument/hover", h.at(0, 2))["contents"]
        #expect(message != nil)
        #expect(contents?["value"]?.stringValue?.isEmpty == false)
        let plain = ServerHarness(capabilities: [:])
        plain.open(text)
        #expect(plain.result("textDocument/hover", plain.at(0, 2))["contents"]?["value"]?.stringValue == message)
    }

    /// Trigonometry says which unit applies and why, in the editor's terms (the `angleUnit`
    /// setting), never the command line's (`--degrees`).
    @Test(arguments: [
        ("1 sin", 0, 2, nil, "Here in radians: the angleUnit setting"),
        ("1 sin", 0, 2, "degrees", "Here in degrees: the angleUnit setting"),
        ("deg\n30 sin", 1, 3, nil, "Here in degrees, after deg on line 1"),
        ("deg 1 rad\n2 atan", 1, 2, "degrees", "Here in radians, after rad on line 1"),
        ("deg", 0, 0, "degrees", "angles follow the angleUnit setting (now degrees)"),
    ] as [(String, Int, Int, String?, String)])
    func theAngleUnitComesFromTheSetting(_ text: String, _ line: Int, _ character: Int, _ unit: String?, _ expected: String) {
        let options: JSONValue = unit.map { ["angleUnit": .string($0)] } ?? nil
        let value = hover(text, line, character, capabilities: [:], options: options)?["value"]?.stringValue ?? ""
        #expect(value.contains(expected), "\(value)")
        #expect(!value.contains("--d"), "no command-line option")
    }
}
