import ArgumentParser
import Platform
import RPNCommandLine
import RPNCore

extension ParsableCommand {
    /// swift-argument-parser's `main`, except for its messages: a usage error (an unknown
    /// option, a missing value, a bad number…) is our two lines, `rpn: error: MESSAGE` and
    /// where `--help` explains the options (`helpCommand`), not the parser's synopsis of every
    /// form of the command; and the parser's messages, which quote the user's arguments
    /// (`Unknown option '--x\u{1B}[31m'`), have their control characters escaped before they
    /// reach the terminal. Help, version and generated scripts are printed as they are.
    static func mainEscapingArguments(_ arguments: [String], helpCommand: String = "rpn") -> Never {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            Platform.exit(0)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                let message = message(for: error)
                if !message.isEmpty {
                    let io = processIO()
                    io.failUsage(TerminalText.shown(Self.lowercasingFirstWord(message)), command: helpCommand)
                    io.standardError.flush()
                }
                Platform.exit(code.rawValue)
            }
            let message = fullMessage(for: error)
            if !message.isEmpty {
                let sink = code == .success ? OutputSink.standardOutput() : OutputSink.standardError()
                sink.write((code == .success ? message : message.split(separator: "\n", omittingEmptySubsequences: false)
                    .map(TerminalText.shown).joined(separator: "\n")) + "\n")
                sink.flush()
            }
            Platform.exit(code.rawValue)
        }
    }

    /// "Unknown option '--x'" as our messages start, in lower case; a message that starts
    /// with a name (`--digits takes…`, `PROGRAM`) is left as it is.
    private static func lowercasingFirstWord(_ message: String) -> String {
        let characters = Array(message.prefix(2))
        guard characters.count == 2, characters[0].isUppercase, characters[1].isLowercase else { return message }
        return characters[0].lowercased() + message.dropFirst()
    }
}
