import RPNCommandLine
import RPNCore
import RPNJSON
import RPNTestSupport
import Testing

@Suite struct VariableAssignmentsTests {
    /// (--set options, degrees, the variables they give): values worked out by hand.
    @Test(arguments: [
        (["x=2"], false, ["x": 2.0]),
        (["x=30 sin"], true, ["x": 0.5]),                 // sin 30° = 1/2
        (["a=2", "b=a 3 ×"], false, ["a": 2, "b": 6]),
        (["a=2", "a=a a ×"], false, ["a": 4]),            // the later one wins, seeing the earlier
        (["h=90", "s=h sin"], true, ["h": 90, "s": 1]),
        (["x=-1.5"], false, ["x": -1.5]),
    ])
    func valuesSeeDegreesAndEarlierAssignments(_ assignments: [String], _ degrees: Bool, _ expected: [String: Double]) throws {
        let parsed = try VariableAssignments.parse(assignments, angleUnit: degrees ? .degrees : .radians).get()
        var result: [String: Double] = [:]
        for (name, value) in parsed { result[name] = value.doubleValue }
        #expect(result == expected)
    }

    @Test(arguments: [
        (["b=a 3 ×", "a=2"], "--set b=a 3 ×: variable 'a' is unset"),
        (["M"], "--set M: expected NAME=VALUE"),
        (["=3"], "--set =3: '' is not a variable name"),
        (["x=1 2"], "--set x=1 2: expected exactly one number"),
        (["x=\u{1B}[2J"], "--set x=\\u{1B}[2J: unknown token '\\u{1B}[2J'"),
    ])
    func errorsSayWhichOption(_ assignments: [String], _ message: String) {
        #expect(throws: InputError(message)) { try VariableAssignments.parse(assignments, angleUnit: .radians).get() }
    }
}

@Suite struct ProgramArgumentsTests {
    @Test(arguments: [
        (["fav", "add", "-5 abs"], ["fav", "add", "--", "-5 abs"]),
        (["fav", "add", "-5 abs", "--json"], ["fav", "add", "--json", "--", "-5 abs"]),
        (["fav", "add", "--json", "-.5"], ["fav", "add", "--json", "--", "-.5"]),
        (["fav", "rm", "-1"], ["fav", "rm", "--", "-1"]),
        (["fav", "show", "-2", "--json"], ["fav", "show", "--json", "--", "-2"]),
        (["fav", "add", "--", "-5 abs"], ["fav", "add", "--", "-5 abs"]),
        (["fav", "add", "1 2 +"], ["fav", "add", "1 2 +"]),
        (["fav", "add", "-h"], ["fav", "add", "-h"]),
        (["fav", "add", "-x"], ["fav", "add", "-x"]),
        (["fav", "add", "-"], ["fav", "add", "-"]),
        (["plot", "-e", "M", "--from", "-5"], ["plot", "-e", "M", "--from", "-5"]),
        (["check", "a.rpn", "-5.rpn"], ["check", "a.rpn", "-5.rpn"]),
        (["fav", "list"], ["fav", "list"]),
    ])
    func negativeNumbersAreMovedBehindADoubleDash(_ arguments: [String], _ expected: [String]) {
        #expect(ProgramArguments.protectingLeadingMinus(arguments) == expected)
    }
}

@Suite struct DescribeAndJSONTests {
    func run(_ programs: [String], configure: (inout EvalCommand) -> Void) -> (Int32, Harness) {
        var command = EvalCommand(inputs: programs.enumerated().map { .expression($1, index: $0 + 1) })
        configure(&command)
        let harness = Harness()
        return (command.run(harness.io), harness)
    }

    @Test func describeTreatsVariablesNeverGivenAValueAsFree() {
        let (status, h) = run(["1 M ÷ sin"]) { $0.describe = true }
        #expect(status == 0)
        #expect(h.out == "sin(1÷M)\n")
        #expect(h.err == "")
    }

    @Test func describeStillFailsOnRealErrors() {
        let (status, h) = run(["M 0 ÷ 1 0 ÷"]) { $0.describe = true }
        #expect(status == 1)
        #expect(h.err.hasPrefix("-e:1:11: error: division by zero\n"))
    }

    @Test func describeJSONListsTheFreeVariables() throws {
        let (status, h) = run(["x M + b 2 →b y"]) { $0.describe = true; $0.json = true; $0.assignments = ["x=1"] }
        #expect(status == 0)
        let result = try JSONParser.parse(Array(h.out.utf8))
        #expect(result["free"] == ["M", "y"])
        #expect(result["variables"] == ["b": 2, "x": 1])
        #expect(result["values"] == [.null, 2, .null])  // b is 2 by the end
    }

    /// Free are the variables the final stack still depends on: a dropped read is not one.
    @Test func describeJSONFreeVariablesAreThoseTheResultReads() throws {
        let (status, h) = run(["z drop M 1 +"]) { $0.describe = true; $0.json = true }
        #expect(status == 0)
        let result = try JSONParser.parse(Array(h.out.utf8))
        #expect(result["free"] == ["M"])
    }

    @Test func jsonWithoutDescribeHasNoFreeVariables() throws {
        let (status, h) = run(["M"]) { $0.json = true }
        #expect(status == 1)
        let result = try JSONParser.parse(Array(h.out.utf8))
        #expect(result["free"] == [])
        #expect(result["diagnostics"]?[0]?["code"] == "unset-variable")
    }

