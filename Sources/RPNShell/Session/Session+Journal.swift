import RPNCommandLine
import RPNCore

/// The session as its state file (`SessionJournal`), and back.
extension Session {
    /// The state file's text: the program that replays this session and its undo history.
    public var journalText: String {
        SessionJournal.text(start: startLines, entries: journal, display: DisplayModes(format: format, glyphs: style.glyphs))
    }

    /// Why a state file could not be replayed: where in it (1-based line and column) and what.
    public struct RestoreProblem: Error, Equatable {
        public var line: Int
        public var column: Int
        public var message: String
        /// Ctrl-C stopped the replay: the file is not at fault.
        public var interrupted = false
    }

    /// A session replayed from a state file's text (`journalText`): every record entered
    /// again through the same API, so the stack, variables, words, modes and undo history are
    /// what they were. Nothing is printed. How many lines it replayed, or the first problem.
    public static func restoring(_ text: String, includeFiles: IncludeFileSystem = .disk,
                                 interrupted: () -> Bool = { false }) -> Result<(session: Session, lines: Int), RestoreProblem> {
        let parsed: SessionJournal.Parsed
        switch SessionJournal.parse(text) {
        case .success(let value): parsed = value
        case .failure(let problem): return .failure(RestoreProblem(line: problem.line, column: problem.column, message: problem.message))
        }
        let session = Session()
        session.includeFiles = includeFiles
        session.format = parsed.display.format
        session.style.glyphs = parsed.display.glyphs
        for (index, record) in parsed.records.enumerated() {
            if index == parsed.stepsStart { session.endStart() }
            switch record.kind {
            case .line(let line, let name, let path):
                switch session.enter(line, name: name, path: path, interrupted: interrupted) {
                case .accepted: break
                case .interrupted:
                    return .failure(RestoreProblem(line: record.line, column: 1, message: "interrupted while replaying this line",
                                                   interrupted: true))
                case .rejected(let errors):
                    return .failure(session.problem(Diagnostic.ordered(errors)[0], in: record))
                }
            case .clear: session.clear()
            case .new: session.startNew()
            }
        }
        if parsed.stepsStart >= parsed.records.count { session.endStart() }
        return .success((session, parsed.records.count))
    }

    /// After a restore, what the command line asked (`rpn --degrees --set x=3 --fix 2`: the
    /// session `options` was started with) applied on top, as changes `:undo` takes back.
    public func apply(optionsOf options: Session) {
        if options.angleUnit != .radians, angleUnit != options.angleUnit { setAngleUnit(options.angleUnit) }
        if !options.isExact, isExact { setExact(false) }
        if let digits = options.digits, self.digits != digits { setDigits(digits) }
        if options.isComplex, !isComplex { setComplex(true) }
        for (name, value) in options.variables { setVariable(name, to: value) }
        if options.format != NumberFormat() { format = options.format }
        if options.style.glyphs != .unicode { style.glyphs = options.style.glyphs }
    }

    /// The lines entered so far are the session's start: replayed with no undo step.
    private func endStart() {
        undoSteps.removeAll()
        journal.removeAll()
        startLines = state.lines.map(\.text)
    }

    /// Where an error of a replayed record is in the state file; an error elsewhere (in a file
    /// the record included) is named by that file's position, at the record's line.
    private func problem(_ error: Diagnostic, in record: SessionJournal.Record) -> RestoreProblem {
        guard let source = sources.file(containing: error.range.lowerBound) else {
            return RestoreProblem(line: record.line, column: 1, message: error.message)
        }
        let position = source.position(of: error.range.lowerBound, in: .characters)
        guard source.baseOffset == lastLineSource?.baseOffset else {
            return RestoreProblem(line: record.line, column: 1,
                                  message: "\(source.name):\(position.line + 1):\(position.column + 1): \(error.message)")
        }
        return RestoreProblem(line: record.line + position.line, column: record.indent + position.column + 1, message: error.message)
    }
}
