import RPNCommandLine
import RPNTestSupport
import Testing

@Suite struct EvalCommandTests {
    func run(_ programs: [String], files: [String] = [], configure: (inout EvalCommand) -> Void = { _ in },
             harness: Harness = Harness()) -> (Int32, Harness) {
        var command = EvalCommand(inputs: programs.enumerated().map { .expression($1, index: $0 + 1) }
                                  + ProgramInput.files(files))
        configure(&command)
        return (command.run(harness.io), harness)
    }

    @Test func printsEachValueOldestFirst() {
        let (status, h) = run(["3 4 + 2 10 ^ 0.5"])
        #expect(status == 0)
        #expect(h.out == "7\n1024\n0.5\n")
        #expect(h.err == "")
    }

    @Test func repeatedProgramsShareOneStack() {
        let (status, h) = run(["3", "4 +", "-1"])
        #expect(status == 0)
        #expect(h.out == "7\n-1\n")
    }

    @Test func filesRunAfterProgramsAndDashIsStandardInput() {
        let harness = Harness(files: ["a.rpn": "2 3\n"], stdin: "×\n")
        let (status, h) = run(["1"], files: ["a.rpn", "-"], harness: harness)
        #expect(status == 0)
        #expect(h.out == "1\n6\n")
    }

    @Test func noArgumentsReadsAPipe() {
        let (status, h) = run([], harness: Harness(stdin: "3 4 +"))
        #expect(status == 0)
        #expect(h.out == "7\n")
    }

    @Test func noArgumentsOnATerminalPrintsAUsageHint() {
        let (status, h) = run([], harness: Harness(terminal: true))
        #expect(status == 64)
        #expect(h.out == "")
        #expect(h.err.hasPrefix("usage: rpn"))
    }

    @Test func aCutDescriptionWarnsWithoutASourcePosition() {
        let doubling = "1" + String(repeating: " dup +", count: 12)
        let (status, h) = run([doubling]) { $0.describe = true; $0.descriptionByteLimit = 100 }
        #expect(status == 0)
        #expect(h.out.hasPrefix("1+1+1+") && h.out.hasSuffix("…\n"))
        #expect(h.err == "rpn: warning: description cut at 100 bytes\n")
        let (_, json) = run([doubling]) { $0.json = true; $0.describe = true; $0.descriptionByteLimit = 100 }
        #expect(json.out.contains(#""code":"description-truncated","message":"description cut at 100 bytes","file":null,"range":null"#),
                "\(json.out)")
    }

    @Test func describeUsesGlyphsOrASCII() {
        #expect(run(["3 5 + √ π cos"]) { $0.describe = true }.1.out == "√(3+5),cos(π)\n")
        #expect(run(["3 5 + √ π cos 2 −"]) { $0.describe = true; $0.ascii = true }.1.out == "sqrt(3+5),cos(pi)-2\n")
    }

    @Test func errorsPointAtTheTokenWithACaret() {
        let (status, h) = run(["1 2 +", "4 0 ÷ 5"])
        #expect(status == 1)
        #expect(h.out == "")
        #expect(h.err == "-e#2:1:5: error: division by zero\n4 0 ÷ 5\n    ^\n")
    }

    @Test func errorsInFilesNameTheFileLineAndCharacterColumn() {
        let harness = Harness(files: ["prog.rpn": "# √ π\n2 √ π × sqr +\n"])
        let (status, h) = run([], files: ["prog.rpn"], harness: harness)
        #expect(status == 1)
        #expect(h.err == "prog.rpn:2:9: error: variable 'sqr' is unset; did you mean 'sqrt'?\n2 √ π × sqr +\n        ^^^\n")
    }

    @Test func caretLinesKeepTabsAligned() {
        let (_, h) = run(["\t1\t0 /"])
        #expect(h.err.hasSuffix("\t1\t0 /\n\t \t  ^\n"))
    }

    @Test func longLinesAreShownAsAWindowAroundTheError() {
        let program = String(repeating: "1 ", count: 5000) + "0 /" + String(repeating: " 1", count: 5000)
        let (_, h) = run([program])
        let lines = h.err.split(separator: "\n")
        #expect(lines[0] == "-e:1:10003: error: division by zero")
        #expect(lines[1].count < 110 && lines[1].hasPrefix("…") && lines[1].hasSuffix("…"))
        let caret = lines[2].firstIndex(of: "^")!
        #expect(lines[1][lines[1].index(lines[1].startIndex, offsetBy: lines[2].distance(from: lines[2].startIndex, to: caret))] == "/")
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() {
        #expect(run(["1 0 /"], harness: Harness(terminal: true, colourAllowed: true)).1.err.contains("\u{1B}["))
        #expect(!run(["1 0 /"], harness: Harness(terminal: true, colourAllowed: false)).1.err.contains("\u{1B}["))
        #expect(!run(["1 0 /"]).1.err.contains("\u{1B}["))
    }

    @Test func setGivesVariablesValues() {
        let (status, h) = run(["7 M + √ x +"]) { $0.assignments = ["M=9", "x=-1.5"] }
        #expect(status == 0)
        #expect(h.out == "2.5\n")
        #expect(run(["x"]) { $0.assignments = ["x=pi 2 /"] }.1.out == "1.5707963267948966\n")
    }

    @Test(arguments: ["M", "=3", "sin=1", "x=", "x=1 2", "x=1 0 /", "3x=1"])
    func badAssignmentsAreUsageErrors(_ assignment: String) {
        let (status, h) = run(["1"]) { $0.assignments = [assignment] }
        #expect(status == 64)
        #expect(h.err.hasPrefix("rpn: error: --set \(assignment):"))
        #expect(h.out == "")
    }

    @Test func storesOverrideSet() {
        #expect(run(["M 5 →M"]) { $0.assignments = ["M=1"] }.1.out == "5\n")
    }

    @Test func degreesOption() {
        #expect(run(["30 sin 180 cos"]) { $0.degrees = true }.1.out == "0.5\n-1\n")
    }

    @Test func jsonCarriesValuesDescriptionVariablesAndDiagnostics() {
        let (status, h) = run(["7 M + √ 9 →M 14 + 1 0 /"]) { $0.json = true }
        #expect(status == 1)
        #expect(h.out == #"{"values":[18,null],"exact":["18",null],"inexact":[false,null],"digits":[null,null],"description":"√(7+M)+14,1÷0","variables":{"M":9},"free":[],"#
                + #""diagnostics":[{"severity":"error","code":"division-by-zero","message":"division by zero","#
                + #""file":"-e","range":{"start":{"line":1,"column":23},"end":{"line":1,"column":23}}}],"words":[]}"# + "\n")
        #expect(h.err == "")
    }

    @Test func unreadableFilesAreClearErrors() {
        let (status, h) = run([], files: ["missing.rpn"])
        #expect(status == 1)
        #expect(h.err == "rpn: error: cannot open 'missing.rpn': No such file or directory\n")
    }
}
