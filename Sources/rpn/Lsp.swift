import ArgumentParser
import Platform
import RPNLanguageServer

struct Lsp: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the language server on standard input and output (LSP 3.17).",
        discussion: "Logs go to standard error; standard output carries protocol messages only."
    )

    @Flag(help: "Use standard input and output (the only transport; accepted because clients pass it).")
    var stdio = false

    func run() throws {
        signal(SIGPIPE, SIG_IGN)  // a client that goes away is an EPIPE the server handles
        let status = StdioTransport().run(log: { message in
            var line = "rpn lsp: " + message + "\n"
            line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
        })
        throw ExitCode(status)
    }
}
