import RPNCommandLine
import RPNTestSupport
import Testing

/// `include` from the command line (issue 17): `rpn FILE` and `rpn check` name included files
/// relative to the including file, `-e` and standard input relative to the working directory;
/// a diagnostic in an included file is shown at its own line and column, followed by the
/// includes that led there.
@Suite struct IncludeCommandTests {
    static let files = [
        "lib/math.rpn": ": square ( x -- y ) x x × ;\ninclude \"consts.rpn\"\n",
        "lib/consts.rpn": "5 →five\n",
        "main.rpn": "include \"lib/math.rpn\"\n3 square five +\n",
        "bad.rpn": "1\n  1 0 ÷\n",
        "usesbad.rpn": "# a library with a mistake\ninclude \"lib/usesbad2.rpn\"\n",
        "lib/usesbad2.rpn": "include \"../bad.rpn\"\n",
        "cycle.rpn": "include \"lib/back.rpn\"\n",
        "lib/back.rpn": "\ninclude \"../cycle.rpn\"\n",
    ]

    /// (the arguments' programs and files, standard output, standard error): by hand.
    static let runs: [([ProgramInput], String, String)] = [
        ([.file("main.rpn")], "14\n", ""),
        ([.expression("include \"lib/math.rpn\" 4 square", index: 1)], "16\n", ""),
        ([.standardInput], "14\n", ""),
        // lib.rpn before main.rpn has run: main's include of it runs nothing.
        ([.file("lib/consts.rpn"), .expression("include \"lib/consts.rpn\" five", index: 1)], "5\n", ""),
        ([.file("usesbad.rpn")], "", """
            bad.rpn:2:7: error: division by zero
              1 0 ÷
                  ^
            lib/usesbad2.rpn:1:1: note: bad.rpn is included here
            usesbad.rpn:2:1: note: lib/usesbad2.rpn is included here

            """),
        ([.file("cycle.rpn")], "", """
            lib/back.rpn:2:1: error: include cycle: cycle.rpn → lib/back.rpn → cycle.rpn
            include "../cycle.rpn"
            ^^^^^^^^^^^^^^^^^^^^^^
            cycle.rpn:1:1: note: lib/back.rpn is included here

            """),
        ([.expression("1 include \"nope.rpn\"", index: 1)], "", """
            -e:1:3: error: cannot include nope.rpn: No such file or directory (-e → nope.rpn)
            1 include "nope.rpn"
              ^^^^^^^^^^^^^^^^^^

            """),
        ([.expression("include \"lib\"", index: 1)], "", """
            -e:1:1: error: cannot include lib: it is a directory, not a regular file (-e → lib)
            include "lib"
            ^^^^^^^^^^^^^

            """),
    ]

    @Test(arguments: runs)
    func run(_ inputs: [ProgramInput], _ out: String, _ err: String) {
        let harness = Harness(files: Self.files, stdin: "include \"lib/math.rpn\" 3 square five +")
        let status = EvalCommand(inputs: inputs).run(harness.io)
        #expect(harness.out == out)
        #expect(harness.err == err)
        #expect(status == (err.isEmpty ? 0 : 1))
    }

    @Test func checkShowsTheIncludedFilesDiagnosticsWithTheirChain() {
        let harness = Harness(files: Self.files)
        #expect(CheckCommand(inputs: [.file("main.rpn"), .file("usesbad.rpn")]).run(harness.io) == 1)
        #expect(harness.err == """
            bad.rpn:2:7: error: division by zero
              1 0 ÷
                  ^
            lib/usesbad2.rpn:1:1: note: bad.rpn is included here
            usesbad.rpn:2:1: note: lib/usesbad2.rpn is included here

            """)
    }

    @Test func checkJSONSaysWhereAnIncludedFilesDiagnosticWasIncludedFrom() {
        let harness = Harness(files: ["main.rpn": "include \"bad.rpn\"", "bad.rpn": "+"])
        var command = CheckCommand(inputs: [.file("main.rpn")])
        command.json = true
        #expect(command.run(harness.io) == 1)
        #expect(harness.out == #"[{"file":"main.rpn","diagnostics":[{"severity":"error","code":"missing-operand","#
                + #""message":"+ needs 2 operands, found 0","file":"bad.rpn","range":{"start":{"line":1,"column":1},"#
                + #""end":{"line":1,"column":1}},"includedFrom":[{"file":"main.rpn","range":{"start":{"line":1,"column":1},"#
                + #""end":{"line":1,"column":17}}}]}],"words":[]}]"# + "\n")
    }

    /// `rpn check --json` lists the words in force after the file: its includes' too.
    @Test func checkJSONListsTheIncludedWords() {
        let harness = Harness(files: Self.files)
        var command = CheckCommand(inputs: [.file("main.rpn")])
        command.json = true
        #expect(command.run(harness.io) == 0)
        #expect(harness.out.contains(#""words":[{"name":"square","effect":"( x -- y )""#))
    }

    /// `--trace` names the file of each line once there are several.
    @Test func traceNamesTheIncludedFile() {
        let harness = Harness(files: ["main.rpn": "include \"lib.rpn\" 2 +", "lib.rpn": "1"])
        var command = EvalCommand(inputs: [.file("main.rpn")])
        command.trace = true
        #expect(command.run(harness.io) == 0)
        #expect(harness.out.contains("lib.rpn:1:1"))
        #expect(harness.out.contains("main.rpn:1:21"))
    }
}
