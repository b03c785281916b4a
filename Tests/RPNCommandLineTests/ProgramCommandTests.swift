import RPNCommandLine
import RPNCore
import RPNJSON
import RPNTestSupport
import Testing

/// The commands and programs (issue 10): step limits, traces, expanded descriptions, words in
/// JSON. Expected texts are worked out by hand from the programs.
@Suite struct ProgramCommandTests {
    func run(_ programs: [String], files: [String] = [], harness: Harness = Harness(),
             configure: (inout EvalCommand) -> Void = { _ in }) -> (Int32, Harness) {
        var command = EvalCommand(inputs: programs.enumerated().map { .expression($1, index: $0 + 1) }
                                  + ProgramInput.files(files))
        configure(&command)
        return (command.run(harness.io), harness)
    }

    // MARK: - Step limits

    @Test(arguments: [("1", 1), ("1000", 1000), ("1000000000", 1_000_000_000), ("007", 7),
                      ("9223372036854775807", Int.max)])
    func maxStepsTakesPositiveWholeNumbers(text: String, steps: Int) {
        #expect(StepLimit.parse(text) == .success(steps))
    }

    @Test(arguments: ["0", "-5", "", "abc", "1e9", "1.5", " 5", "+5", "5 ", "1_000", "9223372036854775808", "٣"])
    func maxStepsRefusesAnythingElse(text: String) throws {
        guard case .failure(let error) = StepLimit.parse(text) else { Issue.record("accepted \(text)"); return }
        #expect(error.message.hasPrefix("--max-steps takes a positive whole number of steps"))
    }

    @Test func defaultLimitsDependOnWhetherTreesAreKept() {
        func options(_ configure: (inout EvalCommand) -> Void) -> EvaluationOptions {
            var command = EvalCommand(inputs: [])
            configure(&command)
            return command.evaluationOptions
        }
        #expect(options { _ in }.maxSteps == 1_000_000_000)
        #expect(options { _ in }.stepLimitAdvice == "raise it with --max-steps N")
        for (configure, name) in [({ $0.describe = true }, "rpn -d"), ({ $0.json = true }, "rpn --json"),
                                  ({ $0.trace = true }, "rpn --trace")] as [((inout EvalCommand) -> Void, String)] {
            let limited = options(configure)
            #expect(limited.maxSteps == 10_000_000)
            #expect(limited.stepLimitAdvice.hasPrefix("\(name) runs 10^7 steps at most"))
            #expect(limited.stepLimitAdvice.hasSuffix("raise it with --max-steps N"))
        }
        #expect(options { $0.describe = true; $0.maxSteps = 5 }.maxSteps == 5)
        #expect(options { $0.maxSteps = 5 }.maxSteps == 5)
        #expect(options { $0.trace = true }.expandWords)
        #expect(!options { $0.describe = true }.expandWords)
        #expect(options { $0.expand = true }.expandWords)
    }

    @Test func aRunStopsAtTheLimitWhereItIs() {
        // Steps: 0 (column 7) and until (column 9) in turn; the 10th step is not run.
        let (status, h) = run(["begin 0 until"]) { $0.describe = true; $0.maxSteps = 9 }
        #expect(status == 1)
        #expect(h.err == """
            -e:1:9: error: stopped after 9 steps, the step limit (raise it with --max-steps N)
            begin 0 until
                    ^^^^^

            """)
    }

    @Test func checkRunsAProgramAsFarAsItIsTold() {
        let harness = Harness(files: ["loop.rpn": "begin 0 until\n"])
        var command = CheckCommand(inputs: [.file("loop.rpn")])
        command.maxSteps = 3
        #expect(command.run(harness.io) == 0)
        #expect(harness.err.hasPrefix("loop.rpn:1:9: warning: stopped after 3 steps, the step limit "
                                      + "(checking runs a program for 3 steps at most;"))
    }

    // MARK: - Traces

    @Test func traceStepsIntoWordsAndOutOfThem() {
        let (status, h) = run([": inc 1 + ; : inc2 inc inc ; 5 inc2"]) { $0.trace = true }
        #expect(status == 0)
        #expect(h.err == "")
        #expect(h.out == """
            1:1     : inc ( x -- x )
            1:13    : inc2 ( x -- x )
            1:30    5               1: 5
            1:32    call inc2       1: 5
            1:20    inc2: call inc  1: 5
            1:7     inc: 1          2: 5  1: 1
            1:9     inc: +          1: 5+1 = 6
            1:24    inc2: call inc  1: 5+1 = 6
            1:7     inc: 1          2: 5+1 = 6  1: 1
            1:9     inc: +          1: 5+1+1 = 7
            7

            """)
    }

    @Test func traceOfAFileGivesItsLines() {
        let harness = Harness(files: ["t.rpn": ": twice ( x -- y )\n  2 ×\n;\n5 twice\n"])
        let (status, h) = run([], files: ["t.rpn"], harness: harness) { $0.trace = true }
        #expect(status == 0)
        #expect(h.out == """
            1:1     : twice ( x -- y )
            4:1     5               1: 5
            4:3     call twice      1: 5
            2:3     twice: 2        2: 5  1: 2
            2:5     twice: ×        1: 5×2 = 10
            10

            """)
    }

    @Test func traceShowsVariablesAndTheirValuesAsTheyAreAtEachStep() {
        // The entry M reads 1, then 2 after the store: each line evaluates as things are then.
        let (status, h) = run(["1 →M M 2 →M M +"]) { $0.trace = true }
        #expect(status == 0)
        #expect(h.out == """
            1:1     1               1: 1
            1:3     →M              (empty)
            1:6     M               1: M = 1
            1:8     2               2: M = 1  1: 2
            1:10    →M              1: M = 2
            1:13    M               2: M = 2  1: M = 2
            1:15    +               1: M+M = 4
            4

            """)
    }

    @Test func traceAndJSONDoNotGoTogether() {
        let (status, h) = run(["1"]) { $0.trace = true; $0.json = true }
        #expect(status == 64)
        #expect(h.out == "")
        #expect(h.err.contains("--trace"))
    }

    // MARK: - Descriptions and JSON

    @Test(arguments: [(false, "hyp(3,4)\n"), (true, "√(3^2+4^2)\n")])
    func expandInlinesWords(expand: Bool, description: String) {
        let (status, h) = run([": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ; 3 4 hyp"]) {
            $0.describe = true
            $0.expand = expand
        }
        #expect(status == 0)
        #expect(h.out == description)
    }

    @Test func jsonListsWordsAndNoWordIsAFreeVariable() throws {
        let (status, h) = run([": twice ( x -- y ) 2 × ; M twice"]) { $0.json = true; $0.describe = true }
        #expect(status == 0)
        let result = try JSONParser.parse(Array(h.out.utf8))
        #expect(result["free"] == ["M"])
        #expect(result["words"] == [["name": "twice", "effect": "( x -- y )", "description": "twice(x) = x×2"]])
    }

    @Test func checkJSONListsWords() throws {
        let harness = Harness(files: ["w.rpn": ": two 1 2 ;\n"])
        var command = CheckCommand(inputs: [.file("w.rpn")])
        command.json = true
        #expect(command.run(harness.io) == 0)
        let reports = try JSONParser.parse(Array(harness.out.utf8))
        #expect(reports == [["file": "w.rpn", "diagnostics": [],
                             "words": [["name": "two", "effect": "( -- x y )", "description": "two ( -- x y ): 1,2"]]]])
    }
}
