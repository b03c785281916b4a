import RPNCommandLine
import RPNCore

/// The calculator's model controller: one stack and one set of variables for a whole session,
/// the accepted lines (the session's program), and an undo history. Every change goes through
/// here, so undo covers all of them.
///
/// A line is judged as `rpn -e` would judge the session so far, with the variables as they
/// are: it runs as one `Machine` change, the stack entries it could have affected are
/// evaluated, and any error takes the change back. Variables never given a value stay free
/// (the graphing calculator's M), but a store needs a value.
public final class Session {
    /// What `:clear` replaces and its undo brings back.
    struct State {
        var machine: Machine
        /// The accepted lines, as RPN text that replays the session: `:save` writes them,
        /// `:fav` keeps them. `:set`, `:unset` and `:deg` appear as the words that do the same.
        var lines: [ProgramLine]
        /// The accepted lines' sources in one address space (diagnostics point into any of
        /// them), each followed by the files it included, plus at most one rejected line (and
        /// its includes) at the end, kept until the next line so its errors can be shown.
        var sources: SourceSet
        var acceptedSources: Int
        /// The lines typed or loaded among them (`line 3` names the third).
        var acceptedLines = 0
    }

    /// One step of the history.
    enum Step {
        /// A machine change, with the line it added to the program and the sources it ran: the
        /// line's, then those of the files it included.
        case change(Machine.Change, line: ProgramLine?, sources: [SourceFile])
        /// `:clear`: the state on the other side (before it while undoable, after it while redoable).
        case replacement(State)
    }

    private(set) var state: State
    var undoSteps: [Step] = []
    private var redoSteps: [Step] = []
    /// The journal the state file is (see `SessionJournal`): the lines the session started
    /// with (options, replayed as no undo step), then one entry for each undo step since
    /// (those past `undoLimit` too, which replay and then fall off again), in order. Undo moves
    /// the last entry to `redoJournal`, redo moves it back: undone lines are not in the file.
    var startLines: [String] = [] { didSet { revision &+= 1 } }
    var journal: [JournalEntry] = [] { didSet { revision &+= 1 } }
    private var redoJournal: [JournalEntry] = []
    /// Counts the changes of what the state file holds (the journal, the display modes), so
    /// that the shell makes the file's text, megabytes after a big `:load`, only when it changed.
    public private(set) var revision = 0
    public var style = DescriptionStyle() { didSet { revision &+= 1 } }
    /// How values are shown (`:fix 2`, `:frac`, `:hex`, `:polar`, ...): presentation only, not
    /// undone. The polar form's angle is in the unit in force, as `--polar` follows `--degrees`:
    /// `:deg` (or `deg` typed) turns 5∠0.9272952180016122 into 5∠53.13010235415598°.
    public var format: NumberFormat {
        get {
            var format = chosenFormat
            if format.polar != nil { format.polar = angleUnit }
            return format
        }
        set { chosenFormat = newValue }
    }
    private var chosenFormat = NumberFormat() { didSet { revision &+= 1 } }
    /// How many undo levels are kept.
    public var undoLimit = 1000
    /// Where `include` reads files: a typed line's names are relative to the working
    /// directory, a loaded file's to its folder.
    public var includeFiles: IncludeFileSystem = .disk

    /// A session in `angleUnit` with `variables` bound from the start (`rpn --degrees --set
    /// x=3`): part of the program, so `:save` writes them, but not steps `:undo` takes back.
    /// `digits`: inexact values computed with that many digits (`rpn --digits N`; not with
    /// `exact` false, as the command line refuses `--float` with it). `complex`: complex
    /// answers where a real has none (`rpn --complex`).
    public init(angleUnit: AngleUnit = .radians, variables: [(name: String, value: Number)] = [], exact: Bool = true,
                digits: Int? = nil, complex: Bool = false, format: NumberFormat = NumberFormat()) {
        chosenFormat = format
        state = Self.emptyState(angleUnit, exact: exact, digits: digits, complex: complex)
        for (name, value) in variables {
            state.machine.setVariable(name, to: value)
            state.lines.append(ProgramLine(Self.replayStore(name, value, exact: exact, digits: digits)))
        }
        startLines = state.lines.map(\.text)
    }

