import ArgumentParser
import RPNCommandLine

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Report diagnostics only; exit 1 if there is any error.",
        discussion: "Each file is checked on its own. Variables a file never stores are free, not errors."
    )

    @Flag(help: "Print the diagnostics as JSON on standard output.")
    var json = false

    @Flag(help: "Trigonometric functions take and give degrees.")
    var degrees = false

    @Option(name: .customLong("max-steps"), parsing: .unconditional,
            help: ArgumentHelp("Run a program N steps at most (default 10^6); the rest is checked without running.",
                               valueName: "N"))
    var maxSteps: String?

    @Argument(help: ArgumentHelp("Files to check ('-' or none: standard input).", valueName: "FILE"), completion: .file())
    var files: [String] = []

    func run() throws {
        var command = CheckCommand(inputs: ProgramInput.files(files))
        command.json = json
        command.degrees = degrees
        if let maxSteps { command.maxSteps = try StepLimit.parse(maxSteps).mapError { ValidationError($0.message) }.get() }
        try finish(command.run(processIO()))
    }
}
