import ArgumentParser
import RPNCommandLine
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The `rpn` executable: argument parsing only; the work is in RPNCommandLine.
@main
struct RPNCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rpn",
        abstract: "Evaluate, describe and check RPN (reverse Polish notation) programs.",
        subcommands: [Eval.self, Check.self, Tokens.self],
        defaultSubcommand: Eval.self
    )
}

/// The real process's streams and environment.
func processIO() -> CommandLineIO {
    CommandLineIO(standardOutput: .standardOutput(), standardError: .standardError(),
                  standardInputIsTerminal: isatty(0) == 1, colourAllowed: getenv("NO_COLOR") == nil)
}

func finish(_ status: Int32) throws {
    if status != 0 { throw ExitCode(status) }
}
