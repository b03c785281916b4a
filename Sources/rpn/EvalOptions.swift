import ArgumentParser
import RPNCommandLine
import RPNShell
#if canImport(Glibc)
import Glibc
#endif

/// The options of the default command: running programs (`rpn -e ...`, `rpn FILE...`).
struct EvalOptions: ParsableArguments {
    @Option(name: [.customShort("e"), .customLong("expression")], parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A program to run; repeat to run several in order.", valueName: "PROGRAM"))
    var programs: [String] = []

    @Flag(name: [.customShort("d"), .customLong("describe")], help: "Print the infix description instead of values.")
    var describe = false

    @Flag(help: "Print one JSON object with the values, the description and the diagnostics.")
    var json = false

    @Option(name: .customLong("set"), help: ArgumentHelp("Give a variable a value (repeatable).", valueName: "NAME=VALUE"))
    var assignments: [String] = []

    @Flag(help: "Describe with * / - sqrt pi instead of × ÷ − √ π.")
    var ascii = false

    @Flag(help: "Trigonometric functions take and give degrees.")
    var degrees = false

    /// `files` come from the command: the completion scripts' command tree has none (see
    /// RPNCompletions).
    func run(files: [String]) throws {
        if programs.isEmpty, files.isEmpty, !json, !describe, isatty(0) == 1, isatty(1) == 1 {
            // A person at a terminal: the calculator.
            let output = OutputSink.standardOutput()
            let status = InteractiveShell.run(environment: processEnvironment(), output: output,
                                              colour: getenv("NO_COLOR") == nil)
            output.flush()
            throw ExitCode(status)
        }
        var command = EvalCommand(inputs: programs.enumerated().map { .expression($1, index: $0 + 1) }
                                  + ProgramInput.files(files))
        command.describe = describe
        command.json = json
        command.ascii = ascii
        command.degrees = degrees
        command.assignments = assignments
        try finish(command.run(processIO()))
    }
}
