import RPNCore

/// `:words` and `:see NAME`: the words the session has defined.
extension Shell {
    func registerWordCommands() {
        on("words", summary: "the words defined in the session, with their stack effects and descriptions", useRank: 31
        ) { [unowned self] arguments throws(CommandError) in
            try arguments.none()
            let words = session.definedWords
            if words.isEmpty { say(note("no words defined yet: : NAME BODY ; defines one, as : square dup × ;")) }
            for (index, word) in words {
                say(fitted("  \(word.name) \(Self.effectAndDescription(word, session.describe(word: index)))"))
            }
        }
        on("see", usage: ":see NAME", summary: "a word's definition as typed, its stack effect and description", useRank: 32,
           completing: { [unowned self] before, typed in
               before.isEmpty ? ShellCommand.offering(session.wordNames)(before, typed) : (typed, [])
           }
        ) { [unowned self] arguments throws(CommandError) in
            guard arguments.count == 1 else { throw arguments.usageError }
            let name = arguments[0]
            guard let (index, word) = session.word(named: name).map({ ($0.index, $0.definition) }) else {
                // A built-in has no definition to show: its help says what it is.
                if Self.builtin(spelled: name) != nil, let text = help(for: name, width: environment.terminalSize().columns) {
                    showLong(text)
                    return
                }
                let suggestion = Suggestions.closest(to: name, among: session.wordNames)
                throw CommandError("no word \(TerminalText.quoted(name))"
                                   + (suggestion.map { "; did you mean \(TerminalText.quoted($0))?" } ?? "; :words lists them"))
            }
            // Its lines as typed, control characters escaped (a comment may hold any).
            let text = session.text(of: word).split(separator: "\n", omittingEmptySubsequences: false)
                .map(TerminalText.shown).joined(separator: "\n")
            writeInterruptibly(text)
            say(fitted("  " + Self.effectAndDescription(word, session.describe(word: index))))
        }
    }

    /// After a line that defined words: each with its effect (`defined square ( x -- x )`,
    /// the checker's inference), or how many when a file defined more than a few.
    func announceDefinitions(from first: Int) {
        let words = session.definitions(from: first)
        if words.count > 3 {
            say(note("defined \(words.count) words: :words lists them"))
        } else {
            for word in words { say(note("defined \(word.name) \(Session.effect(of: word))")) }
        }
    }

    /// `( a b -- c )  hyp(a,b) = √(a^2+b^2)`; the effect alone for a word that leaves
    /// nothing to describe (`: st →K ;`).
    static func effectAndDescription(_ word: WordDefinition, _ description: String) -> String {
        Session.effect(of: word) + (description.isEmpty ? "" : "  " + description)
    }

    /// A line cut to the terminal with `…`, one column left free (a line as wide as the
    /// terminal wraps on some).
    func fitted(_ line: String) -> String {
        DisplayWidth.fitting(line, width: max(10, environment.terminalSize().columns - 1))
    }
}
