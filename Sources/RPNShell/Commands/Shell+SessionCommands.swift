/// `:help` and `:quit`, first and last in `:help`.
extension Shell {
    func registerHelpCommand() {
        on("help", aliases: ["h", "?"], summary: "words and commands", useRank: 3) { [unowned self] arguments throws(CommandError) in
            try arguments.none()
            say(help(width: environment.terminalSize().columns))
        }
    }

    func registerQuitCommand() {
        on("quit", aliases: ["q", "exit"], summary: "leave (Ctrl-D does too)", useRank: 27) { [unowned self] arguments throws(CommandError) in
            try arguments.none()
            finished = true
        }
    }
}
