import RPNCore

/// The shell's `:` commands: how one is registered and how a typed one is run. Each group of
/// commands registers itself in its own file, in the order `:help` lists them.
extension Shell {
    func registerCommands() {
        registerHelpCommand()
        registerStackCommands()
        registerShowCommands()
        registerWordCommands()
        registerDefinitionCommands()
        registerDisplayCommands()
        registerFileCommands()
        registerFavoriteCommands()
        registerPlotCommand()
        registerMemoryCommands()
        registerQuitCommand()
    }

    /// Registers a command: `on("undo", summary: "take back the last change", useRank: 1) {
    /// arguments throws(CommandError) in ... }`. `usage` defaults to `:NAME`; `completing`
    /// completes an argument (see `ShellCommand.completeArgument`).
    func on(_ name: String, aliases: [String] = [], usage: String? = nil, summary: String, useRank: Int,
            completing: @escaping ShellCommand.ArgumentCompleter = ShellCommand.noCompletion,
            _ run: @escaping (CommandArguments) throws(CommandError) -> Void) {
        commands.add(ShellCommand(name: name, aliases: aliases, usage: usage ?? ":" + name, summary: summary,
                                  useRank: useRank, completeArgument: completing, run: run))
    }

    /// Runs a line that starts with `:` and a command's name; says what is wrong when there
    /// is no such command or its arguments do not fit.
    func command(_ line: String) {
        let (name, words, text) = CommandArguments.split(Substring(line))
        guard !name.isEmpty else {
            problem(":help lists the commands")
            return
        }
        guard let command = commands.command(named: name) else {
            problem("unknown command \(TerminalText.quoted(":" + name))" + (commands.suggestion(for: name).map { "; did you mean ':\($0)'?" }
                                                    ?? "; :help lists them"))
            return
        }
        let arguments = CommandArguments(name: name, words: words, text: text,
                                         usage: name == command.name ? command.usage : ":" + name)
        do { try command.run(arguments) } catch { problem(error.message) }
    }
}