    static func emptyState(_ angleUnit: AngleUnit, exact: Bool, digits: Int? = nil, complex: Bool = false) -> State {
        let options = EvaluationOptions.shell(angleUnit: angleUnit, exact: exact, digits: digits, complex: complex)
        let arithmetic = options.digits.map { [digitsDirective($0)] } ?? (exact ? [] : [Self.floatDirective])
        let directives = (angleUnit == .degrees ? [Builtin[.deg].glyph] : []) + arithmetic + (complex ? [complexDirective] : [])
        return State(machine: Machine(options: options),
                     lines: directives.map { ProgramLine($0) },
                     sources: SourceSet(), acceptedSources: 0)
    }

    /// The directive `:digits N` writes into the program.
    static func digitsDirective(_ digits: Int) -> String { "\(Builtin[.digits].glyph) \(digits)" }

    /// RPN text that stores `value` in `name` in a program computing exactly or not (`exact`):
    /// digits read back as the same value only in the arithmetic they were written in, so an
    /// inexact value in an exact program (`--set x='2 √'`) is stored between the directives
    /// `float` and `exact`, not read back as the exact decimal 1.4142135623730951.
    /// Under `digits N` the directive after it is `digits N`, which `exact` would end.
    static func replayStore(_ name: String, _ value: Number, exact: Bool, digits: Int? = nil) -> String {
        let store = "\(replayText(value)) →\(name)"
        switch (value.isExact, exact) {
        case (false, true): return "\(floatDirective) \(store) \(digits.map(digitsDirective) ?? exactDirective)"
        case (true, false): return "\(exactDirective) \(store) \(floatDirective)"
        default: return store
        }
    }

    /// RPN text that gives `value` back: an integer's digits, a fraction as `1 3 ÷`, an
    /// inexact value as its shortest round-trip digits (which read back as the same double
    /// where the arithmetic is in doubles: see `replayStore`), a complex value as its parts
    /// and `cplx` (`3 4 cplx`, `1 2 ÷ -1 cplx`), which keeps them of their kind.
    static func replayText(_ value: Number) -> String {
        if case .complex(let z) = value { return "\(replayText(z.re)) \(replayText(z.im)) \(Builtin[.cplx].glyph)" }
        let text = NumberFormat.exactText.string(value)
        guard case .rational = value, let slash = text.firstIndex(of: "/") else { return text }
        return "\(text[..<slash]) \(text[text.index(after: slash)...]) \(Builtin[.divide].glyph)"
    }

    public enum Outcome {
        /// The line changed the session; the warnings it raised (did-you-mean) are shown.
        case accepted(warnings: [Diagnostic])
        /// The line had errors: nothing changed.
        case rejected([Diagnostic])
        /// Ctrl-C stopped the line: nothing changed.
        case interrupted
    }

    // MARK: - Changes (each one undoable)

    /// Runs a line (or a loaded file, named `name`, read from `path`) on the stack. A line
    /// with an error is rejected whole; `interrupted` is asked now and then whether to give up.
    @discardableResult
    public func enter(_ line: String, name: String? = nil, path: String? = nil, interrupted: () -> Bool = { false }) -> Outcome {
        let wordsBefore = definitionCount
        let (outcome, step) = run(line, name: name, path: path, interrupted: interrupted)
        if let step {
            record(step, JournalEntry(kind: .line(line, name: name, path: path),
                                      summary: JournalEntry.summary(of: line, name: name, path: path,
                                                                    defined: definitions(from: wordsBefore).map(\.name))))
        }
        return outcome
    }

