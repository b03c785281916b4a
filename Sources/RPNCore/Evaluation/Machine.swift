/// The RPN stack machine: runs sources token by token on one stack and one set of variables,
/// builds expression trees (see `Node`) and reports diagnostics. It is a value: copying it
/// is a snapshot, which is all the shell's undo needs.
///
/// Values are computed eagerly for constant subtrees, so a failing operation is reported at
/// its token when it runs. Subtrees that read variables stay symbolic and are evaluated when
/// asked for (a store, or the final stack), with the variables as they are then.
public struct Machine: Sendable {
    public var options: EvaluationOptions {
        didSet { log.limit = options.diagnosticLimit }
    }
    /// What the compiler knows: the words defined so far and the symbols editors navigate by.
    var compiler = Compiler()
    /// The diagnostics the compiler and the machine report.
    var log: DiagnosticLog
    public internal(set) var nodes: [Node] = []
    /// The stack, 8 bytes per entry so that deep stacks stay small (see `StackSlot`): a folded
    /// constant (values-only runs), "no value" (already reported), or the index of the entry's
    /// node.
    var stack = ValueStack()
    /// Exact values that do not fit an entry inline (fractions, big integers), referred to by
    /// index from entries and node values.
    public internal(set) var store = ValueStore()
    var storeCompactionThreshold = 4096
    /// π and e at the digits last asked for (`--digits`): a loop that reads π makes it once.
    var bigPi: BigFloat?, bigE: BigFloat?
    public internal(set) var variables = Variables()

    var epoch: UInt32 = 1
    var bucketEpochs = [UInt32](repeating: 0, count: 32)
    var reportedNodes: Set<Int32> = []
    var scratch: [Int32] = []
    /// Did-you-mean for unset variables, by variable index: a name is looked up once while the
    /// names it could mean (the words, the variables with a value) stay the same.
    var suggestions: [Int32: (suggestion: String?, names: Int)] = [:]
    /// How many more of the program's own names did-you-mean may look at in this run: a
    /// document of 10^4 free variables and 10^4 stored ones would otherwise compare 10^8 pairs
    /// on every keystroke. Past it only built-in words are suggested.
    var ownNameComparisonsLeft = Machine.ownNameComparisons
    static let ownNameComparisons = 200_000
    /// What the change in progress has done, so it can be taken back (see `Machine+Undo`);
    /// nil outside a change.
    var journal: Journal?
    /// Stack entries below this index are untouched since the change began (0 outside a change,
    /// so the check in the hot path never fires there).
    var stackFloor = 0
    /// The slot of the x operand (level 1) of the most recent operator or function, which
    /// `lastx` pushes again (HP LASTX); `StackSlot.nothing` before the first. Not an
    /// optional: the loop sets it at every operation, with one store.
    var lastX = StackSlot.nothing

    /// The operands of call and select nodes (see `Node.Kind.call`).
    var links: [Int32] = []
    /// The run in progress: its frames and locals, the ifs whose flag had no value, how it
    /// entered counted steps, and when the loop must trap (see `Machine+Interpreter`).
    var run = RunState()
    /// Steps run since the current source began (`EvaluationOptions.maxSteps`), or since the
    /// current top-level line began (`EvaluationOptions.maxStepsInAll`).
    public internal(set) var steps = 0
    /// With a budget per line: the steps of the source's lines before the current one.
    var stepsBeforeLine = 0
    /// Whether this run reached `options.maxSteps` (reported once; later blocks do not run).
    var stepLimitReached = false
    var hooks: RunHooks?
    /// Where `include` finds its files (see `IncludeResolver`): set by a front end that reads
    /// files; without one an include is an error.
    public var includes: IncludeResolver?
    var reportedCallDiagnostics: Set<CallDiagnosticKey> = []
    /// A machine that runs a body for another (`valuesMachine`), which passes its diagnostics
    /// on with the call that led there: it names no calls itself.
    var reportsToCaller = false
    /// Where in the log the last store warning is (`Machine+StoreWarning`), -1 for none.
    var lastStoreWarning = -1
    /// The checkpoints of a run that keeps them (incremental analysis, see
    /// `Machine+Checkpoints`), in source order; empty otherwise.
    public internal(set) var checkpoints: [Checkpoint] = []
    /// Whether runs take checkpoints; then `reportLog` lists the nodes reported, in order.
    public var keepsCheckpoints = false
    public var checkpointSpacing = Machine.defaultCheckpointSpacing
    var reportLog: [Int32] = []
    /// Whether the segment after the last checkpoint is being recorded (in `journal`).
    var recordingSegment = false
    /// The store is never compacted below this mark: checkpoints hold marks into it.
    var storeFloor = ValueStore.Mark()
    /// The state where the last run with checkpoints ended, before the final evaluation.
    var runEnd: Checkpoint?
    /// Whether the stack was evaluated after that run's end, and the entries whose evaluation
    /// reported something (`Machine+FinalValues`).
    var finalEvaluationDone = false
    var entriesThatReported: [Int] = []
    /// After a run that converged: the stack entries whose final value was not put back (in
    /// order), and the stack's depth then; the final evaluation evaluates only those.
    var entriesLeftToEvaluate: (entries: [Int], depth: Int)?
    /// The previous run put aside while the run in progress may converge with it.
    var previousRun: PreviousRun?
    /// The storage of the last previous run's nodes and links, kept to put the next one in:
    /// tens of megabytes at 10^6 lines, which allocated anew cost a page fault a page.
    var spareNodes: [Node] = []
    var spareLinks: [Int32] = []
    /// How the last run converged with the previous one (nil: it did not).
    public internal(set) var convergence: Convergence?
    /// Whether `depth` ran since the last checkpoint.
    var depthRead = false
    /// Issue 19: analysis over a free variable: the points f was valued at (Ctrl-C is asked every 64).
    var pointsValued = 0
    /// The tokens a run with checkpoints observed, the previous run's taken over included.
    var tokensObserved = 0

