/// The RPN stack machine: runs sources token by token on one stack and one set of variables,
/// builds expression trees (see `Node`) and reports diagnostics. It is a value: copying it
/// is a snapshot, which is all the shell's undo needs.
///
/// Values are computed eagerly for constant subtrees, so a failing operation is reported at
/// its token when it runs. Subtrees that read variables stay symbolic and are evaluated when
/// asked for (a store, or the final stack), with the variables as they are then.
public struct Machine: Sendable {
    public var options: EvaluationOptions
    public internal(set) var nodes: [Node] = []
    /// The stack, 8 bytes per entry so that deep stacks stay small (see `StackSlot`): a folded
    /// constant (values-only runs), "no value" (already reported), or the index of the entry's
    /// node.
    var stack: [Double] = []
    /// Exact values that do not fit an entry inline (fractions, big integers), referred to by
    /// index from entries and node values.
    public internal(set) var store = ValueStore()
    var storeCompactionThreshold = 4096
    public internal(set) var variables = Variables()
    public private(set) var diagnostics: [Diagnostic] = []
    /// Diagnostics beyond `options.diagnosticLimit`, counted but not kept.
    public private(set) var suppressedDiagnostics = 0
    /// How many of the suppressed diagnostics are errors.
    public private(set) var suppressedErrors = 0
    /// Where the first diagnostic that was not kept points: the list is complete before it.
    public private(set) var firstSuppressedRange: Range<Int>?
    /// Errors and other diagnostics kept, counted apart: each has its own limit, so a file
    /// full of errors still shows its warnings (and the fixes they carry).
    var keptErrors = 0, keptOthers = 0

    var epoch: UInt32 = 1
    var bucketEpochs = [UInt32](repeating: 0, count: 32)
    var reportedNodes: Set<Int32> = []
    var scratch: [Int32] = []
    /// Did-you-mean for unset variables, by variable index (a name is looked up once).
    var suggestions: [Int32: String?] = [:]
    /// Set by `unset`: the next token must name the variable to unset.
    var pendingUnset: Range<Int>?
    /// What the change in progress has done, so it can be taken back (see `Machine+Undo`);
    /// nil outside a change.
    var journal: Journal?
    /// Stack entries below this index are untouched since the change began (0 outside a change,
    /// so the check in the hot path never fires there).
    var stackFloor = 0
    /// The slot of the x operand (level 1) of the most recent operator or function, which
    /// `lastx` pushes again (HP LASTX); nil before the first.
    var lastX: Double?

    // MARK: Programs (see Programs/)
    /// Every definition, in order; a redefinition appends (uses compiled before it keep
    /// calling the old one).
    public internal(set) var words: [WordDefinition] = []
    /// The definition a variable index names now (-1: none), by interned name.
    var wordOfVariable: [Int32] = []
    /// `words[i].program`, apart: the interpreter's calls read it without copying a definition.
    var wordPrograms: [Program] = []
    /// Every occurrence of a word or a local, for editors.
    public internal(set) var symbols: [SymbolOccurrence] = []
    var nextLocalSymbol: Int32 = 0
    /// The operands of call and select nodes (see `Node.Kind.call`).
    var links: [Int32] = []
    /// The locals of the frames being run (parameters and loop counters), which the run owns:
    /// seen here so that compacting the store mid-run keeps the values they refer to.
    var runLocals = RunLocals()
    var undecidedIfs: [UndecidedIf] = []
    /// A definition or top-level block being gathered.
    var collector: Collector?
    /// Steps run since the current source began (`EvaluationOptions.maxSteps`).
    public internal(set) var steps = 0
    /// Whether this run reached `options.maxSteps` (reported once; later blocks do not run).
    var stepLimitReached = false
    var runHooks: RunHooks?
    var reportedCallDiagnostics: Set<CallDiagnosticKey> = []

    public init(options: EvaluationOptions = EvaluationOptions()) {
        self.options = options
    }

