import RPNJSON
import Testing
@testable import RPNLanguageServer

@Suite struct FeatureTests {
    static let example = "# π √ 😀 comment\n√ π × 1 0 ÷\nsqr 2 + M →N\nN M 3 5 + ×\n"

    func harness(_ text: String = FeatureTests.example, options: JSONValue = nil,
                 capabilities: JSONValue = HoverTests.markdownClient) -> ServerHarness {
        let h = ServerHarness(capabilities: capabilities, initializationOptions: options)
        h.open(text)
        return h
    }

    /// (line, character) ⇒ texts the hover must contain.
    static let hovers: [(Int, Int, [String])] = [
        (1, 0, ["**√**", "( a -- √a )", "Square root", "`√(?)`"]),
        (3, 8, ["( a b -- a+b )", "`3+5` = 8"]),
        (3, 10, ["`M×(3+5)`"]),
        (3, 2, ["`M`", "free variable"]),
        (2, 10, ["stores the top of the stack into `N`"]),
        (1, 2, ["**π**", "`π` = 3.141592653589793"]),
    ]

    @Test func hoverOnAVariableReadBeforeALaterStoreSaysWhichValueItSees() {
        let h = harness("1 →M M\n2 →M M +\n")
        let early = h.result("textDocument/hover", h.at(0, 5))["contents"]?["value"]?.stringValue ?? ""
        #expect(early.contains("`→M` on line 2 changes what it reads here"), "\(early)")
        #expect(early.contains("`1 →M M 2 →M M +` is 4"))
        let last = h.result("textDocument/hover", h.at(1, 5))["contents"]?["value"]?.stringValue ?? ""
        #expect(!last.contains("changes what it reads"), "no store follows the last read")
    }

    @Test(arguments: hovers)
    func hover(_ line: Int, _ character: Int, _ expected: [String]) {
        let h = harness()
        let value = h.result("textDocument/hover", h.at(line, character))["contents"]?["value"]?.stringValue ?? ""
        for text in expected { #expect(value.contains(text), "\(value)") }
    }

    @Test func hoverIsPlainTextWhenTheClientOnlyTakesPlainText() {
        let h = harness(capabilities: ["textDocument": ["hover": ["contentFormat": ["plaintext"]]]])
        let contents = h.result("textDocument/hover", h.at(3, 8))["contents"]
        #expect(contents?["kind"] == "plaintext")
        #expect(contents?["value"]?.stringValue?.contains("3+5 = 8") == true)
    }

    @Test func hoverOnCommentsAndWhitespaceIsNull() {
        let h = harness()
        #expect(h.result("textDocument/hover", h.at(0, 5)) == .null)
        #expect(h.result("textDocument/hover", h.at(3, 50)) == .null)
    }

    @Test func inlayHintsShowEachLinesResult() {
        let h = harness("3 5 + √\nx 2 ×\n# only a comment\n7 →x\n")
        let hints = h.result("textDocument/inlayHint", ["textDocument": ["uri": "file:///t.rpn"],
                                                         "range": ["start": ServerHarness.position(0, 0),
                                                                   "end": ServerHarness.position(4, 0)]])
        // One hint per line with code, for the top of the stack after it: line 3 (`7 →x`)
        // leaves x×2 on top, now with x = 7; the comment line gets none.
        #expect(hints.arrayValue?.map { $0["label"]?.stringValue ?? "" }
                == ["⇒ √(3+5) = 2.8284271247461903", "⇒ x×2 = 14", "⇒ x×2 = 14"])
        #expect(span(["start": hints[0]?["position"] ?? nil, "end": hints[0]?["position"] ?? nil]) == [0, 7, 0, 7])
    }

