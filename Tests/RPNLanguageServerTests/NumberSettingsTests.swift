import RPNCore
import RPNJSON
import Testing
@testable import RPNLanguageServer

/// The `exact` and `display` settings: how they are read, and that every place a value shows
/// (hover, inlay hints, code lenses, completion, `rpn.evaluate`, `rpn/evaluate`) follows them.
/// Expected values worked out by hand (10/3 to 2 places is 3.33; 0.1+0.2 in doubles is
/// 0.30000000000000004; 2^100 = 1267650600228229401496703205376).
@Suite struct ServerSettingsTests {

    /// (settings sent one after the other, the format in force after them).
    @Test(arguments: [
        ([["rpn": ["display": ["mode": "fix", "digits": 2]]]], NumberFormat(mode: .fixed(2))),
        ([["display": ["mode": "sci", "digits": 3]]], NumberFormat(mode: .scientific(3))),  // bare, without "rpn"
        ([["display": ["mode": "eng", "digits": 0]]], NumberFormat(mode: .engineering(0))),
        ([["display": ["mode": "fix", "digits": 4]], ["display": ["mode": "std"]]], NumberFormat()),
        // partial settings change only what they give
        ([["display": ["mode": "fix", "digits": 4]], ["display": ["grouping": true]]], NumberFormat(mode: .fixed(4), grouping: true)),
        ([["display": ["fractions": true]], ["display": ["base": 16]]], NumberFormat(fractions: true, base: 16)),
        ([["display": ["mode": "fix", "digits": 4]], ["exact": false]], NumberFormat(mode: .fixed(4))),
        ([["display": ["mode": "fix", "digits": 4]], ["display": ["digits": 6]]], NumberFormat(mode: .fixed(6))),
        ([["display": ["mode": "sci", "digits": 4]], ["display": ["mode": "eng"]]], NumberFormat(mode: .engineering(4))),
        ([["display": ["base": 8]], ["display": ["base": 2]], ["display": ["base": 10]]], NumberFormat()),
        // values not understood are ignored: what was in force stays
        ([["display": ["mode": "fix", "digits": 4]], ["display": ["mode": "FIXED"]]], NumberFormat(mode: .fixed(4))),
        ([["display": ["mode": "fix", "digits": 4]], ["display": ["digits": -1]]], NumberFormat(mode: .fixed(4))),
        ([["display": ["mode": "fix", "digits": 4]], ["display": ["digits": 2.5]]], NumberFormat(mode: .fixed(4))),
        ([["display": ["mode": "fix", "digits": 4]], ["display": ["digits": "2"]]], NumberFormat(mode: .fixed(4))),
        ([["display": ["mode": "fix", "digits": 4]], ["display": ["digits": 100_000]]], NumberFormat(mode: .fixed(4))),
        ([["display": ["base": 16]], ["display": ["base": 7]]], NumberFormat(base: 16)),
        ([["display": ["base": 16]], ["display": ["base": "10"]]], NumberFormat(base: 16)),
        ([["display": ["fractions": true]], ["display": ["fractions": "no"]]], NumberFormat(fractions: true)),
        ([["display": ["grouping": true]], ["display": ["grouping": 0]]], NumberFormat(grouping: true)),
        ([["display": ["mode": "fix", "digits": 4]], ["display": "std"]], NumberFormat(mode: .fixed(4))),
        ([["display": ["mode": "fix", "digits": 4]], ["display": nil]], NumberFormat(mode: .fixed(4))),
        ([["display": ["digits": 3]]], NumberFormat()),  // digits of std: nothing to change
    ] as [([JSONValue], NumberFormat)])
    func displaySettings(_ settings: [JSONValue], _ expected: NumberFormat) {
        var configuration = ServerConfiguration()
        for json in settings { configuration.apply(ServerSettings(json: json)) }
        #expect(configuration.numberFormat == expected)
    }

    /// (settings one after the other, exact, angle unit in force after them).
    @Test(arguments: [
        ([["exact": false]], false, AngleUnit.radians),
        ([["rpn": ["exact": false]], ["rpn": ["exact": true]]], true, .radians),
        ([["exact": false], ["exact": "yes"]], false, .radians),
        ([["exact": false], ["exact": 1]], false, .radians),
        ([["exact": false], ["display": ["mode": "fix"]]], false, .radians),
        ([["angleUnit": "degrees"]], true, .degrees),
        ([["angleUnit": "degrees"], ["angleUnit": "radians"]], true, .radians),
        ([["angleUnit": "degrees"], ["angleUnit": "gradians"]], true, .degrees),
        ([["angleUnit": "degrees"], ["angleUnit": 1]], true, .degrees),
        ([["angleUnit": "degrees"], [:]], true, .degrees),
    ] as [([JSONValue], Bool, AngleUnit)])
    func exactAndAngleUnitSettings(_ settings: [JSONValue], _ exact: Bool, _ unit: AngleUnit) {
        var configuration = ServerConfiguration()
        for json in settings { configuration.apply(ServerSettings(json: json)) }
        #expect(configuration.exact == exact)
        #expect(configuration.angleUnit == unit)
    }