    /// Forgets every entry, node, variable and diagnostic but keeps the storage, so re-running
    /// an edited document does not allocate and fault in its arrays again.
    public mutating func reset() {
        nodes.removeAll(keepingCapacity: true)
        stack.removeAll(keepingCapacity: true)
        store.removeAll()
        storeCompactionThreshold = 4096
        variables = Variables()
        diagnostics.removeAll(keepingCapacity: true)
        suppressedDiagnostics = 0
        suppressedErrors = 0
        firstSuppressedRange = nil
        keptErrors = 0
        keptOthers = 0
        epoch = 1
        for i in bucketEpochs.indices { bucketEpochs[i] = 0 }
        reportedNodes.removeAll(keepingCapacity: true)
        suggestions.removeAll()
        scratch.removeAll(keepingCapacity: true)
        pendingUnset = nil
        journal = nil
        stackFloor = 0
        lastX = nil
        words.removeAll(keepingCapacity: true)
        wordOfVariable.removeAll(keepingCapacity: true)
        wordPrograms.removeAll(keepingCapacity: true)
        symbols.removeAll(keepingCapacity: true)
        nextLocalSymbol = 0
        links.removeAll(keepingCapacity: true)
        runLocals = RunLocals()
        undecidedIfs.removeAll()
        collector = nil
        steps = 0
        stepLimitReached = false
        runHooks = nil
        reportedCallDiagnostics.removeAll()
    }

