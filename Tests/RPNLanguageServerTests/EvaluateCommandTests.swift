import RPNJSON
import Testing
@testable import RPNLanguageServer

/// `workspace/executeCommand` `rpn.evaluate` and the two ways editors show and trigger it: an
/// "Evaluate" code action per line and a code lens per line.
@Suite struct EvaluateCommandTests {
    static let uri = "file:///t.rpn"
    /// Line 1 reads x, which line 3 stores: the document's variables are its final ones, as in
    /// the inlay hints (`x×2 = 14` on line 1).
    static let example = "3 5 + √\nx 2 ×\n# only a comment\n7 →x\n"

    func harness(_ text: String = example, capabilities: JSONValue = [:]) -> ServerHarness {
        let h = ServerHarness(capabilities: capabilities)
        h.open(text)
        return h
    }

    func evaluate(_ h: ServerHarness, _ argument: JSONValue) -> JSONValue {
        h.request("workspace/executeCommand", ["command": "rpn.evaluate", "arguments": [argument]])
    }

    static func at(_ line: Int, _ character: Int) -> JSONValue {
        ["uri": .string(uri), "position": ServerHarness.position(line, character)]
    }

    static func range(_ l0: Int, _ c0: Int, _ l1: Int, _ c1: Int) -> JSONValue {
        ["uri": .string(uri), "range": ["start": ServerHarness.position(l0, c0), "end": ServerHarness.position(l1, c1)]]
    }

    @Test func theServerAdvertisesTheCommandCodeLensesFoldingAndSelectionRanges() {
        let capabilities = ServerHarness(initialize: false).request("initialize", ["capabilities": [:]])["result"]?["capabilities"]
        #expect(capabilities?["executeCommandProvider"]?["commands"] == ["rpn.evaluate"])
        #expect(capabilities?["codeLensProvider"] != nil)
        #expect(capabilities?["foldingRangeProvider"] == true)
        #expect(capabilities?["selectionRangeProvider"] == true)
    }

    /// (argument, text, values): values worked out by hand; √8 = 2.8284271247461903 (shortest
    /// round trip of the double nearest √8).
    static let cases: [(JSONValue, String, [Double?])] = [
        (at(0, 0), "√(3+5) = 2.8284271247461903", [2.8284271247461903]),
        (at(0, 99), "√(3+5) = 2.8284271247461903", [2.8284271247461903]),  // a column past the end: the line
        // Up to the end of line 1, x being 7 (stored on line 3): 7×2.
        (at(1, 0), "x×2 = 14", [2.8284271247461903, 14]),
        // A comment line: the stack after the lines before it.
        (at(2, 3), "x×2 = 14", [2.8284271247461903, 14]),
        // A selection runs on the stack of the document before it: "5 +" after "3 ".
        (range(0, 2, 0, 5), "3+5 = 8", [3 + 5]),
        (range(1, 0, 1, 5), "x×2 = 14", [2.8284271247461903, 14]),
    ]

    @Test(arguments: cases)
    func evaluatesUpToTheLineOrTheSelection(_ argument: JSONValue, _ text: String, _ values: [Double?]) {
        let h = harness()
        let response = evaluate(h, argument)
        #expect(response["error"] == nil, "\(JSONSerializer.string(response))")
        let result = response["result"]
        #expect(result?["text"]?.stringValue == text)
        #expect(result?["values"]?.arrayValue?.map(\.doubleValue) == values)
        #expect(result?["diagnostics"] == [])
    }

    /// A line inside a definition or a block that spans lines is evaluated through the end of
    /// it (a definition leaves the stack as it was; a block has run), never as a half-gathered
    /// program with an unclosed `:` (values worked out by hand: 5, then 5 and 4×4 = 16, then
    /// the loop's 0+1+2+3 = 6).
    static let inPrograms: [(Int, String, [Double?])] = [
        (1, "5 = 5", [5]),     // `: sq2 ( x -- y )`: the word defined, the stack as before it
        (2, "5 = 5", [5]),     // `  x x × ;`
        (3, "sq2(4) = 16", [5, 16]),
        (4, "0+1+2+3 = 6", [5, 16, 6]),  // `0 1 3 for i`: the loop's block, run whole
        (5, "0+1+2+3 = 6", [5, 16, 6]),
        (6, "0+1+2+3 = 6", [5, 16, 6]),
    ]

