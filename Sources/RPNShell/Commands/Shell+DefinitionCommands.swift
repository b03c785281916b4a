import RPNCommandLine
import RPNCore

/// A definition typed over several lines (`...>`): `:cancel` drops it, and a head that cannot
/// be right (`: sin`, `( a a -- b )`) is said when its line is entered, not at the `;`.
extension Shell {
    func registerDefinitionCommands() {
        on("cancel", summary: "drop the definition being typed at ...> (Ctrl-C does too)", useRank: 33
        ) { [unowned self] arguments throws(CommandError) in
            try arguments.none()
            guard let dropped = dropDefinition() else { throw CommandError("no definition is open") }
            say(note(dropped + "; the stack is unchanged"))
        }
    }

    /// The core's judgement of the head `line` opens (the compiler's own rules), each problem
    /// with carets under the line as typed when it fits the terminal. The definition stays
    /// open: the user may go on (the `;` reports it again) or `:cancel`.
    func reportHeadProblems(_ line: String) {
        let problems = RPN.definitionHeadProblems(line)
        guard !problems.isEmpty else { return }
        let bytes = Array(line.utf8)
        let label = DiagnosticRenderer.label(.error, colour: environment.colour)
        let fits = !line.contains("\n") && DisplayWidth.of(prompt) + DisplayWidth.of(line) < environment.terminalSize().columns
        for problem in problems {
            guard fits, problem.range.upperBound <= bytes.count else {
                say(label + " " + problem.message)
                continue
            }
            let before = String(decoding: bytes[..<problem.range.lowerBound], as: UTF8.self)
            let under = String(decoding: bytes[problem.range], as: UTF8.self)
            let carets = String(repeating: "^", count: max(1, DisplayWidth.of(under)))
            say(String(repeating: " ", count: DisplayWidth.of(prompt) + DisplayWidth.of(before))
                + (environment.colour ? "\u{1B}[1;32m" + carets + "\u{1B}[0m" : carets) + " " + label + " " + problem.message)
        }
        say(note("the definition stays open: go on, or :cancel drops it"))
    }
}