    @Test func inlayHintsDescribeAndShowExactValues() {
        // The literals' exact values live in the machine's value store, which the printer of
        // the hints must read (a fraction or a big integer in a description crashed it).
        let h = harness("1 3 ÷\n0.5 2 ^\n2 100 ^ 1e30 +\n")
        let hints = h.result("textDocument/inlayHint", ["textDocument": ["uri": "file:///t.rpn"],
                                                         "range": ["start": ServerHarness.position(0, 0),
                                                                   "end": ServerHarness.position(3, 0)]])
        // 2^100 = 1267650600228229401496703205376; plus 10^30 by hand (the literal 1e30 describes
        // in exponent form, shorter than its 31 digits).
        #expect(hints.arrayValue?.map { $0["label"]?.stringValue ?? "" }
                == ["⇒ 1÷3 = 0.3333333333333333", "⇒ 0.5^2 = 0.25",
                    "⇒ 2^100+1e+30 = 2267650600228229401496703205376"])
    }

    @Test func inlayHintsCanBeTurnedOff() {
        let h = harness("1 2 +", options: ["inlayHints": false])
        let range: JSONValue = ["start": ServerHarness.position(0, 0), "end": ServerHarness.position(1, 0)]
        #expect(h.result("textDocument/inlayHint", ["textDocument": ["uri": "file:///t.rpn"], "range": range]) == [])
    }

    @Test func completionOffersWordsVariablesAndStores() {
        let h = harness()
        let items = h.result("textDocument/completion", h.at(3, 0))["items"]?.arrayValue ?? []
        let labels = Set(items.compactMap { $0["label"]?.stringValue })
        for label in ["sqrt", "√", "sin", "dup", "swap", "pi", "π", "e", "pow", "M", "N", "→M", "->N"] {
            #expect(labels.contains(label), "\(label)")
        }
        let sqrt = items.first { $0["label"] == "√" }
        #expect(sqrt?["filterText"] == "sqrt")
        #expect(sqrt?["documentation"] == nil, "documentation is resolved")
        #expect(h.documentation(of: sqrt)?.stringValue?.contains("Square root") == true, "plain text: no markdown offered")
        let markdown = harness(capabilities: ["textDocument": ["completion": ["completionItem": ["documentationFormat": ["markdown", "plaintext"]]]]])
        let rich = markdown.result("textDocument/completion", markdown.at(3, 0))["items"]?.arrayValue ?? []
        #expect(markdown.documentation(of: rich.first { $0["label"] == "√" })?["kind"] == "markdown")
    }

    @Test func semanticTokensFollowTheLegend() {
        let h = harness("3 →x # c\nx sqrt π dup")
        let data = h.result("textDocument/semanticTokens/full", ["textDocument": ["uri": "file:///t.rpn"]])["data"]?
            .arrayValue?.compactMap(\.intValue) ?? []
        #expect(data == [0, 0, 1, 0, 0,   // 3 number
                         0, 2, 2, 3, 1,   // →x variable+declaration
                         0, 3, 3, 5, 0,   // # c comment
                         1, 0, 1, 3, 0,   // x variable
                         0, 2, 4, 2, 4,   // sqrt function+defaultLibrary
                         0, 5, 1, 3, 6,   // π variable+readonly+defaultLibrary
                         0, 2, 3, 4, 0])  // dup keyword
    }

    @Test func definitionReferencesHighlight() {
        let h = harness("2 →r\nr r × π ×\n3 ->r")
        let definitions = h.result("textDocument/definition", h.at(1, 0)).arrayValue ?? []
        #expect(definitions.map { span($0["range"]) } == [[0, 3, 0, 4], [2, 4, 2, 5]])
        let references = h.result("textDocument/references", h.at(1, 2).merging(["context": ["includeDeclaration": false]]))
        #expect(references.arrayValue?.map { span($0["range"]) } == [[1, 0, 1, 1], [1, 2, 1, 3]])
        let highlights = h.result("textDocument/documentHighlight", h.at(0, 3)).arrayValue ?? []
        #expect(highlights.map { $0["kind"]?.intValue ?? 0 } == [3, 2, 2, 3])
        #expect(h.result("textDocument/definition", h.at(1, 6)) == .null)  // π is not a variable
    }

    @Test func renameEditsUsesAndStoresAndRefusesBadNames() {
        let h = harness()
        let prepare = h.result("textDocument/prepareRename", h.at(3, 0))
        #expect(span(prepare["range"]) == [3, 0, 3, 1])
        let edit = h.result("textDocument/rename", h.at(3, 0).merging(["newName": "total"]))
        let edits = edit["changes"]?["file:///t.rpn"]?.arrayValue ?? []
        #expect(edits.map { span($0["range"]) } == [[2, 11, 2, 12], [3, 0, 3, 1]])
        #expect(edits.allSatisfy { $0["newText"] == "total" })
        for bad in ["sin", "2x", "a b", "", "→x"] {
            #expect(h.request("textDocument/rename", h.at(3, 0).merging(["newName": .string(bad)]))["error"] != nil, "\(bad)")
        }
        #expect(h.request("textDocument/rename", h.at(1, 0).merging(["newName": "y"]))["error"] != nil)
    }

    @Test func documentSymbolsListTheStores() {
        let h = harness("3 4 + →s\ns 2 × ->twice\n")
        let symbols = h.result("textDocument/documentSymbol", ["textDocument": ["uri": "file:///t.rpn"]]).arrayValue ?? []
        #expect(symbols.map { $0["name"]?.stringValue ?? "" } == ["s", "twice"])
        #expect(symbols.map { $0["detail"]?.stringValue ?? "" } == ["3+4", "s×2"])
        #expect(span(symbols.first?["selectionRange"]) == [0, 7, 0, 8])
    }

    static let formattingCases: [(String, String, String)] = [
        ("keep", "3   4+5×  # x\n\n  2π× ", "3 4 + 5 × # x\n\n2 π ×"),
        ("unicode", "3 4 * 5 / 2 - sqrt pi -> x ->y\n", "3 4 × 5 ÷ 2 − √ π -> x →y\n"),
        ("ascii", "3 4 × 5 ÷ 2 − √ π →y -4\n", "3 4 * 5 / 2 - sqrt pi ->y -4\n"),
    ]

    @Test(arguments: formattingCases)
    func formatting(_ glyphs: String, _ text: String, _ expected: String) {
        let h = harness(text, options: ["formatting": ["glyphs": .string(glyphs)]])
        let edits = h.result("textDocument/formatting", ["textDocument": ["uri": "file:///t.rpn"],
                                                         "options": ["tabSize": 4, "insertSpaces": true]])
        #expect(ClientText.applying(edits.arrayValue ?? [], to: text, encoding: "utf-16") == expected)
    }

    @Test func formattingAnAlreadyFormattedDocumentChangesNothing() {
        let h = harness("3 4 + # ok\n")
        #expect(h.result("textDocument/formatting", ["textDocument": ["uri": "file:///t.rpn"], "options": [:]]) == [])
    }

    @Test func codeActionsFixTyposAndShowInfix() {
        let h = harness("sqr 2 +\n3 5 + √\n")
        let diagnostic = h.diagnostics()[0]
        let actions = h.result("textDocument/codeAction", [
            "textDocument": ["uri": "file:///t.rpn"],
            "range": ["start": ServerHarness.position(0, 0), "end": ServerHarness.position(1, 3)],
            "context": ["diagnostics": [diagnostic]],
        ]).arrayValue ?? []
        #expect(actions.map { $0["title"]?.stringValue ?? "" } == ["Replace 'sqr' with 'sqrt'", "Show as infix",
                                                                   "Evaluate: sqr+2", "Evaluate: √(3+5) = 2.83…",
                                                                   "Evaluate selection"])
        let fix = actions[0]["edit"]?["changes"]?["file:///t.rpn"]?[0]
        #expect(fix?["newText"] == "sqrt")
        #expect(span(fix?["range"]) == [0, 0, 0, 3])
        let infix = actions[1]["edit"]?["changes"]?["file:///t.rpn"]?.arrayValue ?? []
        #expect(infix.map { $0["newText"]?.stringValue ?? "" } == [" # sqr+2", " # √(3+5)"])
    }

    @Test func theAngleUnitSettingReanalysesOpenDocuments() {
        let h = harness("90 tan")
        #expect(h.diagnostics().isEmpty)  // radians: tan(90) is finite
        h.notify("workspace/didChangeConfiguration", ["settings": ["rpn": ["angleUnit": "degrees"]]])
        #expect(h.diagnostics().first?["code"] == "not-finite")
        let hover = h.result("textDocument/hover", h.at(0, 3))["contents"]?["value"]?.stringValue ?? ""
        #expect(hover.contains("`tan(90)`") && !hover.contains("`tan(90)` ="), "no value in degrees: \(hover)")
        let degrees = harness("30 sin", options: ["angleUnit": "degrees"])
        let value = degrees.result("textDocument/hover", degrees.at(0, 3))["contents"]?["value"]?.stringValue ?? ""
        #expect(value.contains("`sin(30)` = 0.5"))
    }

    @Test func customEvaluateAndDescribe() {
        let h = harness("7 M + √\n9 →M 14 +\n")
        let whole = h.result("rpn/evaluate", ["textDocument": ["uri": "file:///t.rpn"]])
        #expect(whole["values"]?.arrayValue?.map(\.doubleValue) == [18])
        #expect(whole["description"] == "√(7+M)+14")
        #expect(whole["variables"]?["M"]?.doubleValue == 9)
        let prefix = h.result("rpn/evaluate", h.at(1, 0).merging(["variables": ["M": 2]]))
        #expect(prefix["values"]?.arrayValue?.map(\.doubleValue) == [3])
        let unset = h.result("rpn/evaluate", h.at(1, 0))
        #expect(unset["values"] == [nil])
        #expect(unset["diagnostics"]?[0]?["code"] == "unset-variable")
        let text = h.result("rpn/describe", ["text": "3 5 + √ π cos", "ascii": true])
        #expect(text["description"] == "sqrt(3+5),cos(pi)")
        #expect(text["diagnostics"] == [])
    }
}

extension JSONValue {
    /// This object with the keys of `other` added.
    func merging(_ other: JSONValue) -> JSONValue {
        guard var object = objectValue, let extra = other.objectValue else { return self }
        for (key, value) in extra { object[key] = value }
        return .object(object)
    }
}