    public init(options: EvaluationOptions = EvaluationOptions(), includes: IncludeResolver? = nil) {
        self.options = options
        self.includes = includes
        log = DiagnosticLog(limit: options.diagnosticLimit)
    }

    /// Every definition, in order (a word defined again has two).
    public var words: [WordDefinition] { compiler.words }
    /// Every occurrence of a word or a local, for editors.
    public var symbols: [SymbolOccurrence] { compiler.symbols }
    public var diagnostics: [Diagnostic] { log.diagnostics }
    /// Diagnostics beyond `options.diagnosticLimit`, counted but not kept.
    public var suppressedDiagnostics: Int { log.suppressed }

    /// Forgets every entry, node, variable and diagnostic but keeps the storage, so re-running
    /// an edited document does not allocate and fault in its arrays again. The machine becomes
    /// a new one, not a list of fields cleared one by one (a field added and forgotten there
    /// would make a reset machine differ from a fresh one): only the big arrays' storage is
    /// carried over, emptied.
    public mutating func reset() {
        var fresh = Machine(options: options)
        fresh.compiler.recycleStorage(of: &compiler)
        nodes.removeAll(keepingCapacity: true)
        swap(&fresh.nodes, &nodes)
        stack.removeAll(keepingCapacity: true)
        swap(&fresh.stack, &stack)
        links.removeAll(keepingCapacity: true)
        swap(&fresh.links, &links)
        scratch.removeAll(keepingCapacity: true)
        swap(&fresh.scratch, &scratch)
        reportedNodes.removeAll(keepingCapacity: true)
        swap(&fresh.reportedNodes, &reportedNodes)
        self = fresh
    }

    /// Forgets the diagnostics found so far (the shell keeps one machine for a whole session
    /// and looks at each line's diagnostics on their own).
    public mutating func clearDiagnostics() {
        log.removeAll()
        reportedCallDiagnostics.removeAll()
        reportedNodes.removeAll(keepingCapacity: true)
    }

    // MARK: - Inspecting

    public var depth: Int { stack.count }

    /// Node indices of the stack entries, oldest first (-1 for folded constants, which only
    /// values-only runs make).
    public var stackNodes: [Int32] { stack.map { StackSlot.node($0) ?? -1 } }

    /// The node of one stack entry (0: the oldest; -1 for a folded constant).
    public func stackNode(_ level: Int) -> Int32 { StackSlot.node(stack[level]) ?? -1 }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    // MARK: - Running

    /// Binds a variable from outside the program (`--set`, the shell's `:set`).
    /// Pushes a value given from outside (`rpn --list`'s data).
    public mutating func push(_ value: Number) {
        pushConstant(encode(value), kind: .number, op: .add, token: 0..<0)
    }

    public mutating func setVariable(_ name: String, to value: Number?) {
        // There is one zero (grammar/rpn.ebnf): a -0 from outside becomes 0 as every result does.
        bind(variables.intern(name), value.map { .value($0.normalizingZero) } ?? .unset)
    }

