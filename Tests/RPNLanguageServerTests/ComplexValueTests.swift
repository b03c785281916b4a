import RPNCore
import RPNJSON
import Testing
@testable import RPNLanguageServer

/// Complex values in the editor (issue 18): the `complex` and `polar` settings, and complex
/// values where values show (hover, inlay hints, `rpn/evaluate`). 3+4i has modulus 5 and
/// argument atan2(4, 3) = 0.9272952180016122 rad = 53.13010235415598° (Python's math.atan2).
@Suite struct ComplexValueTests {
    static let uri = "file:///t.rpn"

    /// (settings one after the other, complex mode, polar display's unit in force after them).
    @Test(arguments: [
        ([["complex": true]], true, nil),
        ([["rpn": ["complex": true]], ["complex": false]], false, nil),
        ([["complex": true], ["complex": "yes"]], true, nil),
        ([["polar": true]], false, AngleUnit.radians),
        ([["polar": true, "angleUnit": "degrees"]], false, .degrees),
        ([["polar": true], ["angleUnit": "degrees"]], false, .degrees),  // the angle follows the unit
        ([["polar": true], ["polar": false]], false, nil),
        ([["polar": true], ["polar": 1]], false, .radians),
        ([["polar": true], ["display": ["mode": "fix", "digits": 2]]], false, .radians),
    ] as [([JSONValue], Bool, AngleUnit?)])
    func complexAndPolarSettings(_ settings: [JSONValue], _ complex: Bool, _ polar: AngleUnit?) {
        var configuration = ServerConfiguration()
        for json in settings { configuration.apply(ServerSettings(json: json)) }
        #expect(configuration.complex == complex)
        #expect(configuration.numberFormat.polar == polar)
    }

    func harness(_ text: String, options: JSONValue = nil) -> ServerHarness {
        let h = ServerHarness(capabilities: HoverTests.markdownClient, initializationOptions: options)
        h.open(text)
        return h
    }

    func configure(_ h: ServerHarness, _ settings: JSONValue) {
        h.notify("workspace/didChangeConfiguration", ["settings": ["rpn": settings]])
    }

    func hover(_ h: ServerHarness, _ line: Int, _ character: Int) -> String {
        h.result("textDocument/hover", h.at(line, character))["contents"]?["value"]?.stringValue ?? ""
    }

    func inlayHints(_ h: ServerHarness) -> [String] {
        let range: JSONValue = ["start": ServerHarness.position(0, 0), "end": ServerHarness.position(100, 0)]
        return (h.result("textDocument/inlayHint", ["textDocument": ["uri": .string(Self.uri)], "range": range])
            .arrayValue ?? []).compactMap { $0["kind"] == 2 ? nil : $0["label"]?.stringValue }
    }

    func errors(_ h: ServerHarness) -> [String] {
        h.diagnostics(Self.uri).filter { $0["severity"] == 1 }.compactMap { $0["code"]?.stringValue }
    }

    @Test func hoversAndHintsShowComplexValuesInTheDisplaySettings() {
        let h = harness("3 4i +\n1 2 ÷ 3i -\n")
        #expect(inlayHints(h) == ["⇒ 3+4i = 3+4i", "⇒ 1÷2−3i = 0.5-3i"])
        #expect(hover(h, 0, 5).contains("= 3+4i"))
        configure(h, ["display": ["fractions": true]])
        #expect(inlayHints(h) == ["⇒ 3+4i = 3+4i", "⇒ 1÷2−3i = 1/2-3i"])
        configure(h, ["polar": true])
        #expect(inlayHints(h).first == "⇒ 3+4i = 5∠0.9272952180016122")
        #expect(hover(h, 0, 5).contains("= 5∠0.9272952180016122"))
        configure(h, ["angleUnit": "degrees"])
        #expect(inlayHints(h).first == "⇒ 3+4i = 5∠53.13010235415598°")
        configure(h, ["polar": false])
        #expect(inlayHints(h).first == "⇒ 3+4i = 3+4i")
    }

    @Test func theComplexSettingGivesComplexAnswers() {
        let h = harness("-4 √\n")
        #expect(errors(h) == ["sqrt-of-negative"])
        configure(h, ["complex": true])
        #expect(errors(h) == [])
        #expect(inlayHints(h) == ["⇒ √(−4) = 2i"])
        let evaluated = h.result("rpn/evaluate", ["textDocument": ["uri": .string(Self.uri)]])
        #expect(JSONSerializer.string(evaluated["values"] ?? nil) == #"[{"re":0,"im":2}]"#)
        #expect(evaluated["exact"] == ["2i"])
        configure(h, ["complex": false])
        #expect(errors(h) == ["sqrt-of-negative"])
        let started = harness("-4 √\n", options: ["rpn": ["complex": true]])
        #expect(inlayHints(started) == ["⇒ √(−4) = 2i"])
    }

    /// `rpn/evaluate` gives a complex value's parts as `{"re", "im"}`, and its exact text.
    @Test(arguments: [
        ("3 4i +", #"[{"re":3,"im":4}]"#, #"["3+4i"]"#, "[false]"),
        ("1 3 ÷ 2i + 7", #"[{"re":0.3333333333333333,"im":2},7]"#, #"["1/3+2i","7"]"#, "[false,false]"),
        ("0.5 2 √ cplx", #"[{"re":0.5,"im":1.4142135623730951}]"#, #"["0.5+1.4142135623730951i"]"#, "[true]"),
        ("1i 1i ×", "[-1]", #"["-1"]"#, "[false]"),
    ])
    func evaluateGivesTheParts(_ text: String, _ values: String, _ exact: String, _ inexact: String) throws {
        let h = ServerHarness()
        let result = h.result("rpn/evaluate", ["text": .string(text)])
        #expect(JSONSerializer.string(result["values"] ?? nil) == values)
        #expect(result["exact"] == (try JSONParser.parse(exact)))
        #expect(result["inexact"] == (try JSONParser.parse(inexact)))
    }

    @Test func evaluateGivesAComplexVariableItsParts() throws {
        let h = ServerHarness()
        let result = h.result("rpn/evaluate", ["text": "3 4i + →z"])
        #expect(JSONSerializer.string(result["variables"] ?? nil) == #"{"z":{"re":3,"im":4}}"#)
    }

    /// (document, line, character, what the hover says): the imaginary literal, and the
    /// complex words' stack effects from the table.
    @Test(arguments: [
        ("2i", 0, 0, "**2i** imaginary"),
        ("0.5i", 0, 1, "**0\\.5i** imaginary: `1/2i`"),
        ("3 4 cplx", 0, 5, "( re im -- z )"),
        ("3 4i + reim", 0, 8, "( z -- re im )"),
        ("3 4i + re", 0, 7, "( z -- re(z) )"),
    ])
    func hoversOfComplexWordsAndLiterals(_ text: String, _ line: Int, _ character: Int, _ expected: String) {
        let h = harness(text + "\n")
        #expect(hover(h, line, character).contains(expected), "\(hover(h, line, character))")
    }
}
