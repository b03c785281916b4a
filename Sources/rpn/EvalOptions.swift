import ArgumentParser
import Platform
import RPNCommandLine
import RPNCore
import RPNShell

/// The options of the default command: running programs (`rpn -e ...`, `rpn FILE...`).
struct EvalOptions: ParsableArguments {
    @Option(name: [.customShort("e"), .customLong("expression")], parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A program to run; repeat to run several in order.", valueName: "PROGRAM"))
    var programs: [String] = []

    @Flag(name: [.customShort("d"), .customLong("describe")],
          help: "Print the infix description instead of values; variables never given a value are free.")
    var describe = false

    @Flag(help: ArgumentHelp("Print one JSON object with the values, the description and the diagnostics.",
                             discussion: "With --describe, variables never given a value are free and listed in \"free\"."))
    var json = false

    @Option(name: .customLong("set"),
            help: ArgumentHelp("Give a variable a value (repeatable); VALUE is RPN and may use earlier --set variables.",
                               valueName: "NAME=VALUE"))
    var assignments: [String] = []

    @Flag(help: "Describe with * / - sqrt pi instead of × ÷ − √ π.")
    var ascii = false

    @Flag(help: "Trigonometric functions take and give degrees (in --set values too).")
    var degrees = false

    /// `files` come from the command: the completion scripts' command tree has none (see
    /// RPNCompletions).
    func run(files: [String]) throws {
        let io = processIO()
        if programs.isEmpty, files.isEmpty, Terminal.isTerminal(0), Terminal.isTerminal(1) {
            // A person at a terminal: the calculator, started with the options that apply to it.
            throw ExitCode(runShell(io))
        }
        var command = EvalCommand(inputs: programs.enumerated().map { .expression($1, index: $0 + 1) }
                                  + ProgramInput.files(files))
        command.describe = describe
        command.json = json
        command.ascii = ascii
        command.degrees = degrees
        command.assignments = assignments
        try finish(command.run(io))
    }

    /// The shell in degrees, with ASCII descriptions and the `--set` variables, as asked.
    /// `--json` and `--describe` print one result of a program: with no program they make no
    /// sense (the shell always describes), so they are refused rather than dropped.
    func runShell(_ io: CommandLineIO) -> Int32 {
        defer { io.standardError.flush() }
        for (given, name) in [(json, "--json"), (describe, "--describe")] where given {
            io.fail("\(name) needs a program (-e PROGRAM, a FILE, or standard input); "
                    + "the shell shows descriptions as it goes")
            return ExitStatus.usage
        }
        let angleUnit: AngleUnit = degrees ? .degrees : .radians
        let variables: [(name: String, value: Double)]
        switch VariableAssignments.parse(assignments, angleUnit: angleUnit) {
        case .success(let parsed): variables = parsed
        case .failure(let error): io.fail(error.message); return ExitStatus.usage
        }
        let session = Session(angleUnit: angleUnit, variables: variables)
        if ascii { session.style.glyphs = .ascii }
        let output = OutputSink.standardOutput()
        Interrupts.installForShell()
        let status = InteractiveShell.run(environment: processEnvironment(), output: output,
                                          colour: io.colourAllowed, session: session, interrupted: Interrupts.take)
        output.flush()
        return status
    }
}