    /// Runs a line as `enter` does; the step to record when it was accepted.
    private func run(_ line: String, name: String?, path: String? = nil, interrupted: () -> Bool) -> (Outcome, Step?) {
        dropRejectedSource()
        let source = state.sources.add(name: name ?? "line \(state.acceptedLines + 1)", bytes: Array(line.utf8), path: path)
        // The files the line includes go after it, and come and go with it.
        let includes = IncludeResolver(sources: state.sources, fileSystem: includeFiles)
        state.machine.includes = includes
        state.machine.clearDiagnostics()
        state.machine.beginChange()
        let finished = state.machine.run(source, interrupted: interrupted)
        state.machine.includes = nil
        state.sources = includes.sources
        guard finished else {
            state.machine.abandonChange()
            dropRejectedSource()
            return (.interrupted, nil)
        }
        guard state.machine.evaluateChangedEntries(interrupted: interrupted) else {
            state.machine.abandonChange()
            dropRejectedSource()
            return (.interrupted, nil)
        }
        let diagnostics = state.machine.allDiagnostics
        if diagnostics.contains(where: { $0.severity == .error }) {
            state.machine.abandonChange()
            state.machine.clearDiagnostics()
            return (.rejected(diagnostics.filter { $0.severity == .error }), nil)
        }
        let change = state.machine.endChange()
        state.machine.clearDiagnostics()
        let added = Array(includes.sources.files[state.acceptedSources...])
        state.acceptedSources += added.count
        state.acceptedLines += 1
        let programLine = line.allSatisfy(\.isWhitespace) ? nil : ProgramLine(line, source: source)
        if let programLine { state.lines.append(programLine) }
        return (.accepted(warnings: diagnostics.filter { diagnostic in added.contains { $0.contains(diagnostic.range.lowerBound) } }),
                .change(change, line: programLine, sources: added))
    }

    /// `:set NAME VALUE`: judged like a line, so a value that breaks an entry (`1 y ÷` and
    /// `:set y 0`) is rejected.
    @discardableResult
    public func setVariable(_ name: String, to value: Number, text: String? = nil) -> Outcome {
        // The value as typed when there is one (`:set x 2 √` replays as `2 √ →x`, inexact as it
        // was); else text that gives the value back.
        change(line: text.map { "\($0) →\(name)" } ?? Self.replayStore(name, value, exact: isExact, digits: digits)) {
            $0.setVariable(name, to: value)
        }
    }

    /// `:float`, `:exact`: how the lines typed from now on compute.
    /// Either ends `:digits N`, as the directives do.
    public func setExact(_ exact: Bool) {
        _ = change(line: exact ? Self.exactDirective : Self.floatDirective) {
            $0.options.exact = exact
            $0.options.digits = nil
        }
    }

    public var isExact: Bool { state.machine.options.exact }

    /// `:complex`, `:real`: whether the lines typed from now on give complex answers where a
    /// real has none (`-1 √` is 1i).
    public func setComplex(_ complex: Bool) {
        _ = change(line: complex ? Self.complexDirective : Self.realDirective) { $0.options.complex = complex }
    }

    public var isComplex: Bool { state.machine.options.complex }

    /// `:digits N`: inexact values computed with N significant digits from now on, exact ones
    /// exact (after `:float` too); nil (`:digits off`) goes back to IEEE doubles, as `:exact`.
    public func setDigits(_ digits: Int?) {
        _ = change(line: digits.map(Self.digitsDirective) ?? Self.exactDirective) {
            $0.options.exact = true
            $0.options.digits = digits
        }
    }

    /// The digits inexact values are computed with; nil: IEEE doubles.
    public var digits: Int? { state.machine.options.digits }

    /// The directives `:float` and `:exact` write into the program.
    static let floatDirective = Builtin[.float].glyph, exactDirective = Builtin[.exact].glyph
    /// The directives `:complex` and `:real` write into the program.
    static let complexDirective = Builtin[.complex].glyph, realDirective = Builtin[.real].glyph

    /// `:unset NAME`; false when it was not set.
    @discardableResult
    public func unsetVariable(_ name: String) -> Bool {
        guard case .value = state.machine.variables[name] else { return false }
        // Taking a value away cannot break an entry: entries that read it just lose theirs.
        _ = change(line: "\(Builtin[.unset].glyph) \(name)") { $0.setVariable(name, to: nil) }
        return true
    }

    /// `:deg`, `:rad`: the unit of the trigonometry typed from now on.
    public func setAngleUnit(_ unit: AngleUnit) {
        _ = change(line: Builtin[unit == .degrees ? .deg : .rad].glyph) { $0.options.angleUnit = unit }
    }

