/// Issue 20: values are symbolic until evaluated, so storing into a variable changes the
/// results already on the stack that read it (`2 →r r r × 3 →r` leaves 9, not 4). That is
/// the language's rule, but a user coming from a calculator that reads values at once does
/// not expect it: the store that does it says so, naming the read.
extension Machine {
    /// Warns when storing `value` into `variable` changes a result on the stack: one that reads
    /// the variable's earlier value. A first store (nothing had a value to change), a store of
    /// the same value, or one that no result on the stack reads, says nothing; a store warns
    /// once, however often it runs (a loop).
    mutating func warnIfStoreChangesResults(_ variable: Int32, to value: Number?, at range: Range<Int>) {
        guard Int(variable) < variables.bindings.count, case .value(let earlier) = variables.bindings[Int(variable)],
              let value, value != earlier else { return }
        let bucket = Self.bucket(variable)
        var roots: [Int32] = []
        for slot in stack.indices {
            if let node = StackSlot.node(stack[slot]), nodes[Int(node)].dependencies & bucket != 0 { roots.append(node) }
        }
        guard !roots.isEmpty, let read = firstRead(of: variable, under: roots) else { return }
        let name = TerminalText.quoted(variables.names[Int(variable)])
        report(.warning, .storeChangesResult,
               "\(name) was read by a result still on the stack; this store changes that result too",
               range, related: [Diagnostic.Related("\(name) was read here", range: nodes[Int(read)].tokenRange)])
    }

    /// The first read of `variable` (its node of lowest index: made first) in the trees under
    /// `roots`. One sweep down the node indices, as `variablesRead(by:)`: no recursion, shared
    /// subtrees visited once, subtrees that read no variable of its bucket never entered.
    private func firstRead(of variable: Int32, under roots: [Int32]) -> Int32? {
        guard let highest = roots.max() else { return nil }
        let bucket = Self.bucket(variable)
        var reached = [Bool](repeating: false, count: Int(highest) + 1)
        for root in roots { reached[Int(root)] = true }
        var first: Int32?
        for index in stride(from: Int(highest), through: 0, by: -1) where reached[index] {
            let node = nodes[index]
            guard node.dependencies & bucket != 0 else { continue }
            func reach(_ operand: Int32) { if operand >= 0 { reached[Int(operand)] = true } }
            switch node.kind {
            case .variable: if node.lhs == variable { first = Int32(index) }
            case .unary: reach(node.lhs)
            case .binary:
                reach(node.lhs)
                reach(node.rhs)
            case .call: for argument in callOperands(node).arguments { reach(argument) }
            case .select, .ternary:
                let (condition, first, second) = selectOperands(node)
                reach(condition)
                reach(first)
                reach(second)
            case .number, .constant, .missing: break
            }
        }
        return first
    }
}