    @Test(arguments: inPrograms)
    func aLineInsideADefinitionOrBlockRunsItWhole(_ line: Int, _ text: String, _ values: [Double?]) {
        let h = harness("5\n: sq2 ( x -- y )\n  x x × ;\n4 sq2\n0 1 3 for i\n  i +\nnext\n")
        let response = evaluate(h, Self.at(line, 0))
        let result = response["result"]
        #expect(result?["diagnostics"] == [], "\(JSONSerializer.string(response))")
        #expect(result?["text"]?.stringValue == text)
        #expect(result?["values"]?.arrayValue?.map(\.doubleValue) == values)
    }

    @Test func theTextIsAlsoShownAsAnInformationMessage() {
        let h = harness()
        let before = h.sent.count
        _ = evaluate(h, Self.at(0, 0))
        let shown = h.sent[before...].first { $0["method"] == "window/showMessage" }
        #expect(shown?["params"]?["type"] == 3)
        #expect(shown?["params"]?["message"] == "√(3+5) = 2.8284271247461903")
    }

    /// (document, line, text): what the top entry lacks a value for.
    static let failures: [(String, Int, String)] = [
        ("1 0 ÷\n", 0, "1÷0: division by zero"),
        ("y 2 ×\n", 0, "y×2 has no value: y is free"),
        ("a b +\n", 0, "a+b has no value: a, b are free"),
        // The free variables under a call's arguments and an undecided if's parts.
        (": twice ( x -- y ) 2 × ; M twice\n", 0, "twice(M) has no value: M is free"),
        ("M 0 > if a else 1 then\n", 0, "if(M>0, a, 1) has no value: M, a are free"),
        ("# nothing yet\n3 →x\n", 0, "the stack is empty"),
    ]

    @Test(arguments: failures)
    func withoutAValueTheTextSaysWhy(_ text: String, _ line: Int, _ expected: String) {
        let h = harness(text)
        let result = evaluate(h, Self.at(line, 0))["result"]
        #expect(result?["text"]?.stringValue == expected)
        #expect(result?["values"]?.arrayValue?.allSatisfy { $0.isNull } == true)
    }

    @Test func theDivisionErrorComesWithItsDiagnosticAtItsColumn() {
        let h = harness("2 √\n1 0 ÷\n")
        let result = evaluate(h, Self.at(1, 0))["result"]
        #expect(result?["diagnostics"]?.arrayValue?.map { $0["code"]?.stringValue ?? "" } == ["division-by-zero"])
        #expect(span(result?["diagnostics"]?[0]?["range"]) == [1, 4, 1, 5])
    }

    @Test func theAngleUnitSettingApplies() {
        let h = ServerHarness(initializationOptions: ["angleUnit": "degrees"])
        h.open("30 sin\n")
        #expect(evaluate(h, Self.at(0, 0))["result"]?["text"] == "sin(30) = 0.5")
    }

