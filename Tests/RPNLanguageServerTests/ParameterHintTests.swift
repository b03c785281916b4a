import RPNJSON
import Testing
@testable import RPNLanguageServer

/// Parameter-name inlay hints: before each operand of a call of a word that declares its
/// parameters, the name of the one it fills (`a: 3 b: 4 hyp`); off with the setting
/// `inlayHints.parameterNames`.
@Suite struct ParameterHintTests {
    static let hyp = ": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;\n"
    static let g = ": g ( p q -- r ) p q + ;\n"

    static func hints(_ text: String, from: Int = 0, to: Int? = nil, options: JSONValue = nil) -> [JSONValue] {
        let h = ServerHarness(initializationOptions: options)
        h.open(text)
        let end = to ?? text.split(separator: "\n", omittingEmptySubsequences: false).count
        return h.result("textDocument/inlayHint", ["textDocument": ["uri": "file:///t.rpn"],
                                                    "range": ["start": ServerHarness.position(from, 0),
                                                              "end": ServerHarness.position(end, 0)]]).arrayValue ?? []
    }

    static func described(_ hints: [JSONValue]) -> [String] {
        hints.filter { $0["kind"] == 2 }.map {
            "\($0["position"]?["line"]?.intValue ?? -1):\($0["position"]?["character"]?.intValue ?? -1) "
                + ($0["label"]?.stringValue ?? "")
        }
    }

    /// (document, parameter hints as "line:character label"): by hand.
    static let cases: [(String, [String])] = [
        (hyp + "3 4 hyp\n", ["1:0 a:", "1:2 b:"]),
        (hyp + "1 2 + 4 hyp\n", ["1:0 a:", "1:6 b:"]),            // an operand's first token
        (hyp + "3\n4 hyp\n", ["1:0 a:", "2:0 b:"]),                // across lines
        (hyp + "a b hyp\n", []),                                   // named as the parameters already
        (hyp + "x b hyp\n", ["1:0 a:"]),
        (hyp + "3 dup hyp\n", []),                                 // one token fills both
        (hyp + "3 4i + reim hyp\n", []),                          // reim's two results fill both
        (hyp + ": f ( x -- y ) x 4 hyp ;\n", ["1:15 a:", "1:17 b:"]),  // in a body, as it stands
        // A call as an operand of another: the outer call's name first where both start.
        (hyp + g + "1 2 g 3 hyp\n", ["2:0 a:", "2:0 p:", "2:2 q:", "2:6 b:"]),
        (": sq2 dup × ;\n3 sq2\n", []),                            // no parameters declared
        (hyp + "3 4 sqrt hypot\n", []),                            // built-in words: no hints
        // A call of a word whose effect varies (issue 19): what it leaves fills what, only the
        // run knows; reading stops there.
        (hyp + ": grow begin 1 dup until ;\n3 grow 4 hyp\n", ["2:7 b:"]),
    ]

    @Test(arguments: cases)
    func namesBeforeTheOperands(_ text: String, _ expected: [String]) {
        let hints = Self.hints(text)
        #expect(Self.described(hints) == expected, "\(text)")
        for hint in hints where hint["kind"] == 2 {
            #expect(hint["paddingRight"] == true && hint["paddingLeft"] == nil, "set apart from the operand after it")
        }
        // One list in position order, with the results at the ends of lines.
        let positions = hints.map { [$0["position"]?["line"]?.intValue ?? -1, $0["position"]?["character"]?.intValue ?? -1] }
        #expect(positions == positions.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) })
    }

    /// A sum of 500 lines (1,000 tokens): `1` then ` 1 +` on each line.
    static let longSum = "1" + String(repeating: " 1 +\n", count: 500)

    /// (document, first and last line asked, hints): operands however far before their call
    /// (a thousand tokens and hundreds of lines), and a call far after the lines asked.
    static let farCases: [(String, Int, Int, [String])] = [
        (hyp + "3\n" + longSum + "hyp\n", 0, 503, ["1:0 a:", "2:0 b:"]),
        (hyp + "3\n" + longSum + "hyp\n", 1, 3, ["1:0 a:", "2:0 b:"]),     // the call 500 lines after them
        (hyp + "3\n" + longSum + "hyp\n", 400, 503, []),
        (hyp + longSum + "4 hyp\n", 0, 503, ["1:0 a:", "501:0 b:"]),
        (hyp + "3 # three\n" + String(repeating: "# a comment\n", count: 1000) + "4 hyp\n", 0, 1003, ["1:0 a:", "1002:0 b:"]),
    ]

    @Test(arguments: farCases)
    func operandsFarBeforeTheirCall(_ text: String, _ from: Int, _ to: Int, _ expected: [String]) {
        #expect(Self.described(Self.hints(text, from: from, to: to)) == expected)
    }

    /// A call after the lines asked is looked for within `callReach` tokens after them, as
    /// signature help looks for one: a request among plain expressions (values no call
    /// takes) does not read on to the end of a long document.
    @Test func aCallAfterTheRangeIsLookedForWithinAReach() {
        let reach = DocumentAnalysis.callReach
        let within = String(repeating: "1 drop ", count: (reach - 8) / 2) + "\n"  // two tokens each
        let beyond = String(repeating: "1 drop ", count: reach / 2 + 8) + "\n"
        #expect(Self.described(Self.hints(Self.hyp + "3 4\n" + within + "hyp\n", from: 0, to: 2)) == ["1:0 a:", "1:2 b:"])
        #expect(Self.described(Self.hints(Self.hyp + "3 4\n" + beyond + "hyp\n", from: 0, to: 2)) == [])
    }

    /// The hints of the range's lines only: an operand on a line before the range gets none.
    @Test func onlyTheRangesLines() {
        #expect(Self.described(Self.hints(Self.hyp + "3\n4 hyp\n", from: 2, to: 3)) == ["2:0 b:"])
        #expect(Self.described(Self.hints(Self.hyp + "3\n4 hyp\n", from: 1, to: 2)) == ["1:0 a:"])
    }

    @Test func theSettingTurnsThemOff() {
        let text = Self.hyp + "3 4 hyp\n"
        let off = Self.hints(text, options: ["inlayHints": ["parameterNames": false]])
        #expect(Self.described(off) == [])
        #expect(off.map { $0["label"]?.stringValue ?? "" } == ["⇒ hyp(3,4) = 5"], "the other hints stay")
        #expect(Self.described(Self.hints(text, options: ["inlayHints": ["enabled": true, "parameterNames": true]])).count == 2)
        #expect(Self.hints(text, options: ["inlayHints": false]) == [], "no hints at all")
        // Changed later: a client that can refresh its hints is asked to.
        let h = ServerHarness(capabilities: ["workspace": ["inlayHint": ["refreshSupport": true]]])
        h.open(text)
        let before = h.sent.count
        h.notify("workspace/didChangeConfiguration", ["settings": ["rpn": ["inlayHints": ["parameterNames": false]]]])
        #expect(h.sent[before...].contains { $0["method"] == "workspace/inlayHint/refresh" })
        #expect(!h.server.configuration.parameterNameHints)
    }
}