    /// Forgets the diagnostics found so far (the shell keeps one machine for a whole session
    /// and looks at each line's diagnostics on their own).
    public mutating func clearDiagnostics() {
        diagnostics.removeAll(keepingCapacity: true)
        reportedCallDiagnostics.removeAll()
        suppressedDiagnostics = 0
        suppressedErrors = 0
        firstSuppressedRange = nil
        keptErrors = 0
        keptOthers = 0
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

    /// A token takes at least two bytes with its separator. Reserving for that many nodes and
    /// entries up front avoids copying growing arrays of millions; the pages a run never
    /// touches are never resident, so this costs address space, not memory.
    private mutating func reserve(for source: SourceFile) {
        let tokenBound = source.bytes.count / 2 + 1
        if options.keepTrees { nodes.reserve(atLeast: tokenBound) }
        stack.reserve(atLeast: tokenBound)
    }

    /// Runs every token of `source` on the current stack.
    public mutating func run(_ source: SourceFile) {
        reserve(for: source)
        steps = 0
        stepLimitReached = false
        source.bytes.withUnsafeBufferPointer { buffer in
            var lexer = Lexer(bytes: buffer, base: source.baseOffset)
            while let token = lexer.next() {
                execute(token, buffer, source.baseOffset)
            }
            finish(buffer, source.baseOffset)
        }
    }

    /// Runs `source`, asking `interrupted` every few thousand tokens whether to stop (Ctrl-C in
    /// the shell), and after every token that made an exact value too big for a slot: one such
    /// operation near the digit cap (`205000 !`) takes milliseconds, a few thousand of them
    /// minutes. Returns false when it stopped early: the machine is then half-way through
    /// the source, and the caller takes the change back.
    public mutating func run(_ source: SourceFile, interrupted: () -> Bool) -> Bool {
        reserve(for: source)
        steps = 0
        stepLimitReached = false
        return withoutActuallyEscaping(interrupted) { interrupted in
            let hooks = RunHooks(interrupted: interrupted)
            runHooks = hooks
            defer { runHooks = nil }
            return source.bytes.withUnsafeBufferPointer { buffer in
                var lexer = Lexer(bytes: buffer, base: source.baseOffset)
                var count = 0
                var boxesSeen = store.boxes.count
                while let token = lexer.next() {
                    execute(token, buffer, source.baseOffset)
                    if hooks.wasInterrupted { return false }
                    count &+= 1
                    if count & 0xFFF == 0 || store.boxes.count != boxesSeen {
                        boxesSeen = store.boxes.count
                        if interrupted() { return false }
                    }
                }
                finish(buffer, source.baseOffset)
                return true
            }
        }
    }

    /// Runs `source`, calling `trace` after every token run, inside words and loops too
    /// (`--trace`), with the machine as that token left it.
    public mutating func run(_ source: SourceFile, trace: (Token, Machine) -> Void) {
        reserve(for: source)
        steps = 0
        stepLimitReached = false
        withoutActuallyEscaping(trace) { trace in
            runHooks = RunHooks(trace: trace)
            defer { runHooks = nil }
            source.bytes.withUnsafeBufferPointer { buffer in
                var lexer = Lexer(bytes: buffer, base: source.baseOffset)
                while let token = lexer.next() {
                    // Gathered tokens run later, as steps of their block; a call traces itself
                    // (before the steps of its body).
                    let traced = collector == nil && token.kind != .keyword && token.kind != .comment
                        && !(token.kind == .variable && word(named: text(token.range, buffer, source.baseOffset)) != nil)
                    executeTraced(token, buffer, source.baseOffset)
                    if traced, collector == nil { trace(token, self) }
                }
                finish(buffer, source.baseOffset)
            }
        }
    }

    /// Runs `source`, calling `observe` after each token (comments included) with the node on top
    /// of the stack (-1: the stack is empty, or holds a folded constant) and the stack depth.
    /// Editors use it to know what each token completes; the plain `run` stays free of it.
    public mutating func run(_ source: SourceFile, observe: (Token, _ top: Int32, _ depth: Int) -> Void) {
        reserve(for: source)
        steps = 0
        stepLimitReached = false
        source.bytes.withUnsafeBufferPointer { buffer in
            var lexer = Lexer(bytes: buffer, base: source.baseOffset)
            while let token = lexer.next() {
                execute(token, buffer, source.baseOffset)
                observe(token, stack.last.flatMap(StackSlot.node) ?? -1, stack.count)
            }
            finish(buffer, source.baseOffset)
        }
    }

    /// The end of a source: an `unset` still waiting for its name is an error.
    @inline(never)
    private mutating func finish(_ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
        abandonCollection()
        if let range = pendingUnset {
            pendingUnset = nil
            report(.error, .unsetNeedsName, "'\(text(range, buffer, base))' needs a variable name after it, as in unset M",
                   range)
        }
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

    /// The value of one node, with the variables as they are now (nil: none).
    public mutating func value(of node: Int32) -> Number? {
        let slot = evaluate(node)  // before reading self: evaluating may add a box
        return number(slot)
    }

    // MARK: - Tokens

    /// A top-level token of a traced run: out of line, so that `execute` is inlined only into
    /// the loops that must be fast.
    @inline(never)
    private mutating func executeTraced(_ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
        execute(token, buffer, base)
    }

    /// One token of a compiled program (a word's body, a block). Its own dispatch, not
    /// `execute`: calls lead from `execute` to the interpreter, and a cycle back into `execute`
    /// would keep the compiler from inlining it into the top level's token loops. Compiled
    /// code holds no keyword, comment or invalid token, and names were resolved when compiling.
    @inline(never)
    mutating func executeInProgram(_ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
        if pendingUnset != nil, unsetVariable(named: token, buffer, base) { return }
        switch token.kind {
        case .number: pushLiteral(token, buffer, base)
        case .constant:
            pushConstant(Arithmetic.constant(token.builtin!), kind: .constant, op: token.builtin!, token: token.range)
        // Through the out-of-line wrappers: another inlined copy of `binary` or `unary` here
        // would keep the compiler from inlining them into the top level's loops.
        case .operator: binaryFunction(token.builtin!, token, buffer, base)
        case .function:
            let op = token.builtin!
            if op.isBinary { binaryFunction(op, token, buffer, base) } else { unaryFunction(op, token, buffer, base) }
        case .stackWord: stackWord(token.builtin!, token, buffer, base)
        case .directive: directive(token)
        case .variable: pushVariable(token, buffer, base)
        case .store: store(token, buffer, base)
        case .comment, .stackEffect, .keyword, .invalid: break
        }
    }

    @inline(__always)
    private mutating func pushLiteral(_ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
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

    @inline(never)
    private mutating func directive(_ token: Token) {
        switch token.builtin! {
        case .deg: options.angleUnit = .degrees
        case .rad: options.angleUnit = .radians
        case .float: options.exact = false
        case .exact: options.exact = true
        default: pendingUnset = token.range
        }
    }

    @inline(__always)
    private mutating func execute(_ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
        if collector != nil || pendingUnset != nil, divert(token, buffer, base) { return }
        switch token.kind {
        case .number:
            pushLiteral(token, buffer, base)
        case .constant:
            pushConstant(Arithmetic.constant(token.builtin!), kind: .constant, op: token.builtin!, token: token.range)
        case .operator:
            binary(token.builtin!, token, buffer, base)
        case .function:
            let op = token.builtin!
            if op.isBinary { binaryFunction(op, token, buffer, base) } else { unaryFunction(op, token, buffer, base) }
        case .stackWord:
            stackWord(token.builtin!, token, buffer, base)
        case .directive:
            directive(token)
        case .variable:
            variableOrCall(token, buffer, base)
        case .store:
            store(token, buffer, base)
        case .comment, .stackEffect:
            break
        case .keyword:
            topLevelKeyword(token, buffer, base)
        case .invalid:
            reportInvalid(token, buffer, base)
        }
    }

    /// A token while a definition or block is gathered, or after `unset`; true when it took
    /// the token. Out of line: rare, and the token loop must stay small enough to inline.
    @inline(never)
    private mutating func divert(_ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) -> Bool {
        if collector != nil {
            collect(token, buffer, base)
            return true
        }
        return unsetVariable(named: token, buffer, base)
    }

    /// A name at the top level: a call of the word it names, or a variable.
    @inline(never)
    private mutating func variableOrCall(_ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
        let index = variables.intern(UnsafeBufferPointer(rebasing:
            buffer[(token.range.lowerBound - base)..<(token.range.upperBound - base)]))
        if Int(index) < wordOfVariable.count, wordOfVariable[Int(index)] >= 0 {
            callFromTopLevel(wordOfVariable[Int(index)], token)
            return
        }
        stack.append(append(Node(kind: .variable, lhs: index, dependencies: Self.bucket(index), token: token.range)))
    }

    /// Appends a node; returns its stack slot.
    @inline(__always)
    mutating func append(_ node: Node) -> Double {
        nodes.append(node)
        return StackSlot.box(Int32(nodes.count - 1))
    }

    @inline(__always)
    private mutating func pushConstant(_ value: Double, kind: Node.Kind, op: BuiltinID, token: Range<Int>) {
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

    private mutating func missingNode(at token: Range<Int>) -> Int32 {
        nodes.append(Node(kind: .missing, token: token.lowerBound..<token.lowerBound))
        return Int32(nodes.count - 1)
    }

    /// Functions of two operands (`gcd`, `atan2`) run as binary nodes. Out of line: a second
    /// inlined copy of `binary` makes the token loop too big for the compiler to inline the
    /// array operations the common path needs.
    @inline(never)
    private mutating func binaryFunction(_ op: BuiltinID, _ token: Token, _ buffer: UnsafeBufferPointer<UInt8>,
                                         _ base: Int) {
        binary(op, token, buffer, base)
    }

    @inline(never)
    private mutating func unaryFunction(_ op: BuiltinID, _ token: Token, _ buffer: UnsafeBufferPointer<UInt8>,
                                        _ base: Int) {
        unary(op, token, buffer, base)
    }

    /// The common cases of a binary operator (two values, no trees) in line; the rest apart,
    /// so that this stays small enough for the compiler to inline into the token loop.
    @inline(__always)
    private mutating func binary(_ op: BuiltinID, _ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
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
    private mutating func binaryWithTrees(_ op: BuiltinID, _ token: Token, _ buffer: UnsafeBufferPointer<UInt8>,
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
                slot = append(Node(kind: .binary, op: op, lhs: lhs, rhs: rhs, angle: options.angleUnit,
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
                                           angle: options.angleUnit, token: token.range))
            } else {
                stack[n - 2] = value
            }
            return
        }
        let left = materialize(x), right = materialize(y)
        let dependencies = nodes[Int(left)].dependencies | nodes[Int(right)].dependencies
        stack.removeLast()
        stack[n - 2] = append(Node(kind: .binary, op: op, lhs: left, rhs: right, angle: options.angleUnit,
                                   dependencies: dependencies, token: token.range))
    }

    @inline(__always)
    private mutating func unary(_ op: BuiltinID, _ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
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
                                           angle: options.angleUnit, token: token.range))
            } else {
                stack[n - 1] = value
            }
            return
        }
        let operand = StackSlot.node(x)!
        let dependencies = nodes[Int(operand)].dependencies
        stack[n - 1] = append(Node(kind: .unary, op: op, lhs: operand, angle: options.angleUnit,
                                   dependencies: dependencies, token: token.range))
    }

    @inline(never)
    private mutating func stackWord(_ op: BuiltinID, _ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
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
            pushConstant(options.exact ? StackSlot.small(n)! : Double(n), kind: .number, op: .add, token: token.range)
        case .lastx:
            guard let x = lastX else {
                report(.error, .missingOperand,
                       "\(text(token.range, buffer, base)) has nothing to recall: no operator or function has run yet",
                       token.range)
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
        default:  // pick, roll, rolld, dupn, dropn: a count on top, then entries counted from 1 below it
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
            report(.error, .notInteger, "\(word) needs a whole number, got \(Arithmetic.text(value))", token.range)
            return nil
        }
        let least = op == .pick ? 1.0 : 0
        guard value >= least else {
            report(.error, .outOfDomain,
                   "\(word) needs a count of \(Int(least)) or more, got \(Arithmetic.text(value))", token.range)
            return nil
        }
        let below = stack.count - 1
        guard value <= Double(below) else {
            let shown = Arithmetic.text(value)
            report(.error, .missingOperand,
                   "\(shown) \(word) needs \(shown) entr\(value == 1 ? "y" : "ies") below its count, found \(below)",
                   token.range)
            return nil
        }
        return Int(value)
    }

    @inline(never)
    private mutating func store(_ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
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
        if !undecidedIfs.isEmpty || word(named: name) != nil {
            report(.error, undecidedIfs.isEmpty ? .storeIntoWord : .storeInUndecidedBranch,
                   undecidedIfs.isEmpty ? "cannot store into '\(name)': it is a word defined with ':'"
                       : "\(TerminalText.shown(text(token.range, buffer, base))) is inside an if whose flag has no value yet, "
                           + "so whether it stores is not known",
                   token.range)
            if !undecidedIfs.isEmpty {  // the branch's effect still takes its operand
                willModify(from: last)
                stack.removeLast()
            }
            return
        }
        let errorsBefore = diagnostics.count + suppressedDiagnostics
        let slot = valueOfSlot(last)  // before reading self: evaluating may add a box
        let value = number(slot)
        if value == nil, options.storesNeedValues, diagnostics.count + suppressedDiagnostics == errorsBefore,
           let unset = firstUnsetVariable(under: StackSlot.node(stack[last])) {
            let variable = nodes[Int(unset)]
            report(.error, .unsetVariable,
                   "variable \(TerminalText.quoted(variables.names[Int(variable.lhs)])) is unset, so "
                       + "\(TerminalText.shown(text(token.range, buffer, base))) has no value to store",
                   variable.tokenRange)
        }
        willModify(from: last)
        stack.removeLast()
        bind(variables.intern(name), value.map { .value($0) } ?? .failed)
    }

    /// `unset NAME`: called with the token after `unset`. Returns whether it consumed it.
    private mutating func unsetVariable(named token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) -> Bool {
        let directive = pendingUnset!
        pendingUnset = nil
        guard token.kind == .variable else {
            report(.error, .unsetNeedsName,
                   "'\(text(directive, buffer, base))' needs a variable name after it, as in unset M", directive)
            return false
        }
        bind(variables.intern(UnsafeBufferPointer(rebasing:
            buffer[(token.range.lowerBound - base)..<(token.range.upperBound - base)])), .unset)
        return true
    }

    @inline(never)
    mutating func reportInvalid(_ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
        let word = text(token.range, buffer, base)
        switch token.problem ?? .unknownToken {
        case .unknownToken:
            report(.error, .unknownToken, "unknown token \(TerminalText.quoted(word))", token.range)
        case .invalidNumber:
            report(.error, .invalidNumber, "invalid number \(TerminalText.quoted(word))", token.range)
        case .invalidUTF8, .nulByte:
            // Point at the offending byte itself, not the whole word.
            var i = token.range.lowerBound - base
            while i < token.range.upperBound - base {
                let (scalar, length) = UTF8Scanner.decode(buffer, at: i, limit: buffer.count)
                if scalar == nil || buffer[i] == 0 { break }
                i += length
            }
            let byte = i < buffer.count ? buffer[i] : 0
            let hex = String(byte, radix: 16, uppercase: true)
            if byte == 0 {
                report(.error, .nulByte, "NUL byte in program text", (base + i)..<(base + i + 1))
            } else {
                report(.error, .invalidUTF8, "invalid UTF-8 byte 0x\(hex.count < 2 ? "0" : "")\(hex)",
                       (base + i)..<(base + i + 1))
            }
        case .unclosedStackEffect:
            report(.error, .unknownToken, "'(' needs a ')' on the same line: a stack effect is written ( a b -- c )",
                   token.range)
        case .storeNeedsName:
            report(.error, .storeNeedsName,
                   "\(TerminalText.quoted(word)) needs a variable name right after it, as in \(TerminalText.shown(word))M",
                   token.range)
        case .invalidStoreName:
            report(.error, .storeNeedsName, "invalid variable name in \(TerminalText.quoted(word))", token.range)
        }
    }

    // MARK: - Diagnostics

    mutating func report(_ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String,
                                 _ range: Range<Int>, replacement: String? = nil) {
        let isError = severity == .error
        guard (isError ? keptErrors : keptOthers) < options.diagnosticLimit else {
            if suppressedDiagnostics == 0 { firstSuppressedRange = range }
            suppressedDiagnostics += 1
            if isError { suppressedErrors += 1 }
            return
        }
        if isError { keptErrors += 1 } else { keptOthers += 1 }
        diagnostics.append(Diagnostic(severity, code, message, range: range, replacement: replacement))
    }

    mutating func reportOnce(_ node: Int32, _ severity: Diagnostic.Severity, _ code: DiagnosticCode,
                                     _ message: String, _ range: Range<Int>, replacement: String? = nil) {
        guard reportedNodes.insert(node).inserted else { return }
        report(severity, code, message, range, replacement: replacement)
    }

    func text(_ range: Range<Int>, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[(range.lowerBound - base)..<(range.upperBound - base)]),
               as: UTF8.self)
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
