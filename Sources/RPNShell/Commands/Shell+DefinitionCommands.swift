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
        report(problems, in: bytes, lineStart: lineStart)
        say(note("the definition stays open: go on, or :cancel drops it"))
    }

    /// Whether the line starting at byte `lineStart` of `text` (the open definition with it)
    /// starts a definition inside the open one: the compiler's own judgement
    /// (`nested-definition`), reported under the line. The line is then not added.
    func refuseNestedDefinition(in text: String, lineStart: Int) -> Bool {
        // Only when the line has a `:` at all: most lines of a body are judged in no time.
        guard RPN.tokenize(String(decoding: Array(text.utf8)[lineStart...], as: UTF8.self)).contains(where: { $0.builtin == .define })
        else { return false }
        // Judged as the compiler will judge it at the `;`, which is what it needs to look inside.
        let problems = RPN.diagnose(SourceFile(name: "definition", bytes: Array((text + "\n;").utf8)), maxSteps: 1000)
            .filter { $0.code == .nestedDefinition && $0.range.lowerBound >= lineStart }
            .map { DefinitionHead.Problem(message: $0.message, range: $0.range) }
        guard !problems.isEmpty else { return false }
        report(problems, in: Array(text.utf8), lineStart: lineStart)
        say(note("the line was not added; the definition stays open: go on, or :cancel drops it"))
        return true
    }

    /// Each problem with carets under the line typed (from byte `lineStart`) when it fits the
    /// terminal, else the message alone.
    private func report(_ problems: [DefinitionHead.Problem], in bytes: [UInt8], lineStart: Int) {
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