    @Test func checkJSONReportsUnreadableFiles() throws {
        let harness = Harness(files: ["ok.rpn": "1 2 +"])
        var command = CheckCommand(inputs: ProgramInput.files(["missing.rpn", "ok.rpn"]))
        command.json = true
        #expect(command.run(harness.io) == 1)
        let reports = try JSONParser.parse(Array(harness.out.utf8))
        #expect(reports == [
            ["file": "missing.rpn", "error": "cannot open 'missing.rpn': No such file or directory", "diagnostics": [],
             "words": []],
            ["file": "ok.rpn", "diagnostics": [], "words": []],
        ])
        #expect(harness.err == "rpn: error: cannot open 'missing.rpn': No such file or directory\n")
    }

    @Test(arguments: [(nil, true), ("", true), ("1", false), ("0", false), ("no", false)] as [(String?, Bool)])
    func noColorDisablesColourOnlyWhenSetAndNotEmpty(_ value: String?, _ allowed: Bool) {
        #expect(CommandLineIO.colourAllowed(noColor: value) == allowed)
    }
}

@Suite struct CaretTests {
    func errors(_ program: String, set: [String] = []) -> String {
        var command = EvalCommand(inputs: [.expression(program, index: 1)])
        command.assignments = set
        let harness = Harness()
        _ = command.run(harness.io)
        return harness.err
    }

    /// (program, the message line, the source line shown, the caret line): columns counted by
    /// hand, 2 for 日, 本, ｘ and 😀, 0 for a combining mark.
    @Test(arguments: [
        ("日本 0 ÷", "-e:1:6: error: division by zero", "日本 0 ÷", "       ^"),
        ("😀 1 0 ÷", "-e:1:7: error: division by zero", "😀 1 0 ÷", "       ^"),
        ("ｘ 1 0 ÷", "-e:1:7: error: division by zero", "ｘ 1 0 ÷", "       ^"),
        ("e\u{301} 1 0 ÷", "-e:1:8: error: division by zero", "e\u{301} 1 0 ÷", "      ^"),
        // 日本 has a value (--set below): one letter away, it is what x日本 probably meant.
        ("1 2 x日本", "-e:1:5: error: variable 'x日本' is unset; did you mean '日本'?", "1 2 x日本", "    ^^^^^"),
        ("1 e\u{301}", "-e:1:3: error: unknown token 'e\u{301}'", "1 e\u{301}", "  ^"),
        ("1 \u{1B}[2J", "-e:1:3: error: unknown token '\\u{1B}[2J'", "1 \\u{1B}[2J", "  ^^^^^^^^^"),
        // At the start, a byte order mark is skipped (issue 20); elsewhere it is named.
        ("1 \u{FEFF}0 ÷", "-e:1:3: error: unknown token '<U+FEFF>0'", "1 <U+FEFF>0 ÷", "  ^^^^^^^^^"),
        ("1 \u{301}", "-e:1:3: error: unknown token '<U+0301>'", "1 <U+0301>", "  ^^^^^^^^"),
        ("\t日本\t0 ÷", "-e:1:7: error: division by zero", "\t日本\t0 ÷", "\t    \t  ^"),
    ])
    func caretsStandUnderTheTokenInTerminalColumns(_ program: String, _ message: String, _ shown: String, _ carets: String) {
        let lines = errors(program, set: ["日本=1", "ｘ=1"]).split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.firstIndex(where: { $0 == message }) else {
            Issue.record("no \(message) in \(lines)")
            return
        }
        #expect(lines[index + 1] == shown[...])
        #expect(lines[index + 2] == carets[...])
    }

    /// The shell prints carets under the line as typed (unescaped): (line, caret line).
    @Test(arguments: [
        ("日本 0 ÷", "       ^"),
        ("3\u{A0}4", "^^^"),            // a no-break space takes its one column, not <U+00A0>'s eight
        ("1 \u{200B}x", "  ^"),          // a zero-width space none
        ("1 e\u{301}", "  ^"),
    ])
    func caretsForTheShellFollowTheLineAsTyped(_ line: String, _ carets: String) {
        var sources = SourceSet()
        _ = sources.add(name: "line 1", bytes: Array(line.utf8))
        var machine = Machine()
        machine.setVariable("日本", to: 1)
        machine.run(sources.files[0])
        _ = machine.values()
        guard let diagnostic = machine.diagnostics.first else {
            Issue.record("no diagnostic for \(line)")
            return
        }
        #expect(DiagnosticRenderer(sources: sources, colour: false).carets(for: diagnostic) == carets)
    }

    @Test func theFileNameIsEscaped() {
        let harness = Harness(files: ["a\u{1B}]0;x\u{7}.rpn": "1 0 /"])
        _ = EvalCommand(inputs: [.file("a\u{1B}]0;x\u{7}.rpn")]).run(harness.io)
        #expect(harness.err == "a\\u{1B}]0;x\\u{7}.rpn:1:5: error: division by zero\n1 0 /\n    ^\n")
    }
}

@Suite struct TokensTextTests {
    @Test func textOutputEscapesControlsJSONKeepsThem() throws {
        let harness = Harness(files: ["t.rpn": "1 \u{1B}[31m # \u{7}"])
        var command = TokensCommand(input: .file("t.rpn"))
        #expect(command.run(harness.io) == 0)
        #expect(harness.out == "1:1-1:1 number 1\n1:3-1:7 invalid \\u{1B}[31m\n1:9-1:11 comment # \\u{7}\n")
        command.json = true
        let json = Harness(files: ["t.rpn": "1 \u{1B}[31m # \u{7}"])
        #expect(command.run(json.io) == 0)
        let tokens = try JSONParser.parse(Array(json.out.utf8))
        #expect(tokens.arrayValue?.map { $0["text"] } == ["1", "\u{1B}[31m", "# \u{7}"])
    }
}
