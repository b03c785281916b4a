/// Issue 20: values are symbolic until evaluated, so storing into a variable changes the
/// results already on the stack that read it (`2 →r r r × 3 →r` leaves 9, not 4). That is
/// the language's rule, but a user coming from a calculator that reads values at once does
/// not expect it: the store that does it says so, naming the read.
///
/// A store runs often (a loop), so the look is bounded: the top `storeWarningReach` entries,
/// and `storeWarningNodes` nodes of their trees; past that, no warning (a warning, not a rule).
extension Machine {
    static let storeWarningReach = 256
    static let storeWarningNodes = 10_000

    /// Warns when storing `value` into `variable` changes a result on the stack: one that reads
    /// the variable's earlier value. A first store (nothing had a value to change), a store of
    /// the same value, or one that no result on the stack reads, says nothing; a store warns
    /// once, however often it runs (a loop: the log keeps one diagnostic per cause, and a
    /// store already reported looks no further).
    mutating func warnIfStoreChangesResults(_ variable: Int32, to value: Number?, at range: Range<Int>) {
        // The store of a loop, reported at an earlier pass: nothing more to look at (checked
        // against the log, which an undo or a rewind may have taken it out of).
        if lastStoreWarning < log.diagnostics.count, lastStoreWarning >= 0,
           log.diagnostics[lastStoreWarning].range == range, log.diagnostics[lastStoreWarning].code == .storeChangesResult {
            return
        }
        // Cheapest first: a store with no tree on the stack that may read the variable (the
        // common store of a loop) looks no further.
        let bucket = Self.bucket(variable)
        var roots: [Int32] = []
        for slot in stack.indices.suffix(Self.storeWarningReach) {
            if let node = StackSlot.node(stack[slot]), nodes[Int(node)].dependencies & bucket != 0 { roots.append(node) }
        }
        guard !roots.isEmpty, Int(variable) < variables.bindings.count,
              case .value(let earlier) = variables.bindings[Int(variable)], let value, value != earlier else { return }
        let name = TerminalText.quoted(variables.names[Int(variable)])
        let message = "\(name) was read by a result still on the stack; this store changes that result too"
        guard log.wouldKeep(.warning, .storeChangesResult, message, range),
              let read = firstRead(of: variable, under: roots) else { return }
        report(.warning, .storeChangesResult, message, range,
               related: [Diagnostic.Related("\(name) was read here", range: nodes[Int(read)].tokenRange)])
        if log.diagnostics.last?.range == range { lastStoreWarning = log.diagnostics.count - 1 }
    }

    /// The first read of `variable` (its node of lowest index: made first) in the trees under
    /// `roots`, looking at `storeWarningNodes` nodes at most. An explicit stack, no recursion
    /// (trees can be millions deep); shared subtrees visited once; subtrees that read no
    /// variable of its bucket never entered.
    private func firstRead(of variable: Int32, under roots: [Int32]) -> Int32? {
        let bucket = Self.bucket(variable)
        var pending = roots
        var visited: Set<Int32> = []
        var first: Int32?
        while let index = pending.popLast(), visited.count < Self.storeWarningNodes {
            guard index >= 0, Int(index) < nodes.count, visited.insert(index).inserted else { continue }
            let node = nodes[Int(index)]
            guard node.dependencies & bucket != 0 else { continue }
            switch node.kind {
            case .variable: if node.lhs == variable, first.map({ index < $0 }) ?? true { first = index }
            case .unary: pending.append(node.lhs)
            case .binary: pending.append(contentsOf: [node.lhs, node.rhs])
            case .call: pending.append(contentsOf: callOperands(node).arguments)
            case .select, .ternary:
                let (condition, first, second) = selectOperands(node)
                pending.append(contentsOf: [condition, first, second])
            case .number, .constant, .missing: break
            }
        }
        return first
    }
}
