import RPNJSON
import Testing
@testable import RPNLanguageServer

/// Signature help: the stack effect of the word at the cursor, or of the call the operand
/// there fills, with that input active; words of one's own and built-in words alike.
@Suite struct SignatureHelpTests {
    static let hyp = ": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;\n"

    static func help(_ marked: String, capabilities: JSONValue = [:]) -> JSONValue {
        let (before, after) = splitAtCursor(marked)
        let h = ServerHarness(capabilities: capabilities)
        h.open(before + after)
        return h.result("textDocument/signatureHelp", ["textDocument": ["uri": "file:///t.rpn"],
                                                        "position": ClientText.position(after: before, encoding: "utf-16")])
    }

    /// (document with the cursor, the signature's label, the active input; nil: no help).
    static let cases: [(String, String?, Int)] = [
        (hyp + "3 4 hyp|", "hyp ( a b -- c )", 1),            // the word just typed: its last input
        (hyp + "3 4 hy|p", "hyp ( a b -- c )", 1),
        (hyp + "3 4 hyp |", "hyp ( a b -- c )", 1),           // after the space that asks
        (hyp + "3 4| hyp", "hyp ( a b -- c )", 1),            // the operand before the cursor fills b
        (hyp + "3| 4 hyp", "hyp ( a b -- c )", 0),
        (hyp + "|3 4 hyp", "hyp ( a b -- c )", 0),
        (hyp + "1 2 + |4 hyp", "hyp ( a b -- c )", 1),
        (hyp + "1 2| + 4 hyp", "+ ( a b -- a+b )", 1),        // the innermost call filled
        (hyp + "1| 2 + 4 hyp", "+ ( a b -- a+b )", 0),
        (hyp + "1 2 +| 4 hyp", "+ ( a b -- a+b )", 1),
        (hyp + "3 # three|\n4 hyp", nil, 0),                  // at the end of a comment: still in it
        (hyp + "3 # th|ree\n4 hyp", nil, 0),                  // in a comment
        (hyp + "3 # three\n|4 hyp", "hyp ( a b -- c )", 1),
        (hyp + ": f ( x -- y ) x| 4 hyp ;", "hyp ( a b -- c )", 0),   // inside a body, as it stands
        (hyp + "0 1 3 for i i| 4 hyp + next", "hyp ( a b -- c )", 0), // a loop counter
        (hyp + "1 if 2 else 3 then| 4 hyp", nil, 0),          // what an if leaves fills no one input
        (": sq2 dup × ;\n3 sq2|", "sq2 ( x -- x )", 0),       // an inferred effect
        ("2 sqrt|", "sqrt ( a -- √a )", 0),
        ("2| √", "√ ( a -- √a )", 0),
        ("8 3| root", "root ( y n -- root(y,n) )", 1),
        ("3 4i + reim|", "reim ( z -- re im )", 0),           // one input, two results (issue 18)
        (hyp + "3 4i + reim| hyp", "reim ( z -- re im )", 0),
        (hyp + "3 4i + reim hyp|", "hyp ( a b -- c )", 1),
        ("3 4 hyp|", nil, 0),                                 // no such word: a variable
        ("3 4|", nil, 0),
        ("π|", nil, 0),                                       // a constant takes nothing
    ]

    @Test(arguments: cases)
    func theCallAndItsInput(_ marked: String, _ label: String?, _ active: Int) {
        let help = Self.help(marked)
        #expect(help["signatures"]?[0]?["label"]?.stringValue == label, "\(marked)")
        if label != nil {
            #expect(help["activeParameter"] == .int(active), "\(marked)")
            #expect(help["activeSignature"] == 0)
        } else {
            #expect(help == .null)
        }
    }

    static let longSum = "1" + String(repeating: " 1 +\n", count: 500)
    static let comments = String(repeating: "# a comment\n", count: 1000)

    /// (document with the cursor, the signature's label, the active input): operands a thousand
    /// tokens and hundreds of lines before their call.
    static let farCases: [(String, String, Int)] = [
        (hyp + "3|\n" + longSum + "hyp", "hyp ( a b -- c )", 0),
        (hyp + "|3\n" + longSum + "hyp", "hyp ( a b -- c )", 0),
        (hyp + "3\n|" + longSum + "hyp", "+ ( a b -- a+b )", 0),            // the innermost call filled
        (hyp + "3 4| # four\n" + comments + "hyp", "hyp ( a b -- c )", 1),
        (hyp + "3| 4 # four\n" + comments + "hyp", "hyp ( a b -- c )", 0),
        (hyp + "3 4 # fo|ur\n" + comments + "hyp", "", 0),                  // in a comment: none
    ]

    @Test(arguments: farCases)
    func operandsFarBeforeTheirCall(_ marked: String, _ label: String, _ active: Int) {
        let help = Self.help(marked)
        if label.isEmpty {
            #expect(help == .null)
        } else {
            #expect(help["signatures"]?[0]?["label"]?.stringValue == label)
            #expect(help["activeParameter"] == .int(active))
        }
    }

    /// The call a value goes to is looked for within `callReach` tokens after the cursor: a
    /// keystroke among plain expressions (values no call takes) does not read on to the end
    /// of a long document. Within the reach, however far, the call is found.
    @Test func theCallIsLookedForWithinAReach() {
        let reach = DocumentAnalysis.callReach
        let within = String(repeating: "1 drop ", count: (reach - 8) / 2)   // two tokens each
        let beyond = String(repeating: "1 drop ", count: reach / 2 + 8)
        let found = Self.help(Self.hyp + "3 4|\n" + within + "hyp")
        #expect(found["signatures"]?[0]?["label"]?.stringValue == "hyp ( a b -- c )")
        #expect(found["activeParameter"] == .int(1))
        #expect(Self.help(Self.hyp + "3 4|\n" + beyond + "hyp") == .null)
    }

    static let offsets: JSONValue = ["textDocument": ["signatureHelp": ["signatureInformation": [
        "parameterInformation": ["labelOffsetSupport": true], "documentationFormat": ["markdown"]]]]]

    /// Inputs by their offsets in the label where the client takes them (UTF-16: `√` is one
    /// unit), else by their text; the word's description or summary as documentation.
    @Test func parametersAndDocumentation() {
        let help = Self.help(Self.hyp + "3 4 hyp|", capabilities: Self.offsets)
        #expect(help["signatures"]?[0]?["parameters"] == [["label": [6, 7]], ["label": [8, 9]]])
        #expect(help["signatures"]?[0]?["documentation"] == ["kind": "markdown", "value": "`hyp(a,b) = √(a^2+b^2)`"])
        let max = Self.help("2 3 max|", capabilities: Self.offsets)
        #expect(max["signatures"]?[0]?["parameters"] == [["label": [6, 7]], ["label": [8, 9]]], "not the a of max")
        let root = Self.help("2| √", capabilities: Self.offsets)
        #expect(root["signatures"]?[0]?["parameters"] == [["label": [4, 5]]])
        let plain = Self.help("2 3 max|")
        #expect(plain["signatures"]?[0]?["parameters"] == [["label": "a"], ["label": "b"]])
        #expect(plain["signatures"]?[0]?["documentation"] == ["kind": "plaintext", "value": "The larger of two values."])
    }
}