    /// `:clear`: a fresh stack and no variables; the angle unit and the words stay. The words
    /// in force (and the earlier definitions they call) are replayed, in their order, as the
    /// new program's first line.
    public func clear() {
        dropRejectedSource()
        let before = state
        let definitions = definitionsText(of: neededDefinitions(from: definedWords.map(\.index)))
        state = Self.emptyState(angleUnit, exact: isExact, digits: digits, complex: isComplex)
        if !definitions.isEmpty { _ = run(definitions, name: "definitions", interrupted: { false }) }
        record(.replacement(before), JournalEntry(kind: .clear(left: program), summary: ":clear"))
    }

    /// `:new`: a session as `rpn` with no options starts, with no words either; undoable as
    /// `:clear` is. How values are shown stays (presentation, never undone).
    public func startNew() {
        dropRejectedSource()
        let before = state
        state = Self.emptyState(.radians, exact: true)
        record(.replacement(before), JournalEntry(kind: .new, summary: ":new"))
    }

    private func change(line: String, _ body: (inout Machine) -> Void) -> Outcome {
        dropRejectedSource()
        state.machine.clearDiagnostics()
        state.machine.beginChange()
        body(&state.machine)
        state.machine.evaluateChangedEntries()
        let errors = state.machine.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else {
            state.machine.abandonChange()
            state.machine.clearDiagnostics()
            return .rejected(errors)
        }
        let change = state.machine.endChange()
        state.machine.clearDiagnostics()
        let programLine = ProgramLine(line)
        state.lines.append(programLine)
        record(.change(change, line: programLine, sources: []), JournalEntry(kind: .line(line, name: nil, path: nil), summary: line))
        return .accepted(warnings: [])
    }

    private func record(_ step: Step, _ entry: JournalEntry) {
        undoSteps.append(step)
        if undoSteps.count > undoLimit { undoSteps.removeFirst(undoSteps.count - undoLimit) }
        redoSteps.removeAll()
        journal.append(entry)
        redoJournal.removeAll()
        forgetJournalBeforeUndoWindow()
    }

    /// A `:clear` or `:new` that `:undo` can no longer reach makes what came before it
    /// unreachable too: its result becomes the start (the program `:clear` left, or nothing),
    /// so the state file stops growing with lines no one can get back.
    private func forgetJournalBeforeUndoWindow() {
        let unreachable = journal.count - undoSteps.count
        guard unreachable > 0, let last = journal[..<unreachable].lastIndex(where: { $0.kind.replacesState }) else { return }
        if case .clear(let left) = journal[last].kind, !left.isEmpty { startLines = [left] } else { startLines = [] }
        journal.removeFirst(last + 1)
    }

    private func dropRejectedSource() {
        while state.sources.files.count > state.acceptedSources { state.sources.removeLast() }
    }

    // MARK: - Undo

    /// Bytes the undo and redo history keeps alive beyond the current state (the lines' own
    /// text aside): each step holds what it changed, and `:clear` the state it replaced.
    public var historyBytes: Int {
        (undoSteps + redoSteps).reduce(0) { total, step in
            switch step {
            case .change(let change, _, _): total + change.retainedBytes
            case .replacement(let state): total + state.machine.depth * 8 + state.machine.nodes.count * MemoryLayout<Node>.stride
            }
        }
    }

    public var canRedo: Bool { !redoSteps.isEmpty }

    /// What `undo()` would take back (`defined square`, `3 4 +`, `:clear`); nil: nothing.
    public var undoSummary: String? { undoSteps.isEmpty ? nil : journal.last?.summary }

    /// What `redo()` would do again; nil: nothing.
    public var redoSummary: String? { redoSteps.isEmpty ? nil : redoJournal.last?.summary }

    @discardableResult
    public func undo() -> Bool {
        guard let step = undoSteps.popLast() else { return false }
        dropRejectedSource()
        redoSteps.append(apply(step, undoing: true))
        if let entry = journal.popLast() { redoJournal.append(entry) }
        return true
    }

    @discardableResult
    public func redo() -> Bool {
        guard let step = redoSteps.popLast() else { return false }
        dropRejectedSource()
        undoSteps.append(apply(step, undoing: false))
        if let entry = redoJournal.popLast() { journal.append(entry) }
        return true
    }

