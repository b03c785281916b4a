import RPNCore

/// `:help` and `:quit`, first and last in `:help`.
extension Shell {
    func registerHelpCommand() {
        on("help", aliases: ["h", "?"], usage: ":help [TOPIC|WORD|:COMMAND]",
           summary: "the topics; a topic, a word (effect, description, example) or a command", useRank: 3,
           completing: { [unowned self] before, typed in
               before.isEmpty ? ShellCommand.offering(Self.helpTopics.map(\.name) + commands.names.map { ":" + $0 }
                                                      + Builtin.wordNames + session.wordNames)(before, typed) : (typed, [])
           }
        ) { [unowned self] arguments throws(CommandError) in
            let width = environment.terminalSize().columns
            switch arguments.count {
            case 0: showLong(helpIndex(width: width))
            case 1:
                guard let text = help(for: arguments[0], width: width) else { throw CommandError(helpNotFound(arguments[0])) }
                showLong(text)
            default: throw arguments.usageError
            }
        }
    }

    func registerQuitCommand() {
        on("quit", aliases: ["q", "exit"], summary: "leave (Ctrl-D does too)", useRank: 27) { [unowned self] arguments throws(CommandError) in
            try arguments.none()
            if let dropped = dropDefinition() { say(note(dropped)) }
            finished = true
        }
    }
}