    /// Changes a binding (remembering the old one when a change is in progress) and marks the
    /// cached values that read it as stale.
    mutating func bind(_ index: Int32, _ binding: Variables.Binding) {
        journal?.remember(index, variables.bindings[Int(index)])
        variables.bind(index, binding)
        touch(index)
    }

    /// The value of every stack entry, oldest first, with the variables as they are now;
    /// nil where there is none (the reason is among the diagnostics).
    public mutating func values() -> [Number?] {
        // Not `number(valueOfSlot(i))`: Swift would read `self` for `number` before the call
        // that adds the value's box to it.
        (0..<stack.count).map { i in
            let slot = valueOfSlot(i)
            return number(slot)
        }
    }

    /// Evaluates every stack entry (reporting what fails), so that `value(at:)` then reads
    /// them without building an array of all the values: 10^7 entries stay 8 bytes each.
    /// Notes the entries whose evaluation reported something, for the final values an
    /// incremental run puts back (`Machine+FinalValues`).
    public mutating func evaluateStack() {
        entriesThatReported.removeAll(keepingCapacity: true)
        func evaluateEntry(_ i: Int) {
            let reported = log.count
            _ = valueOfSlot(i)
            if log.count != reported { entriesThatReported.append(i) }
        }
        if let left = entriesLeftToEvaluate, left.depth == stack.count {
            for i in left.entries { evaluateEntry(i) }
        } else {
            for i in 0..<stack.count { evaluateEntry(i) }
        }
        entriesLeftToEvaluate = nil
        finalEvaluationDone = runEnd != nil
    }

    /// The value of one stack entry (0: the oldest), with the variables as they are now.
    public mutating func value(at level: Int) -> Number? {
        let slot = valueOfSlot(level)  // before reading self: evaluating may add a box
        return number(slot)
    }

    /// The value of one node, with the variables as they are now (nil: none).
    public mutating func value(of node: Int32) -> Number? {
        let slot = evaluate(node)  // before reading self: evaluating may add a box
        return number(slot)
    }

    // MARK: - Instructions (the general half of each; see `Machine+Interpreter`)

    @inline(__always)
    mutating func pushLiteral(_ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
        // The common literals without a call: a double with --float, a short integer
        // exactly (see `exactShortInteger`); the rest in `literalValue`.
        var value = token.number
        if options.exact {
            value = Self.exactShortInteger(token) ?? literalValue(token, buffer, base)
        } else if !value.isFinite {
            value = literalValue(token, buffer, base)
        }
        stack.append(options.keepTrees
            ? append(Node(kind: .number, value: value, lhs: Self.literalRadix(token, buffer, base), token: token.range))
            : value)
    }

    /// `deg`, `rad`, and the arithmetic, one at a time, the last written winning: `float`
    /// (doubles throughout), `exact` (exact values, inexact ones in doubles: the default) and
    /// `digits N` (`operand`: exact values, inexact ones at N digits), as the command line's
    /// `--float` and `--digits N` are one or the other.
    @inline(never)
    mutating func directive(_ op: BuiltinID, operand: Int = 0) {
        switch op {
        case .deg: options.angleUnit = .degrees
        case .rad: options.angleUnit = .radians
        case .float: (options.exact, options.digits) = (false, nil)
        case .exact: (options.exact, options.digits) = (true, nil)
        case .digits: (options.exact, options.digits) = (true, operand)
        case .complex: options.complex = true
        case .real: options.complex = false
        default: break  // `unset NAME` is an instruction of its own
        }
    }

    /// Appends a node; returns its stack slot.
    @inline(__always)
    mutating func append(_ node: Node) -> Double {
        nodes.append(node)
        return StackSlot.box(Int32(nodes.count - 1))
    }

    @inline(__always)
    mutating func pushConstant(_ value: Double, kind: Node.Kind, op: BuiltinID, token: Range<Int>) {
        stack.append(options.keepTrees ? append(Node(kind: kind, op: op, value: value, token: token)) : value)
    }

    /// The constant (encoded) value of a slot, or nil when it depends on variables.
    @inline(__always)
    func constantValue(_ slot: Double) -> Double? {
        guard let node = StackSlot.node(slot) else { return slot }
        return nodes[Int(node)].dependencies == 0 ? nodes[Int(node)].value : nil
    }

    /// A node for a slot, making one for a folded constant.
    mutating func materialize(_ slot: Double) -> Int32 {
        if let node = StackSlot.node(slot) { return node }
        nodes.append(Node(kind: .number, value: slot, token: 0..<0))
        return Int32(nodes.count - 1)
    }

