/// Which variables a result reads, and which of those are free (have no value yet): the one
/// answer `rpn -d --json`, `rpn plot`, the shell's `:plot` and the editor's evaluate command
/// give (issue 16: each front end used to walk the trees its own way, and the editor's walk
/// missed the arguments of calls and the parts of undecided `if`s).
extension Machine {
    /// The variables the trees under `roots` read, in the order the machine first met them
    /// (their interning order), each once. One sweep down the node indices (children have
    /// smaller indices than their parents): a subtree that `dup` shares is visited once,
    /// nothing recurses on the tree's depth (trees can be millions deep), and constant
    /// subtrees (`dependencies == 0`) are never entered.
    public func variablesRead(by roots: some Sequence<Int32>) -> [String] {
        variableIndices(readBy: roots).map { variables.names[Int($0)] }
    }

    /// The variables the trees under `roots` still depend on: those they read that have no
    /// value (a failed store is not free: its error was reported where it failed). In the
    /// order the machine first met them.
    public func freeVariables(of roots: some Sequence<Int32>) -> [String] {
        variableIndices(readBy: roots).filter { variables.bindings[Int($0)] == .unset }
            .map { variables.names[Int($0)] }
    }

    /// The free variables of the whole stack.
    public var freeVariables: [String] { freeVariables(of: stackNodes) }

    private func variableIndices(readBy roots: some Sequence<Int32>) -> [Int32] {
        let roots = roots.filter { $0 >= 0 && Int($0) < nodes.count }
        guard let highest = roots.max() else { return [] }
        var reached = [Bool](repeating: false, count: Int(highest) + 1)
        for root in roots { reached[Int(root)] = true }
        var read = [Bool](repeating: false, count: variables.names.count)
        for index in stride(from: Int(highest), through: 0, by: -1) where reached[index] {
            let node = nodes[index]
            guard node.dependencies != 0 else { continue }
            // Operands are below their node: a missing one (-1) is no tree.
            func reach(_ operand: Int32) { if operand >= 0 { reached[Int(operand)] = true } }
            switch node.kind {
            case .variable: read[Int(node.lhs)] = true
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
        return read.indices.filter { read[$0] }.map(Int32.init)
    }
}