    /// (settings one after the other, the digits in force after them: nil is IEEE doubles).
    /// `digits` is read as `--digits N` is (1 to 10^6); 0, false or null goes back to doubles;
    /// anything else is not understood and leaves it as it was.
    @Test(arguments: [
        ([["digits": 30]], 30),
        ([["rpn": ["digits": 50]]], 50),
        ([["digits": 1]], 1),
        ([["digits": 1_000_000]], 1_000_000),
        ([["digits": 30], ["digits": 0]], nil),
        ([["digits": 30], ["digits": false]], nil),
        ([["digits": 30], ["digits": nil]], nil),
        ([["digits": 30], [:]], 30),
        ([["digits": 30], ["exact": true]], 30),
        ([["digits": 30], ["digits": 1_000_001]], 30),
        ([["digits": 30], ["digits": -1]], 30),
        ([["digits": 30], ["digits": 2.5]], 30),
        ([["digits": 30], ["digits": "40"]], 30),
        ([["digits": 30], ["digits": true]], 30),
        ([["display": ["digits": 4]]], nil),  // the display's digits, not the precision
    ] as [([JSONValue], Int?)])
    func digitsSetting(_ settings: [JSONValue], _ digits: Int?) {
        var configuration = ServerConfiguration()
        for json in settings { configuration.apply(ServerSettings(json: json)) }
        #expect(configuration.digits == digits)
    }
}

@Suite struct NumberSettingsFeatureTests {
    static let uri = "file:///t.rpn"