    /// Applies a step one way and returns it ready for the other way.
    private func apply(_ step: Step, undoing: Bool) -> Step {
        switch step {
        case .change(var change, let line, let sources):
            if undoing {
                state.machine.undo(&change)
                if line != nil { state.lines.removeLast() }
                for _ in sources { state.sources.removeLast() }
                state.acceptedSources -= sources.count
                if !sources.isEmpty { state.acceptedLines -= 1 }
            } else {
                state.machine.redo(&change)
                if let line { state.lines.append(line) }
                for source in sources { state.sources.append(source) }
                state.acceptedSources += sources.count
                if !sources.isEmpty { state.acceptedLines += 1 }
            }
            return .change(change, line: line, sources: sources)
        case .replacement(let other):
            let current = state
            state = other
            return .replacement(current)
        }
    }

    // MARK: - Reading

    public struct Entry: Equatable {
        public var description: String
        public var value: Number?
    }

    /// What the display shows: the top `levels` entries and the description of the stack's
    /// newest entries, each description cut at `descriptionBytes` bytes, so a deep stack or a
    /// description of gigabytes (`1 dup + dup + ...`) costs only what is shown.
    public struct Display: Equatable {
        public var depth: Int
        /// The top entries, oldest first.
        public var entries: [Entry]
        /// The description of the newest entries that fit, `…,` in front when older ones did not.
        public var description: String
    }

    public func display(levels: Int, descriptionBytes: Int) -> Display {
        // Evaluating only fills caches, so it runs on the session's own machine: a copy would
        // copy every node on the first cache write.
        let depth = state.machine.depth
        let limited = DescriptionStyle(glyphs: style.glyphs, byteLimit: descriptionBytes)
        let entries = (max(0, depth - levels)..<depth).map { level in
            let node = state.machine.stackNode(level)
            return Entry(description: state.machine.description(of: node, style: limited),
                         value: state.machine.value(of: node))
        }
        var parts: [String] = []
        var bytes = 0
        for level in (0..<depth).reversed() {
            guard bytes < descriptionBytes else {
                parts.append("…")
                break
            }
            let part = state.machine.description(of: state.machine.stackNode(level),
                                                 style: DescriptionStyle(glyphs: style.glyphs,
                                                                         byteLimit: descriptionBytes - bytes))
            bytes += part.utf8.count + 1
            parts.append(part)
        }
        return Display(depth: depth, entries: entries, description: parts.reversed().joined(separator: ","))
    }

    /// Every stack entry, oldest first: its description and value (tests and small stacks;
    /// the display uses `display(levels:descriptionBytes:)`).
    public var entries: [Entry] {
        state.machine.stackNodes.map { node in
            Entry(description: state.machine.description(of: node, style: style), value: state.machine.value(of: node))
        }
    }

    /// The civilized description of the whole stack, cut at `limit` bytes.
    public func description(limit: Int = 1 << 28) -> (text: String, truncated: Bool) {
        let (bytes, truncated) = state.machine.describe(style: DescriptionStyle(glyphs: style.glyphs, byteLimit: limit))
        return (String(decoding: bytes, as: UTF8.self), truncated)
    }

    /// The civilized description of the whole stack.
    public var description: String { description().text }

    /// The session as a program: the accepted lines.
    public var program: String { state.lines.map(\.text).joined(separator: "\n") }


    /// Every source the session's diagnostics can point into.
    public var sources: SourceSet { state.sources }

    /// The source of the line entered last (kept after it while it was rejected), not of a
    /// file it included.
    public var lastLineSource: SourceFile? { state.sources.files.last { $0.includeSite == nil } }

    public var depth: Int { state.machine.depth }

    public var variables: [(name: String, value: Number)] { state.machine.variables.bound }

    /// Names for completion: the session's variables (not the words' names, which the
    /// machine keeps among them).
    public var variableNames: [String] {
        let words = Set(state.machine.words.map(\.name))
        return state.machine.variables.names.filter { !words.contains($0) }
    }

    public var angleUnit: AngleUnit { state.machine.options.angleUnit }

    /// The top entry's node, to plot it.
    public var topNode: Int32? { state.machine.depth > 0 ? state.machine.stackNode(state.machine.depth - 1) : nil }
}
