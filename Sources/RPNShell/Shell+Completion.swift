import RPNCore

/// Tab: completions for what is typed before the cursor, for the line editor.
extension Shell {
    /// Completions for the word that ends at the cursor: `textBeforeCursor` is the line up to
    /// the cursor. A command's name completes from the command table, its arguments through
    /// the command's own completion; elsewhere the word is what the lexer would read as one
    /// name (see `wordCompletions`).
    public func completions(before textBeforeCursor: String) -> (word: String, candidates: [String]) {
        let trimmed = textBeforeCursor.drop { $0 == " " || $0 == "\t" }
        if trimmed.hasPrefix(":"), !trimmed.contains(where: { $0 == " " || $0 == "\t" }) {
            return (String(trimmed), completions(for: String(trimmed)))
        }
        if ShellCommand.isCommand(trimmed) {
            return argumentCompletions(before: trimmed)
        }
        return wordCompletions(before: textBeforeCursor)
    }

    /// The argument being typed after a command's name, completed by the command.
    func argumentCompletions(before line: Substring) -> (word: String, candidates: [String]) {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let typed = line.last.map(blank) == true ? "" : String(line.split(whereSeparator: blank).last ?? "")
        let complete = CommandArguments.split(line.dropLast(typed.count))
        guard let command = commands.command(named: complete.name) else { return (typed, []) }
        return command.completeArgument(complete.words, typed)
    }

    /// RPN at the cursor: the word is what the lexer would read as one name, so `3 4+sq`
    /// completes `sq`; a store's arrow belongs to it (`→ra` completes to `→rate`).
    func wordCompletions(before textBeforeCursor: String) -> (word: String, candidates: [String]) {
        var start = textBeforeCursor.endIndex
        while start > textBeforeCursor.startIndex {
            let previous = textBeforeCursor.index(before: start)
            let c = textBeforeCursor[previous]
            guard c == "_" || c.isNumber || (c.isLetter && c != "π") else { break }
            start = previous
        }
        for arrow in ["→", "->"] where textBeforeCursor[..<start].hasSuffix(arrow) {
            start = textBeforeCursor.index(start, offsetBy: -arrow.count)
            break
        }
        let word = String(textBeforeCursor[start...])
        return (word, word.isEmpty ? [] : completions(for: word))
    }

    /// Completions of one word: words, constants, stack words, the session's variables and
    /// stores, and `:` commands.
    public func completions(for prefix: String) -> [String] {
        if prefix.hasPrefix(":") {
            return commands.names(startingWith: String(prefix.dropFirst())).map { ":" + $0 }
        }
        for arrow in ["→", "->"] where prefix.hasPrefix(arrow) {
            return session.variableNames.map { arrow + $0 }.filter { $0.hasPrefix(prefix) }.sorted()
        }
        // Words match in any case, constants only as spelled (`E` is a variable, not e).
        let words = Builtin.wordNames.filter { name in
            Builtin.named(name).map { $0.spelling(name, completes: prefix) } ?? false
        }
        let variables = session.variableNames.filter { $0.hasPrefix(prefix) }
        return Array(Set(words + variables)).sorted()
    }
}