    mutating func missingNode(at token: Range<Int>) -> Int32 {
        nodes.append(Node(kind: .missing, token: token.lowerBound..<token.lowerBound))
        return Int32(nodes.count - 1)
    }

    /// The common cases of a binary operator (two values, no trees) in line; the rest apart,
    /// so that this stays small enough for the compiler to inline into the token loop.
    @inline(__always)
    mutating func binary(_ op: BuiltinID, _ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
        let n = stack.count
        guard n >= 2 else { return binaryWithTrees(op, token, buffer, base) }
        let x = stack[n - 2], y = stack[n - 1]
        if x.isFinite, y.isFinite {
            // The values-only fast path in doubles (--float, or inexact values).
            willModify(from: n - 2)
            lastX = y
            stack[n - 2] = apply(op, x, y, token.range)
            stack.removeLast()
            return
        }
        if StackSlot.isValue(x), StackSlot.isValue(y) {
            // The values-only path of exact values.
            willModify(from: n - 2)
            lastX = y
            stack[n - 2] = applyBinary(op, x, y, token.range)
            stack.removeLast()
            return
        }
        binaryWithTrees(op, token, buffer, base)
    }

    /// A binary operator on nodes, or with too few operands.
    @inline(never)
    mutating func binaryWithTrees(_ op: BuiltinID, _ token: Token, _ buffer: UnsafeBufferPointer<UInt8>,
                                          _ base: Int) {
        let n = stack.count
        guard n >= 2 else {
            willModify(from: 0)
            report(.error, .missingOperand,
                   "\(text(token.range, buffer, base)) needs 2 operands, found \(n)", token.range)
            var slot = Double.nan
            if options.keepTrees {
                let rhs = n == 1 ? materialize(stack[0]) : missingNode(at: token.range)
                let lhs = missingNode(at: token.range)
                slot = append(Node(kind: .binary, op: op, lhs: lhs, rhs: rhs, angle: options.angleUnit, complex: options.complex,
                                   token: token.range))
            }
            stack.removeAll(keepingCapacity: true)
            stack.append(slot)
            return
        }
        willModify(from: n - 2)
        let x = stack[n - 2], y = stack[n - 1]
        lastX = y
        if let a = constantValue(x), let b = constantValue(y) {
            let value = StackSlot.isNone(a) || StackSlot.isNone(b) ? Double.nan : applyBinary(op, a, b, token.range)
            stack.removeLast()
            if options.keepTrees, let lhs = StackSlot.node(x), let rhs = StackSlot.node(y) {
                stack[n - 2] = append(Node(kind: .binary, op: op, value: value, lhs: lhs, rhs: rhs,
                                           angle: options.angleUnit, complex: options.complex, token: token.range))
            } else {
                stack[n - 2] = value
            }
            return
        }
        let left = materialize(x), right = materialize(y)
        let dependencies = nodes[Int(left)].dependencies | nodes[Int(right)].dependencies
        stack.removeLast()
        stack[n - 2] = append(Node(kind: .binary, op: op, lhs: left, rhs: right, angle: options.angleUnit, complex: options.complex,
                                   dependencies: dependencies, token: token.range))
    }

    @inline(__always)
    mutating func unary(_ op: BuiltinID, _ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
        let n = stack.count
        guard n >= 1 else {
            report(.error, .missingOperand,
                   "\(text(token.range, buffer, base)) needs 1 operand, found 0", token.range)
            stack.append(options.keepTrees
                ? append(Node(kind: .unary, op: op, lhs: missingNode(at: token.range), token: token.range)) : .nan)
            return
        }
        willModify(from: n - 1)
        let x = stack[n - 1]
        lastX = x
        if let a = constantValue(x) {
            let value = StackSlot.isNone(a) ? Double.nan : applyUnary(op, a, angle: options.angleUnit, token.range)
            if options.keepTrees, let operand = StackSlot.node(x) {
                stack[n - 1] = append(Node(kind: .unary, op: op, value: value, lhs: operand,
                                           angle: options.angleUnit, complex: options.complex, token: token.range))
            } else {
                stack[n - 1] = value
            }
            return
        }
        let operand = StackSlot.node(x)!
        let dependencies = nodes[Int(operand)].dependencies
        stack[n - 1] = append(Node(kind: .unary, op: op, lhs: operand, angle: options.angleUnit, complex: options.complex,
                                   dependencies: dependencies, token: token.range))
    }

