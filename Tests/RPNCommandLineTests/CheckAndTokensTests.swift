import RPNCommandLine
import RPNTestSupport
import Testing

@Suite struct CheckAndTokensTests {
    @Test func checkReportsEachFileAndTreatsUnstoredVariablesAsFree() {
        let harness = Harness(files: ["good.rpn": "M 2 × sin\n", "bad.rpn": "1 0 /\nsqr 2 +\n"])
        var command = CheckCommand(inputs: ProgramInput.files(["good.rpn", "bad.rpn"]))
        let status = command.run(harness.io)
        #expect(status == 1)
        #expect(harness.out == "")
        #expect(harness.err == """
            bad.rpn:1:5: error: division by zero
            1 0 /
                ^
            bad.rpn:2:1: warning: 'sqr' is a free variable; did you mean 'sqrt'?
            sqr 2 +
            ^^^

            """)
        command = CheckCommand(inputs: ProgramInput.files(["good.rpn"]))
        #expect(command.run(Harness(files: ["good.rpn": "M 2 × sin\n"]).io) == 0)
    }

    @Test func checkWithoutFilesOnATerminalPrintsUsage() {
        let harness = Harness(terminal: true)
        #expect(CheckCommand(inputs: []).run(harness.io) == 64)
        #expect(harness.err.hasPrefix("usage: rpn check"))
        let piped = Harness(stdin: "1 +")
        #expect(CheckCommand(inputs: []).run(piped.io) == 1)
        #expect(piped.err.hasPrefix("<stdin>:1:3: error: + needs 2 operands, found 1"))
    }

    @Test func checkJSON() {
        let harness = Harness(files: ["a.rpn": "+"])
        var command = CheckCommand(inputs: [.file("a.rpn")])
        command.json = true
        #expect(command.run(harness.io) == 1)
        #expect(harness.out == #"[{"file":"a.rpn","diagnostics":[{"severity":"error","code":"missing-operand","#
                + #""message":"+ needs 2 operands, found 0","file":"a.rpn","range":{"start":{"line":1,"column":1},"#
                + #""end":{"line":1,"column":1}}}],"words":[]}]"# + "\n")
    }

    @Test func tokensWithCharacterColumns() {
        let harness = Harness(files: ["t.rpn": "2 √ →M # π\n-4"])
        var command = TokensCommand(input: .file("t.rpn"))
        #expect(command.run(harness.io) == 0)
        #expect(harness.out == "1:1-1:1 number 2\n1:3-1:3 function √\n1:5-1:6 store →M\n1:8-1:10 comment # π\n2:1-2:2 number -4\n")
        command.json = true
        let json = Harness(files: ["t.rpn": "√x"])
        _ = command.run(json.io)
        #expect(json.out == "[{\"kind\":\"function\",\"text\":\"√\",\"line\":1,\"column\":1,\"endLine\":1,\"endColumn\":1},\n"
                + "{\"kind\":\"variable\",\"text\":\"x\",\"line\":1,\"column\":2,\"endLine\":1,\"endColumn\":2}]\n")
    }
}
