import ArgumentParser
import Platform
import RPNCommandLine
import RPNCore

extension ParsableCommand {
    /// swift-argument-parser's `main`, except that its error messages, which quote the user's
    /// arguments (`Unknown option '--x\u{1B}[31m'`), have their control characters escaped
    /// before they reach the terminal. Help, version and generated scripts are printed as
    /// they are.
    static func mainEscapingArguments(_ arguments: [String]) -> Never {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            Platform.exit(0)
        } catch {
            let code = exitCode(for: error)
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
}