    func harness(_ text: String, options: JSONValue = nil, capabilities: JSONValue = HoverTests.markdownClient)
        -> ServerHarness {
        let h = ServerHarness(capabilities: capabilities, initializationOptions: options)
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
            .arrayValue ?? []).map { $0["label"]?.stringValue ?? "" }
    }

    func codeLenses(_ h: ServerHarness) -> [String] {
        (h.result("textDocument/codeLens", ["textDocument": ["uri": .string(Self.uri)]]).arrayValue ?? [])
            .map { $0["command"]?["title"]?.stringValue ?? "" }
    }

    func evaluateCommand(_ h: ServerHarness, line: Int) -> String {
        h.result("workspace/executeCommand", ["command": "rpn.evaluate", "arguments": [
            ["uri": .string(Self.uri), "position": ServerHarness.position(line, 0)]]])["text"]?.stringValue ?? ""
    }

    @Test func theDisplaySettingChangesHoverHintsLensesAndTheEvaluateCommand() {
        let h = harness("10 3 ÷\n12345\n")
        #expect(hover(h, 0, 5).contains("`10÷3` = 3.333333333333333"))
        #expect(inlayHints(h) == ["⇒ 10÷3 = 3.333333333333333", "⇒ 12345 = 12345"])
        #expect(codeLenses(h) == ["= 3.333333333333333", "= 12345"])
        configure(h, ["display": ["mode": "fix", "digits": 2]])
        #expect(codeLenses(h) == ["= 3.33", "= 12345.00"])
        #expect(hover(h, 0, 5).contains("`10÷3` = 3.33"))
        #expect(!hover(h, 0, 5).contains("3.333"))
        #expect(inlayHints(h) == ["⇒ 10÷3 = 3.33", "⇒ 12345 = 12345.00"])
        #expect(evaluateCommand(h, line: 0) == "10÷3 = 3.33")
        configure(h, ["display": ["mode": "sci", "digits": 3]])
        #expect(codeLenses(h) == ["= 3.333e0", "= 1.235e4"])
        #expect(inlayHints(h) == ["⇒ 10÷3 = 3.333e0", "⇒ 12345 = 1.235e4"])
        configure(h, ["display": ["mode": "eng", "digits": 3]])
        #expect(evaluateCommand(h, line: 1) == "12345 = 12.35e3")
    }

    /// The display never invents digits (issue 18): the hover of a value that carries fewer
    /// digits than the display asks for shows the digits it has and says how to get more.
    @Test func aHoverSaysWhenAValueCarriesFewerDigitsThanTheDisplayShows() {
        let h = harness("2 √\n1 3 ÷\n")
        configure(h, ["display": ["mode": "fix", "digits": 30]])
        #expect(hover(h, 0, 2).contains("= 1.4142135623730951"))
        #expect(hover(h, 0, 2).contains("carries fewer digits than the display shows"))
        #expect(!hover(h, 1, 4).contains("carries fewer digits"))  // exact: all its digits
        configure(h, ["display": ["mode": "fix", "digits": 30], "digits": 40])
        #expect(hover(h, 0, 2).contains("= 1.414213562373095048801688724210"))  // mpmath's √2
        #expect(!hover(h, 0, 2).contains("carries fewer digits"))
    }

    @Test func fractionsGroupingAndBases() {
        let h = harness("1 3 ÷\n1234567.5\n255 0 +\n")
        configure(h, ["display": ["fractions": true, "grouping": true, "base": 16]])
        #expect(inlayHints(h) == ["⇒ 1÷3 = 1/3", "⇒ 1234567.5 = 2,469,135/2", "⇒ 255+0 = 0xFF"])
        #expect(hover(h, 2, 6).contains("= 0xFF"))
    }

    @Test func initializationOptionsSetTheDisplayFromTheStart() {
        let h = harness("10 3 ÷\n", options: ["rpn": ["display": ["mode": "fix", "digits": 2]]])
        #expect(inlayHints(h) == ["⇒ 10÷3 = 3.33"])
    }

    @Test func completionShowsVariablesInTheDisplayMode() {
        let h = harness("10 3 ÷ →rate\nra")
        configure(h, ["display": ["mode": "fix", "digits": 2]])
        let items = h.result("textDocument/completion", h.at(1, 2))["items"]?.arrayValue ?? []
        let rate = items.first { $0["label"] == "rate" }
        #expect(rate?["detail"] == "= 3.33")
    }

    @Test func theExactSettingComputesInDoubles() {
        let h = harness("0.1 0.2 +\n2 100 ^\n")
        #expect(hover(h, 0, 8).contains("= 0.3\n") || hover(h, 0, 8).hasSuffix("= 0.3"))
        #expect(inlayHints(h) == ["⇒ 0.1+0.2 = 0.3", "⇒ 2^100 = 1267650600228229401496703205376"])
        configure(h, ["exact": false])
        #expect(hover(h, 0, 8).contains("= 0.30000000000000004"))
        #expect(inlayHints(h) == ["⇒ 0.1+0.2 = 0.30000000000000004", "⇒ 2^100 = 1.2676506002282294e+30"])
        #expect(codeLenses(h) == ["= 0.30000000000000004", "= 1.2676506002282294e+30"])
        #expect(evaluateCommand(h, line: 0) == "0.1+0.2 = 0.30000000000000004")
        let evaluated = h.result("rpn/evaluate", ["textDocument": ["uri": .string(Self.uri)]])
        #expect(evaluated["exact"] == ["0.30000000000000004", "1.2676506002282294e+30"])
        configure(h, ["exact": true])
        #expect(inlayHints(h) == ["⇒ 0.1+0.2 = 0.3", "⇒ 2^100 = 1267650600228229401496703205376"])
    }

    /// `digits` computes inexact values with N digits, as `--digits N`; with `exact: false`
    /// (doubles throughout, as `--float`) it has no effect. Values by mpmath (√2 to 30 digits,
    /// π to 40).
    @Test func theDigitsSettingComputesWithNDigits() {
        let h = harness("2 √\nπ\n1 3 ÷\n")
        #expect(inlayHints(h) == ["⇒ √(2) = 1.4142135623730951", "⇒ π = 3.141592653589793", "⇒ 1÷3 = 0.3333333333333333"])
        configure(h, ["digits": 30])
        #expect(inlayHints(h) == ["⇒ √(2) = 1.41421356237309504880168872421", "⇒ π = 3.14159265358979323846264338328",
                                  "⇒ 1÷3 = 0.3333333333333333"])
        #expect(hover(h, 0, 2).contains("= 1.41421356237309504880168872421"))
        #expect(codeLenses(h).first == "= 1.41421356237309504880168872421")
        #expect(evaluateCommand(h, line: 0) == "√(2) = 1.41421356237309504880168872421")
        let evaluated = h.result("rpn/evaluate", ["textDocument": ["uri": .string(Self.uri)]])
        #expect(evaluated["exact"]?.arrayValue?.first == "1.41421356237309504880168872421")
        configure(h, ["exact": false])
        #expect(inlayHints(h).first == "⇒ √(2) = 1.4142135623730951")
        configure(h, ["exact": true])
        #expect(inlayHints(h).first == "⇒ √(2) = 1.41421356237309504880168872421")
        configure(h, ["digits": 0])
        #expect(inlayHints(h).first == "⇒ √(2) = 1.4142135623730951")
        let started = harness("π\n", options: ["rpn": ["digits": 40]])
        #expect(inlayHints(started) == ["⇒ π = 3.141592653589793238462643383279502884197"])
    }

    /// A client that can refresh lenses is asked to when the values they show change.
    @Test func aDisplayChangeAsksForLensesAndHintsAgain() {
        let h = harness("10 3 ÷\n", capabilities: ["workspace": ["inlayHint": ["refreshSupport": true],
                                                                 "codeLens": ["refreshSupport": true]]])
        let before = h.sent.count
        configure(h, ["display": ["mode": "fix", "digits": 2]])
        let methods = h.sent[before...].compactMap { $0["id"] != nil ? $0["method"]?.stringValue : nil }
        #expect(Set(methods) == ["workspace/inlayHint/refresh", "workspace/codeLens/refresh"])
    }
}

