import RPNCore

/// The calculator's model controller: one stack and one set of variables for a whole session,
/// the accepted lines (the session's program), and an undo history of mementos. Every
/// change goes through here, so undo covers all of them.
public final class Session {
    /// Everything undo restores. A `Machine` is a value, so a memento is a copy.
    public struct State {
        public var machine: Machine
        /// The accepted lines, as RPN text: `:save` writes them, `:fav` keeps them.
        public var lines: [String]
    }

    public private(set) var state: State
    private var undoStack: [State] = []
    private var redoStack: [State] = []
    /// Every line entered, in one address space, so diagnostics can point into any of them.
    public private(set) var sources = SourceSet()
    public var style = DescriptionStyle()
    /// How many undo levels are kept.
    public var undoLimit = 1000

    public init(angleUnit: AngleUnit = .radians) {
        state = State(machine: Machine(options: EvaluationOptions(angleUnit: angleUnit, keepTrees: true,
                                                                  freeVariables: true)),
                      lines: [])
    }

    public enum Outcome {
        case accepted
        /// The line had errors: nothing changed.
        case rejected([Diagnostic])
    }

    // MARK: - Changes (each one undoable)

    /// Runs a line on the stack. A line with an error is rejected whole.
    @discardableResult
    public func enter(_ line: String) -> Outcome {
        var machine = state.machine
        machine.clearDiagnostics()
        let source = sources.add(name: "line \(sources.files.count + 1)", bytes: Array(line.utf8))
        machine.run(source)
        let errors = machine.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else { return .rejected(errors) }
        machine.clearDiagnostics()
        var lines = state.lines
        if !line.allSatisfy(\.isWhitespace) { lines.append(line) }
        commit(State(machine: machine, lines: lines))
        return .accepted
    }

    /// `:set NAME VALUE`.
    public func setVariable(_ name: String, to value: Double) {
        var next = state
        next.machine.setVariable(name, to: value)
        next.lines.append("\(NumberFormatting.ascii(value)) →\(name)")
        commit(next)
    }

    /// `:unset NAME`; false when it was not set.
    @discardableResult
    public func unsetVariable(_ name: String) -> Bool {
        guard case .value = state.machine.variables[name] else { return false }
        var next = state
        next.machine.setVariable(name, to: nil)
        next.lines.append("# :unset \(name)")
        commit(next)
        return true
    }

    /// `:clear`: a fresh stack and no variables.
    public func clear() {
        commit(State(machine: Machine(options: state.machine.options), lines: []))
    }

    public func setAngleUnit(_ unit: AngleUnit) {
        var next = state
        next.machine.options.angleUnit = unit
        commit(next)
    }

    private func commit(_ next: State) {
        undoStack.append(state)
        if undoStack.count > undoLimit { undoStack.removeFirst(undoStack.count - undoLimit) }
        redoStack.removeAll()
        state = next
    }

    // MARK: - Undo

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    @discardableResult
    public func undo() -> Bool {
        guard let previous = undoStack.popLast() else { return false }
        redoStack.append(state)
        state = previous
        return true
    }

    @discardableResult
    public func redo() -> Bool {
        guard let next = redoStack.popLast() else { return false }
        undoStack.append(state)
        state = next
        return true
    }

    // MARK: - Reading

    public struct Entry: Equatable {
        public var description: String
        public var value: Double?
    }

    /// The stack, oldest first: each entry's description and value.
    public var entries: [Entry] {
        var machine = state.machine
        return machine.stackNodes.map { node in
            Entry(description: machine.description(of: node, style: style), value: machine.value(of: node))
        }
    }

    /// The civilized description of the whole stack.
    public var description: String { state.machine.description(style: style) }

    /// The session as a program: the accepted lines.
    public var program: String { state.lines.joined(separator: "\n") }

    public var variables: [(name: String, value: Double)] { state.machine.variables.bound }

    /// Names for completion: the session's variables.
    public var variableNames: [String] { state.machine.variables.names }

    public var angleUnit: AngleUnit { state.machine.options.angleUnit }

    /// The top entry's node, to plot it.
    public var topNode: Int32? { state.machine.stackNodes.last }

    /// A function of `variable` from the top entry (for plots), evaluated on a copy of the
    /// machine so the session itself never changes.
    public func topFunction(of variable: String) -> ((Double) -> Double?)? {
        guard let node = topNode else { return nil }
        var machine = state.machine
        return { x in
            machine.setVariable(variable, to: x)
            return machine.value(of: node)
        }
    }
}
