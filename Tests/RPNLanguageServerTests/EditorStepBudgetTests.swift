import RPNJSON
import Testing
@testable import RPNLanguageServer

/// The editor runs a program only so far (10^6 steps, `RPN.checkingSteps`), far less than
/// `rpn FILE` (10^9): a keystroke must not wait for a long loop, and an endless one must not
/// hang the server or fill its memory (trees are kept for every step). Every way the server
/// runs a document keeps to it, and the step-limit diagnostic says whose budget it is.
@Suite struct EditorStepBudgetTests {
    /// 3×10^6 iterations of a few steps each: more than the editor's budget, far less than 10^9.
    static let long = "0 1 3000000 for i i + next\n"
    /// Never ends: `0 until` repeats for ever.
    static let endless = "begin 0 until\n"
    static let advice = "the editor runs each line for 10^6 steps, 10^7 in all; rpn FILE runs up to 10^9"

    static func stepLimit(_ diagnostics: [JSONValue]) -> [JSONValue] {
        diagnostics.filter { $0["code"] == "step-limit" }
    }

    @Test(arguments: [long, endless, ": down ( n -- ) n 0 > if n 1 - down then ;\n10000000 down\n"])
    func theAnalysisStopsAtTheEditorsBudgetWithAWarningThatSaysSo(_ text: String) {
        let h = ServerHarness()
        h.open(text)
        let found = Self.stepLimit(h.diagnostics())
        #expect(found.count == 1, "\(h.diagnostics())")
        #expect(found.first?["severity"] == 2, "a warning: the editor checks the rest without running it")
        let message = found.first?["message"]?.stringValue ?? ""
        #expect(message.contains(Self.advice), "\(message)")
    }

    /// The budget is each top-level line's: a long line does not leave the lines after it
    /// unrun (a document of 10^5 lines of programs takes more than 10^6 steps in all), and
    /// each line that runs out says so where it does.
    @Test func eachLineHasABudgetOfItsOwn() {
        let h = ServerHarness()
        h.open(Self.endless + ": sq ( a -- b ) a a × ;\n" + Self.long + "3 sq\n" + Self.endless)
        let found = Self.stepLimit(h.diagnostics())
        #expect(found.map { $0["range"]?["start"]?["line"] } == [0, 2, 4], "\(found)")
    }

    /// The lines together have a budget too (10^7 steps), so that a document of endless loops
    /// is not run for ever: past it, lines get no fresh budget and what follows is only checked.
    @Test func theLinesTogetherStopAtTenTimesTheBudget() {
        let h = ServerHarness()
        h.open(String(repeating: Self.endless, count: 12))
        let found = Self.stepLimit(h.diagnostics())
        // Each line takes a step more than its budget: the ten lines took more than 10^7.
        #expect(found.map { $0["range"]?["start"]?["line"] } == (0..<10).map { .int($0) }, "\(found)")
    }

    @Test func whatFollowsAnEndlessLoopIsStillChecked() {
        let h = ServerHarness()
        h.open(Self.endless + ": bad 1 if 2 then ;\n")
        let codes: [String] = h.diagnostics().map { $0["code"]?.stringValue ?? "" }
        #expect(codes.contains("unbalanced-branches"), "\(codes)")
    }

    @Test(arguments: ["rpn/evaluate", "rpn/describe"], [long, endless])
    func customRequestsKeepToTheBudget(_ method: String, _ text: String) {
        let h = ServerHarness()
        let result = h.result(method, ["text": .string(text)])
        let found = Self.stepLimit(result["diagnostics"]?.arrayValue ?? [])
        #expect(found.count == 1, "\(result["diagnostics"] ?? nil)")
        #expect(found.first?["message"]?.stringValue?.contains(Self.advice) == true)
    }

    @Test(arguments: ["rpn/evaluate", "rpn/describe"], [long, endless])
    func variablesGivenAsTextKeepToTheBudget(_ method: String, _ text: String) {
        let h = ServerHarness()
        let response = h.request(method, ["text": "x 1 +", "variables": ["x": .string(text)]])
        #expect(response["error"]?["code"] == .int(ResponseError.invalidParams), "\(response)")
        #expect(response["error"]?["message"]?.stringValue?.contains(Self.advice) == true, "\(response)")
    }

    @Test(arguments: [long, endless])
    func theEvaluateCommandKeepsToTheBudget(_ text: String) {
        let h = ServerHarness()
        h.open(text)
        for argument: JSONValue in [
            ["uri": "file:///t.rpn", "position": ServerHarness.position(0, 0)],
            ["uri": "file:///t.rpn", "range": ["start": ServerHarness.position(0, 0), "end": ServerHarness.position(1, 0)]],
        ] {
            let result = h.result("workspace/executeCommand", ["command": "rpn.evaluate", "arguments": [argument]])
            let found = Self.stepLimit(result["diagnostics"]?.arrayValue ?? [])
            #expect(found.count == 1, "\(result["diagnostics"] ?? nil)")
            #expect(found.first?["message"]?.stringValue?.contains(Self.advice) == true)
        }
    }
}