@Suite struct EvaluateRequestExactTests {
    /// (text, values as JSON numbers, exact strings): by hand; 2^100 as a double is
    /// 1.2676506002282294e30, the nearest double to 1/3 prints 0.3333333333333333.
    @Test(arguments: [
        ("2 100 ^", [1.2676506002282294e30], ["1267650600228229401496703205376"]),
        ("1 3 ÷", [1.0 / 3], ["1/3"]),
        ("0.1 0.2 +", [0.3], ["3/10"]),
        ("2 √", [1.4142135623730951], ["1.4142135623730951"]),
        ("-7 2 ÷ 5", [-3.5, 5], ["-7/2", "5"]),
        ("10 400 ^ 1 +", [nil], ["1" + String(repeating: "0", count: 399) + "1"]),
    ] as [(String, [Double?], [String])])
    func valuesAndExactStrings(_ text: String, _ values: [Double?], _ exact: [String]) {
        let h = ServerHarness()
        let result = h.result("rpn/evaluate", ["text": .string(text)])
        #expect(result["values"] == .array(values.map { $0.map(JSONValue.double) ?? .null }))
        #expect(result["exact"] == .array(exact.map(JSONValue.string)))
    }

    /// Variables as RPN strings are exact; a JSON number with a fraction is the double it is.
    @Test(arguments: [
        (["x": "1 3 ÷"], "x 3 ×", "1"),
        (["x": "0.1"], "x 0.2 +", "3/10"),
        (["x": 0.1], "x 0.2 +", "0.30000000000000004"),
        (["x": "2 100 ^"], "x 1 +", "1267650600228229401496703205377"),
        (["x": 3], "x 2 ÷", "3/2"),
        (["x": "2", "y": "x 3 ^"], "y", "8"),
    ] as [(JSONValue, String, String)])
    func variablesAsText(_ variables: JSONValue, _ text: String, _ exact: String) {
        let h = ServerHarness()
        let result = h.result("rpn/evaluate", ["text": .string(text), "variables": variables])
        #expect(result["exact"] == [.string(exact)])
    }

    /// Variables given as RPN are computed as the document is: in the angle unit and the
    /// arithmetic of the settings (as `--set` follows `--degrees` and `--float`).
    @Test func variablesFollowTheAngleUnitAndExactSettings() {
        let degrees = ServerHarness(initializationOptions: ["angleUnit": "degrees"])
        let sine = degrees.result("rpn/evaluate", ["text": "x", "variables": ["x": "30 sin"]])
        #expect(sine["values"] == [0.5])
        let float = ServerHarness(initializationOptions: ["exact": false])
        let third = float.result("rpn/evaluate", ["text": "x", "variables": ["x": "1 3 ÷"]])
        #expect(third["exact"] == ["0.3333333333333333"])
    }
}

/// Descriptions of lines whose numbers are exact values stored apart from their node (`0.5` is
/// 1/2, `2 100 ^` past an inline integer): inlay hints, document symbols and code actions
/// print them with the analysis's printer, and once crashed the server (an index into no boxes).
@Suite struct BoxedLiteralDescriptionTests {
    @Test(arguments: [
        ("0.5\n", "⇒ 0.5 = 0.5"),
        ("0.1\n", "⇒ 0.1 = 0.1"),
        ("1234567.5\n", "⇒ 1234567.5 = 1234567.5"),
        ("100000000000000000000\n", "⇒ 100000000000000000000 = 100000000000000000000"),
        ("0.25 M +\n4 →M\n", "⇒ 0.25+M = 4.25"),
    ])
    func inlayHintsDescribeBoxedLiterals(_ text: String, _ hint: String) {
        let h = ServerHarness()
        h.open(text)
        let range: JSONValue = ["start": ServerHarness.position(0, 0), "end": ServerHarness.position(100, 0)]
        let hints = h.result("textDocument/inlayHint", ["textDocument": ["uri": "file:///t.rpn"], "range": range])
        #expect(hints.arrayValue?.first?["label"] == .string(hint))
    }

    @Test func symbolsDescribeBoxedLiterals() {
        let h = ServerHarness()
        h.open("0.5 sq →M\n")
        let symbols = h.result("textDocument/documentSymbol", ["textDocument": ["uri": "file:///t.rpn"]])
        #expect(JSONSerializer.string(symbols).contains("0.5"))
    }
}
