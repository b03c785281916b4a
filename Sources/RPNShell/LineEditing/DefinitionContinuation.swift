import RPNCore

/// A definition may span lines at the prompt: after `: sq` the shell shows `...>` and appends
/// the lines typed until the `;`, then runs them as one entry.
enum DefinitionContinuation {
    /// The prompt while a definition waits for its `;`: as wide as `rpn> `, so carets line up.
    static let prompt = "...> "

    /// Whether `text` (the lines typed so far, joined with newlines) leaves a definition
    /// open. The core decides, by the rules its compiler gathers definitions by
    /// (`RPN.leavesDefinitionOpen`), so the shell waits exactly when `rpn -e` would report a
    /// `:` without its `;`: a `;` in a `#` comment or in a stack effect `( x -- ; )` ends
    /// nothing, the one in `( ; )` (no `--`: no stack effect, an unknown `(`) does. A text
    /// that starts as a shell command (`:undo`) opens nothing. A nested `:` or a stray `;` is
    /// the core's to report, so the first `;` always ends the wait.
    static func isOpen(_ text: String) -> Bool { isOpen(text, continuing: false) }

    /// The same for `text` typed while a definition is open (`continuing`) or not. No token
    /// spans a line break, so the shell judges each line at `...>` alone, in time proportional
    /// to the line rather than to the definition so far.
    static func isOpen(_ text: String, continuing: Bool) -> Bool {
        if !continuing, ShellCommand.isCommand(Substring(text)) { return false }
        return RPN.leavesDefinitionOpen(text, continuingDefinition: continuing)
    }
}
