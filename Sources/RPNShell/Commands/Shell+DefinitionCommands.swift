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

    /// The core's judgement of the head of the definition `text` leaves open (the compiler's
    /// own rules), for what the line starting at byte `lineStart` added: each problem with
    /// carets under that line as typed when it fits the terminal. The definition stays open:
    /// the user may go on (the `;` reports it again) or `:cancel`.
    func judgeHead(of text: String, lineStart: Int) {
        let bytes = Array(text.utf8)
        headIncomplete = Self.headMayContinue(text, bytes: bytes)
        let problems = RPN.definitionHeadProblems(text).filter { $0.range.lowerBound >= lineStart }
        guard !problems.isEmpty else { return }
        let line = String(decoding: bytes[lineStart...], as: UTF8.self)
        let label = DiagnosticRenderer.label(.error, colour: environment.colour)
        let fits = DisplayWidth.of(prompt) + DisplayWidth.of(line) < environment.terminalSize().columns
        for problem in problems {
            guard fits, problem.range.upperBound <= bytes.count else {
                say(label + " " + problem.message)
                continue
            }
            let before = String(decoding: bytes[lineStart..<problem.range.lowerBound], as: UTF8.self)
            let under = String(decoding: bytes[problem.range], as: UTF8.self)
            let carets = String(repeating: "^", count: max(1, DisplayWidth.of(under)))
            say(String(repeating: " ", count: DisplayWidth.of(prompt) + DisplayWidth.of(before))
                + (environment.colour ? "\u{1B}[1;32m" + carets + "\u{1B}[0m" : carets) + " " + label + " " + problem.message)
        }
        say(note("the definition stays open: go on, or :cancel drops it"))
    }

    /// Whether more of the open definition's head may come on the next line: it has no name
    /// yet, or nothing but comments after its name (a stack effect may follow).
    static func headMayContinue(_ text: String, bytes: [UInt8]) -> Bool {
        let tokens = RPN.tokenize(text)
        guard let region = ProgramRegion.regions(of: tokens, textEnd: bytes.count).last,
              region.kind == .definition, !region.isComplete else { return false }
        guard let name = region.nameToken else { return true }
        return tokens[(name + 1)...].allSatisfy { $0.kind == .comment }
    }
}