    @inline(never)
    mutating func stackWord(_ op: BuiltinID, _ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
        let n = stack.count
        let needed = Builtin[op].arity
        guard n >= needed else {
            let word = text(token.range, buffer, base)
            report(.error, .missingOperand,
                   "\(word) needs \(needed) operand\(needed == 1 ? "" : "s"), found \(n)", token.range)
            return
        }
        switch op {
        case .dup: stack.append(stack[n - 1])
        case .drop:
            willModify(from: n - 1)
            stack.removeLast()
        case .swap:
            willModify(from: n - 2)
            stack.swapAt(n - 1, n - 2)
        case .over: stack.append(stack[n - 2])
        case .rot:
            willModify(from: n - 3)
            let third = stack[n - 3]
            stack[n - 3] = stack[n - 2]
            stack[n - 2] = stack[n - 1]
            stack[n - 1] = third
        case .clear:
            willModify(from: 0)
            stack.removeAll(keepingCapacity: true)
        case .depth:
            depthRead = true
            pushConstant(options.exact ? StackSlot.small(n)! : Double(n), kind: .number, op: .add, token: token.range)
        case .lastx:
            let x = lastX
            guard x.bitPattern != StackSlot.nothing.bitPattern else {
                report(.error, .missingOperand,
                       "\(text(token.range, buffer, base)) has nothing to recall: no operator or function has run yet",
                       token.range)
                pushNone(at: token.range)  // ( -- x ): its output, without value, as any failing word's
                return
            }
            stack.append(x)
        case .nip:
            willModify(from: n - 2)
            stack[n - 2] = stack[n - 1]
            stack.removeLast()
        case .tuck:
            willModify(from: n - 2)
            let (a, b) = (stack[n - 2], stack[n - 1])
            stack[n - 2] = b
            stack[n - 1] = a
            stack.append(b)
        case .dup2:
            stack.append(stack[n - 2])
            stack.append(stack[n - 1])
        case .drop2:
            willModify(from: n - 2)
            stack.removeLast(2)
        case .reim:  // z -- re(z) im(z): each an operation of its own, for descriptions and values
            let z = stack[n - 1]
            unary(.re, token, buffer, base)
            stack.append(z)
            unary(.im, token, buffer, base)
        case .fromList, .linreg, .times, .call:
            listStackWord(op, at: token.range)
        case .solve, .integrate, .derivative, .taylor:  // Issue 19: analysis over a free variable
            analysis(op, token, buffer, base)
        default:  // pick, roll, rolld, dupn, dropn, →list: a count on top, then entries counted from 1 below it
            let count = self.count(of: op, token, buffer, base)
            let m = n - 1  // entries below the count
            let c = count ?? 0
            willModify(from: op == .roll || op == .rolld || op == .dropn ? m - c : m)
            stack.removeLast()
            guard count != nil else { return }
            switch op {
            case .pick: stack.append(stack[m - c])
            case .roll: if c > 1 { stack.append(stack.remove(at: m - c)) }
            case .rolld: if c > 1 { stack.insert(stack.removeLast(), at: m - c) }
            case .dupn: stack.append(contentsOf: stack[(m - c)..<m])
            case .toList:
                let slot = listSlot(from: m - c, at: token.range)
                stack.removeLast(c)
                pushConstant(slot, kind: .number, op: .add, token: token.range)
            default: stack.removeLast(c)
            }
        }
    }

    /// The count on top of the stack for `pick`, `roll`, `rolld`, `dupn` and `dropn`: a
    /// constant whole number (at least 1 for `pick`) with that many entries below it. Nil when
    /// it is not; the reason is reported at the word (or was, where the count has no value).
    /// The one place that reads a count from a stack slot.
    private mutating func count(of op: BuiltinID, _ token: Token, _ buffer: UnsafeBufferPointer<UInt8>,
                                _ base: Int) -> Int? {
        let word = text(token.range, buffer, base)
        let slot = stack[stack.count - 1]
        guard let encoded = constantValue(slot) else {
            let node = StackSlot.node(slot)!
            let message = nodes[Int(node)].kind == .variable
                ? "\(word) needs a value, but \(variables.names[Int(nodes[Int(node)].lhs)]) is a variable"
                : "\(word) needs a value, but its count depends on variables"
            report(.error, .outOfDomain, message, token.range)
            return nil
        }
        guard let number = number(encoded) else { return nil }  // reported where it failed
        let value = number.doubleValue
        guard value == value.rounded(.towardZero), number.isExact ? number.isInteger : true else {
            report(.error, .notInteger, "\(word) needs a whole number, got \(Limit.numberText(number))", token.range)
            return nil
        }
        let least = op == .pick ? 1.0 : 0
        guard value >= least else {
            report(.error, .outOfDomain,
                   "\(word) needs a count of \(Int(least)) or more, got \(Limit.numberText(number))", token.range)
            return nil
        }
        let below = stack.count - 1
        guard value <= Double(below) else {
            report(.error, .missingOperand,
                   Limit(.entries(word: word), asked: .exactly(Limit.numberText(number)), limit: below).message, token.range)
            return nil
        }
        return Int(value)
    }