    @Test func badArgumentsAndUnknownCommandsAreErrors() {
        let h = harness()
        #expect(h.request("workspace/executeCommand", ["command": "rpn.nothing", "arguments": []])["error"]?["code"] == -32602)
        #expect(h.request("workspace/executeCommand", ["command": "rpn.evaluate"])["error"]?["code"] == -32602)
        #expect(h.request("workspace/executeCommand", ["command": "rpn.evaluate", "arguments": [["uri": .string(Self.uri)]]])[
            "error"]?["code"] == -32602)
        #expect(evaluate(h, ["uri": "file:///closed.rpn", "position": ServerHarness.position(0, 0)])["error"]?["code"] == -32803)
    }

    @Test func anEmptyDocumentAnswersEverythingWithNothing() {
        let h = harness("")
        #expect(evaluate(h, Self.at(0, 0))["result"]?["text"] == "the stack is empty")
        #expect(evaluate(h, Self.at(5, 5))["result"]?["values"] == [])
        #expect(evaluate(h, Self.range(0, 0, 3, 0))["result"]?["text"] == "the stack is empty")
        #expect(lenses(h) == [])
        let document: JSONValue = ["uri": .string(Self.uri)]
        #expect(h.result("textDocument/foldingRange", ["textDocument": document]) == [])
        let selection = h.result("textDocument/selectionRange", ["textDocument": document,
                                                                  "positions": [ServerHarness.position(0, 0)]])
        #expect(span(selection[0]?["range"]) == [0, 0, 0, 0])
        #expect(selection[0]?["parent"] == nil)
        let actions = h.result("textDocument/codeAction", ["textDocument": document, "context": ["diagnostics": []],
                                                           "range": ["start": ServerHarness.position(0, 0),
                                                                     "end": ServerHarness.position(9, 0)]])
        #expect(actions.arrayValue?.map { $0["title"]?.stringValue ?? "" } == ["Evaluate selection"])
    }

    // MARK: - Code lenses

    func lenses(_ h: ServerHarness) -> [JSONValue] {
        h.result("textDocument/codeLens", ["textDocument": ["uri": .string(Self.uri)]]).arrayValue ?? []
    }

    @Test func oneCodeLensPerLineWithAResultWhoseCommandEvaluatesIt() {
        let h = harness()
        let lenses = lenses(h)
        // Lines 0, 1 and 3 (after `7 →x` the top is x×2 again); none for the comment line.
        #expect(lenses.map { $0["command"]?["title"]?.stringValue ?? "" } == ["= 2.8284271247461903", "= 14", "= 14"])
        #expect(lenses.map { span($0["range"]) } == [[0, 0, 0, 7], [1, 0, 1, 5], [3, 0, 3, 4]])
        for lens in lenses {
            #expect(lens["command"]?["command"] == "rpn.evaluate")
            let argument = lens["command"]?["arguments"]?[0] ?? .null
            #expect(argument["uri"]?.stringValue == Self.uri)
            #expect(evaluate(h, argument)["result"]?["text"]?.stringValue?.contains(
                (lens["command"]?["title"]?.stringValue ?? "?").dropFirst(2)) == true)
        }
    }

    @Test func lensesAreComputedOncePerVersionAndFollowEdits() throws {
        let h = harness("3 5 +\n")
        #expect(lenses(h).map { $0["command"]?["title"] } == ["= 8"])
        let document = try #require(h.server.documents[Self.uri])
        #expect(document.analysis.memo["codeLens"] != nil, "kept with the analysis of this version")
        h.notify("textDocument/didChange", ["textDocument": ["uri": .string(Self.uri), "version": 2],
                                            "contentChanges": [["range": ["start": ServerHarness.position(0, 2),
                                                                          "end": ServerHarness.position(0, 3)],
                                                                "text": "6"]]])
        #expect(lenses(h).map { $0["command"]?["title"] } == ["= 9"])
    }

    @Test func aLensWithoutAValueSaysSo() {
        let h = harness("y 2 ×\n")
        #expect(lenses(h).map { $0["command"]?["title"] } == ["no value"])
    }

    @Test func lensRangesAreInTheNegotiatedEncoding() {
        let text = "π 😀 2 ×\n"  // the emoji is an unknown token: 2 UTF-16 units, 4 UTF-8 bytes
        let utf16 = harness(text)
        #expect(lenses(utf16).map { span($0["range"]) } == [[0, 0, 0, 8]])
        let utf8 = harness(text, capabilities: ["general": ["positionEncodings": ["utf-8"]]])
        #expect(lenses(utf8).map { span($0["range"]) } == [[0, 0, 0, 12]])
    }
}
