import RPNCore

/// `:show [LEVEL]` and `:stack`: what the display after each line cuts short, in full (every
/// digit of `1000 !`, every element of a list, every level of a deep stack), through the pager
/// when it is longer than the screen.
extension Shell {
    func registerShowCommands() {
        on("show", usage: ":show [LEVEL]", summary: "a value in full: all its digits, every element (LEVEL 1, the top, by default)",
           useRank: 7) { [unowned self] arguments throws(CommandError) in
            guard arguments.count <= 1 else { throw arguments.usageError }
            let depth = session.depth
            guard depth > 0 else { throw CommandError("the stack is empty") }
            var level = 1
            if arguments.count == 1 {
                guard let number = Int(arguments[0]), number >= 1 else {
                    throw CommandError(":show LEVEL: \(TerminalText.quoted(arguments[0])) is not a level (1 is the top)")
                }
                guard number <= depth else {
                    throw CommandError("level \(number) is empty: the stack has \(depth) entr\(depth == 1 ? "y" : "ies")")
                }
                level = number
            }
            let entry = session.display(levels: level, descriptionBytes: 0).entries[0]
            guard let value = entry.value else {
                throw CommandError("level \(level) has no value: a variable it reads has none (:vars lists those that do)")
            }
            showLong(session.format.string(value))
        }
        on("stack", summary: "every level of the stack, however deep", useRank: 8) { [unowned self] arguments throws(CommandError) in
            try arguments.none()
            let display = session.display(levels: session.depth, descriptionBytes: descriptionBytes)
            var stackDisplay = StackDisplay(colour: environment.colour)
            stackDisplay.format = session.format
            stackDisplay.columns = environment.terminalSize().columns
            var text = stackDisplay.render(display)
            if text.hasSuffix("\n") { text.removeLast() }
            showLong(text)
        }
    }
}
