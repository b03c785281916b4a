import ArgumentParser
import Platform
import RPNCommandLine
import RPNCore

/// The `rpn` executable: argument parsing only; the work is in RPNCommandLine.
///
/// `rpn FILE...` and `rpn check FILE...` share the first argument position, and
/// swift-argument-parser would read `check` as a file name once the root takes files. So the
/// first argument picks the parser: a command name goes to `RPNSubcommands`, anything else
/// to `RPNCommand`, the evaluator, whose help is what `rpn --help` shows.
@main
enum Main {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let command = FastPath.evaluation(arguments) {
            exit(command.run(processIO()))
        }
        if let first = arguments.first, CommandNames.all.contains(first) {
            RPNSubcommands.mainEscapingArguments(ProgramArguments.protectingLeadingMinus(arguments),
                                                 helpCommand: first == "help" ? "rpn" : "rpn " + first)
        } else if arguments.first == "--experimental-dump-help" {
            RPNReference.mainEscapingArguments(arguments)
        } else if arguments.first == "--generate-completion-script" {
            RPNCompletions.mainEscapingArguments(arguments)
        } else {
            RPNCommand.mainEscapingArguments(arguments)
        }
    }
}

struct RPNCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rpn",
        abstract: "Evaluate, describe and check RPN (reverse Polish notation) programs.",
        usage: CommandLineUsage.all,
        discussion: """
            Runs the -e programs, then the files, in order on one stack, and prints the final \
            stack's values oldest first. With no program and standard input not a terminal, \
            standard input is the program. A FILE named '-' is standard input. With no program \
            and both standard input and output a terminal, the rpn> shell starts, in degrees, \
            with ASCII descriptions and the --set variables as asked.

            Exit status: 0 on success, 1 when there are errors, 64 for usage errors.
            Commands: 'rpn check --help', 'rpn tokens --help', 'rpn fav --help', 'rpn plot --help'.
            """,
        version: RPN.version
    )

    @OptionGroup var options: EvalOptions
    @OptionGroup var files: ProgramFiles

    func run() throws { try options.run(files: files.files) }
}

/// `rpn FILE...`: the programs to run after the -e ones.
struct ProgramFiles: ParsableArguments {
    @Argument(help: ArgumentHelp("Program files to run after the -e programs ('-' is standard input).", valueName: "FILE"),
              completion: .file())
    var files: [String] = []
}

/// The named commands.
struct RPNSubcommands: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rpn",
        version: RPN.version,
        subcommands: [Check.self, Tokens.self, Lsp.self, Fav.self, PlotCLI.self, Width.self],
        helpNames: [.long, .short]
    )
}

/// The first arguments that name a command (`RPNSubcommands`), never a file: a plain array, so
/// that the fast path asks without touching the argument parser's types or hashing.
enum CommandNames {
    static let all = ["check", "tokens", "lsp", "fav", "plot", "width", "help"]
}

/// The real process's streams and environment.
func processIO() -> CommandLineIO {
    CommandLineIO(standardOutput: .standardOutput(), standardError: .standardError(),
                  standardInputIsTerminal: Terminal.isTerminal(0),
                  colourAllowed: CommandLineIO.colourAllowed(noColor: getenv("NO_COLOR").map { String(cString: $0) }))
}

func finish(_ status: Int32) throws {
    if status != 0 { throw ExitCode(status) }
}

/// The whole command line as one tree, for the man page: `--experimental-dump-help`, which
/// rpn-manual (scripts/install) reads. The evaluator's options and files at
/// the root, the named commands below it. Main sends only that flag here; running goes
/// through the two parsers above, which keep `rpn check` from being read as a file name.
struct RPNReference: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rpn",
        abstract: RPNCommand.configuration.abstract,
        usage: RPNCommand.configuration.usage,
        discussion: RPNCommand.configuration.discussion,
        version: RPN.version,
        subcommands: RPNSubcommands.configuration.subcommands
    )

    @OptionGroup var options: EvalOptions
    @OptionGroup var files: ProgramFiles

    func run() throws { try options.run(files: files.files) }
}

/// The tree the shell completion scripts are generated from (`--generate-completion-script
/// SHELL`): the same without the root's files, because the generated scripts would take the
/// first word for a file and then never complete a command's options (`rpn plot --f`).
struct RPNCompletions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rpn",
        abstract: RPNCommand.configuration.abstract,
        version: RPN.version,
        subcommands: RPNSubcommands.configuration.subcommands
    )

    @OptionGroup var options: EvalOptions

    func run() throws { try options.run(files: []) }
}
