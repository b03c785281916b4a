import RPNCore

/// Commands on the stack and the variables: `:vars`, `:set`, `:unset`, `:clear`, `:undo`,
/// `:redo`, `:describe`.
extension Shell {
    func registerStackCommands() {
        on("vars", summary: "the variables and their values", useRank: 4) { [unowned self] arguments throws(CommandError) in
            try arguments.none()
            let variables = session.variables
            if variables.isEmpty { say(note("no variables have values")) }
            let columns = environment.terminalSize().columns
            for (name, value) in variables {
                say("  \(name) = \(session.format.string(value, limit: Swift.max(24, columns - name.count - 6)))")
            }
        }
        on("set", usage: ":set NAME VALUE", summary: "give a variable a value (VALUE may be RPN: :set x pi 2 /)", useRank: 5,
           completing: { [unowned self] before, typed in
               // NAME, then VALUE: RPN, completed as at the prompt
               before.isEmpty ? ShellCommand.offering(session.variableNames)(before, typed) : wordCompletions(before: typed)
           }
        ) { [unowned self] arguments throws(CommandError) in
            guard arguments.count >= 2 else { throw arguments.usageError }
            try setVariable(arguments[0], arguments.words.dropFirst().joined(separator: " "))
        }
        on("unset", usage: ":unset NAME", summary: "forget a variable's value", useRank: 24,
           completing: { [unowned self] before, typed in
               before.isEmpty ? ShellCommand.offering(session.variables.map(\.name))(before, typed) : (typed, [])
           }
        ) { [unowned self] arguments throws(CommandError) in
            guard arguments.count == 1 else { throw arguments.usageError }
            guard session.unsetVariable(arguments[0]) else { throw CommandError("\(TerminalText.quoted(arguments[0])) has no value") }
            showStack()
        }
        on("clear", summary: "empty the stack and forget the variables; the words stay", useRank: 23) { [unowned self] arguments throws(CommandError) in
            try arguments.none()
            session.clear()
            showStack()
        }
        on("undo", summary: "take back the last change", useRank: 1) { [unowned self] arguments throws(CommandError) in
            try arguments.none()
            let summary = session.undoSummary
            guard session.undo() else { throw CommandError("nothing to undo") }
            if let summary { say(note("took back: " + TerminalText.shown(summary))) }
            showStack()
        }
        on("redo", summary: "do again what :undo took back", useRank: 2) { [unowned self] arguments throws(CommandError) in
            try arguments.none()
            let summary = session.redoSummary
            guard session.redo() else { throw CommandError("nothing to redo") }
            if let summary { say(note("redid: " + TerminalText.shown(summary))) }
            showStack()
        }
        on("describe", summary: "the whole description of the stack", useRank: 6) { [unowned self] arguments throws(CommandError) in
            try arguments.none()
            let (text, truncated) = session.description(limit: describeBytes)
            if text.isEmpty { say(note("(empty stack)")); return }
            writeInterruptibly(text)
            if truncated { say(note("(cut at \(describeBytes >> 20) MiB)")) }
        }
    }

    /// `:set NAME VALUE`: VALUE is RPN computed now, with the variables as they are.
    func setVariable(_ name: String, _ valueText: String) throws(CommandError) {
        guard RPN.isVariableName(name) else { throw CommandError("\(TerminalText.quoted(name)) is not a variable name") }
        guard !session.isWord(name) else {
            throw CommandError("\(TerminalText.quoted(name)) is a word defined with ':', not a variable")
        }
        switch session.number(valueText) {
        case .success(let value):
            if case .rejected(let errors) = session.setVariable(name, to: value, text: valueText) {
                show(errors, typed: nil)
                say(note("\(name) keeps its value; the stack is unchanged"))
                return
            }
            say("  \(name) = \(session.format.string(value, limit: Swift.max(24, environment.terminalSize().columns - name.count - 6)))")
            showStack()
        case .failure(let why):
            throw CommandError("\(TerminalText.shown(valueText)): \(why.text)")
        }
    }
}
