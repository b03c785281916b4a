import ArgumentParser
import RPNCommandLine
#if canImport(Glibc)
import Glibc
#endif

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
        if let first = arguments.first, RPNSubcommands.names.contains(first) {
            RPNSubcommands.main(ProgramArguments.protectingLeadingMinus(arguments))
        } else {
            RPNCommand.main(arguments)
        }
    }
}

struct RPNCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rpn",
        abstract: "Evaluate, describe and check RPN (reverse Polish notation) programs.",
        usage: """
            rpn [-e PROGRAM]... [FILE]... [--describe] [--json] [--set NAME=VALUE]... [--ascii] [--degrees]
              rpn [--set NAME=VALUE]... [--ascii] [--degrees]   (on a terminal: the rpn> shell)
              rpn check [--json] FILE...
              rpn tokens [--json] FILE
              rpn lsp
              rpn fav list|add PROGRAM|rm N|show N [--json]
              rpn plot -e PROGRAM [--from XMIN] [--to XMAX] [--var NAME] [--svg FILE] [--set NAME=VALUE]... [--degrees]
            """,
        discussion: """
            Runs the -e programs, then the files, in order on one stack, and prints the final \
            stack's values oldest first. With no program and standard input not a terminal, \
            standard input is the program. A FILE named '-' is standard input. With no program \
            and both standard input and output a terminal, the rpn> shell starts, in degrees, \
            with ASCII descriptions and the --set variables as asked.

            Exit status: 0 on success, 1 when there are errors, 64 for usage errors.
            Commands: 'rpn check --help', 'rpn tokens --help', 'rpn fav --help', 'rpn plot --help'.
            """,
        version: "0.1.0"
    )

    @OptionGroup var options: EvalOptions

    func run() throws { try options.run() }
}

/// The named commands.
struct RPNSubcommands: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rpn",
        subcommands: [Check.self, Tokens.self, Lsp.self, Fav.self, PlotCLI.self, Width.self],
        helpNames: [.long, .short]
    )

    static let names: Set<String> = ["check", "tokens", "lsp", "fav", "plot", "width", "help"]
}

/// The real process's streams and environment.
func processIO() -> CommandLineIO {
    CommandLineIO(standardOutput: .standardOutput(), standardError: .standardError(),
                  standardInputIsTerminal: isatty(0) == 1,
                  colourAllowed: CommandLineIO.colourAllowed(noColor: getenv("NO_COLOR").map { String(cString: $0) }))
}

func finish(_ status: Int32) throws {
    if status != 0 { throw ExitCode(status) }
}