    @inline(never)
    mutating func store(_ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
        let first = buffer[token.range.lowerBound - base]
        let nameRange = (token.range.lowerBound + (first == UInt8(ascii: "-") ? 2 : 3))..<token.range.upperBound
        let name = text(nameRange, buffer, base)
        if let builtin = Builtin.named(name) {
            report(.error, .storeIntoBuiltin,
                   "cannot store into '\(name)': it is the built-in \(builtin.kind.noun) \(builtin.spellings.last!)",
                   token.range)
            return
        }
        guard let last = stack.indices.last else {
            report(.error, .missingOperand, "\(text(token.range, buffer, base)) needs 1 operand, found 0", token.range)
            return
        }
        if !run.undecidedIfs.isEmpty || compiler.word(named: name, in: variables) != nil {
            report(.error, run.undecidedIfs.isEmpty ? .storeIntoWord : .storeInUndecidedBranch,
                   run.undecidedIfs.isEmpty ? "cannot store into '\(name)': it is a word defined with ':'"
                       : "\(TerminalText.shown(text(token.range, buffer, base))) is inside an if whose flag has no value yet, "
                           + "so whether it stores is not known",
                   token.range)
            if !run.undecidedIfs.isEmpty {  // the branch's effect still takes its operand
                willModify(from: last)
                stack.removeLast()
            }
            return
        }
        let errorsBefore = log.count
        let slot = valueOfSlot(last)  // before reading self: evaluating may add a box
        let value = number(slot)
        if value == nil, options.storesNeedValues, log.count == errorsBefore,
           let unset = firstUnsetVariable(under: StackSlot.node(stack[last])) {
            let variable = nodes[Int(unset)]
            report(.error, .unsetVariable,
                   "variable \(TerminalText.quoted(variables.names[Int(variable.lhs)])) is unset, so "
                       + "\(TerminalText.shown(text(token.range, buffer, base))) has no value to store",
                   variable.tokenRange)
        }
        willModify(from: last)
        stack.removeLast()
        let variable = variables.intern(name)
        warnIfStoreChangesResults(variable, to: value, at: token.range)
        bind(variable, value.map { .value($0) } ?? .failed)
    }

    /// `unset NAME`.
    mutating func unset(_ name: Int32) { bind(name, .unset) }

    // MARK: - Diagnostics

    mutating func report(_ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String,
                         _ range: Range<Int>, replacement: String? = nil, related: [Diagnostic.Related] = []) {
        // Inside a word's body: the calls that led there, for the one report of this cause.
        let chain = run.frames.count > 0 && log.wouldKeep(severity, code, message, range) ? callChain() : []
        log.report(severity, code, message, range, replacement: replacement, related: related + chain)
    }

    mutating func reportOnce(_ node: Int32, _ severity: Diagnostic.Severity, _ code: DiagnosticCode,
                                     _ message: String, _ range: Range<Int>, replacement: String? = nil,
                                     related: [Diagnostic.Related] = []) {
        guard reportedNodes.insert(node).inserted else { return }
        if keepsCheckpoints { reportLog.append(node) }
        report(severity, code, message, range, replacement: replacement, related: related)
    }

    func text(_ range: Range<Int>, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) -> String {
        buffer.text(range, base: base)
    }
}

extension WordKind {
    var noun: String {
        switch self {
        case .binaryOperator: "operator"
        case .function: "function"
        case .constant: "constant"
        case .stackWord: "stack word"
        case .directive: "directive"
        case .keyword: "keyword"
        }
    }
}

extension Array {
    /// Room for `extra` more elements, growing at least geometrically, so that running many
    /// small sources on one machine (the shell's lines) stays amortized O(1) per element.
    mutating func reserve(atLeast extra: Int) {
        guard count + extra > capacity else { return }
        reserveCapacity(Swift.max(count + extra, 2 * capacity))
    }
}
