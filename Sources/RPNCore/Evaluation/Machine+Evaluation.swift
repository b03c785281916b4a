/// Evaluation of symbolic trees: subtrees that read variables are computed when asked for,
/// with the variables as they are then, and cached until a variable they read changes.
extension Machine {
    mutating func valueOfSlot(_ slot: Int) -> Double {
        if let value = constantValue(stack[slot]) { return value }
        return evaluate(StackSlot.node(stack[slot])!)
    }

    @inline(__always)
    static func bucket(_ variable: Int32) -> UInt32 { 1 << UInt32(variable & 31) }

    mutating func touch(_ variable: Int32) {
        epoch += 1
        bucketEpochs[Int(variable & 31)] = epoch
    }

    /// Whether a node's value is known: constant, or cached since its variables last changed.
    @inline(__always)
    func isFresh(_ index: Int32) -> Bool {
        let node = nodes[Int(index)]
        if node.dependencies == 0 { return true }
        if node.cacheEpoch == 0 { return false }
        var bits = node.dependencies
        while bits != 0 {
            if bucketEpochs[bits.trailingZeroBitCount] > node.cacheEpoch { return false }
            bits &= bits - 1
        }
        return true
    }

    /// Evaluates a tree with an explicit work stack (trees may be millions deep), caching every
    /// node it computes until a variable it reads changes.
    mutating func evaluate(_ root: Int32) -> Double {
        if isFresh(root) { return nodes[Int(root)].value }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(root)
        while let index = scratch.last {
            if isFresh(index) { scratch.removeLast(); continue }
            let node = nodes[Int(index)]
            var value = Double.nan
            switch node.kind {
            case .variable:
                value = variableValue(node, index)
            case .unary:
                guard isFresh(node.lhs) else { scratch.append(node.lhs); continue }
                let a = nodes[Int(node.lhs)].value
                if !StackSlot.isNone(a) {
                    switch combine(node.op, a, angle: node.angleUnit, complex: node.complexMode) {
                    case .value(let v): value = v
                    case .failure(let code, let message): reportOnce(index, .error, code, message, node.tokenRange)
                    }
                }
            case .binary:
                let leftFresh = isFresh(node.lhs), rightFresh = isFresh(node.rhs)
                guard leftFresh, rightFresh else {
                    if !rightFresh { scratch.append(node.rhs) }
                    if !leftFresh { scratch.append(node.lhs) }
                    continue
                }
                let a = nodes[Int(node.lhs)].value, b = nodes[Int(node.rhs)].value
                if !StackSlot.isNone(a), !StackSlot.isNone(b) {
                    switch combine(node.op, a, b, angle: node.angleUnit, complex: node.complexMode) {
                    case .value(let v): value = v
                    case .failure(let code, let message): reportOnce(index, .error, code, message, node.tokenRange)
                    }
                }
            case .call:
                let (word, arguments) = callOperands(node)
                if let stale = arguments.last(where: { !isFresh($0) }) { scratch.append(stale); continue }
                let values = arguments.map { nodes[Int($0)].value }
                if !values.contains(where: StackSlot.isNone) {
                    value = callValue(word, values, reportingAt: index)
                }
            case .select:
                let (condition, first, second) = selectOperands(node)
                guard isFresh(condition) else { scratch.append(condition); continue }
                let flag = nodes[Int(condition)].value
                if !StackSlot.isNone(flag) {
                    let chosen = isZeroValue(flag) ? second : first
                    guard isFresh(chosen) else { scratch.append(chosen); continue }
                    value = nodes[Int(chosen)].value
                }
            case .ternary:
                let (x, y, z) = selectOperands(node)
                if let stale = [x, y, z].last(where: { !isFresh($0) }) { scratch.append(stale); continue }
                let a = nodes[Int(x)].value, b = nodes[Int(y)].value, c = nodes[Int(z)].value
                if !StackSlot.isNone(a), !StackSlot.isNone(b), !StackSlot.isNone(c) {
                    switch combine(node.op, a, b, c) {
                    case .value(let v): value = v
                    case .failure(let code, let message): reportOnce(index, .error, code, message, node.tokenRange)
                    }
                }
            case .number, .constant, .missing:
                value = node.value
            }
            nodes[Int(index)].value = value
            nodes[Int(index)].cacheEpoch = epoch
            scratch.removeLast()
        }
        return nodes[Int(root)].value
    }

    func isZeroValue(_ slot: Double) -> Bool {
        if slot.isFinite { return slot == 0 }
        if let small = StackSlot.smallValue(slot) { return small == 0 }
        return number(slot).map { $0.doubleValue == 0 } ?? false
    }

    mutating func variableValue(_ node: Node, _ index: Int32) -> Double {
        let name = variables.names[Int(node.lhs)]
        switch variables.bindings[Int(node.lhs)] {
        case .value(let v): return encode(v)
        case .failed: return .nan
        case .unset:
            if options.freeVariables, reportedNodes.contains(index) { return .nan }
            let suggestion = suggestion(for: node.lhs)
            if !options.freeVariables {
                let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
                reportOnce(index, .error, .unsetVariable, "variable \(TerminalText.quoted(name)) is unset\(hint)", node.tokenRange,
                           replacement: suggestion, related: firstCallChain(of: node.tokenRange))
            } else if let suggestion {
                reportOnce(index, .warning, .unsetVariable,
                           "\(TerminalText.quoted(name)) is a free variable; did you mean '\(suggestion)'?", node.tokenRange,
                           replacement: suggestion, related: firstCallChain(of: node.tokenRange))
            }
            return .nan
        }
    }

    /// What an unset variable was probably meant as: a built-in word, a word of the program, or
    /// a variable that has a value (`principle` ⇒ `principal`).
    mutating func suggestion(for variable: Int32) -> String? {
        let names = variables.boundChanges &+ words.count
        if let cached = suggestions[variable], cached.names == names { return cached.suggestion }
        var search = Suggestions.Search(variables.names[Int(variable)])
        for name in Builtin.wordNames { search.consider(name, isOwn: false) }
        let words = self.words
        var left = ownNameComparisonsLeft
        for index in words.indices.reversed() where left > 0 {  // a word defined again: its latest
            left -= 1
            search.consider(words[index].name, isOwn: true)
        }
        for index in variables.names.indices {
            guard left > 0 else { break }
            left -= 1
            if !variables.bindings[index].isUnset { search.consider(variables.names[index], isOwn: true) }
        }
        ownNameComparisonsLeft = left
        suggestions[variable] = (search.suggestion, names)
        return search.suggestion
    }

    /// The first variable without a value that the tree under `root` reads (nil: none). Trees
    /// share subtrees (`dup`), so each node is visited once.
    func firstUnsetVariable(under root: Int32?) -> Int32? {
        guard let root else { return nil }
        var visited: Set<Int32> = []
        var work: [Int32] = [root]
        while let index = work.popLast() {
            guard index >= 0, visited.insert(index).inserted else { continue }
            let node = nodes[Int(index)]
            guard node.dependencies != 0 else { continue }
            switch node.kind {
            case .variable:
                if variables.bindings[Int(node.lhs)] == .unset { return index }
            case .unary: work.append(node.lhs)
            case .binary:
                work.append(node.rhs)
                work.append(node.lhs)
            case .call: work.append(contentsOf: callOperands(node).arguments.reversed())
            case .select, .ternary:
                let (condition, first, second) = selectOperands(node)
                work.append(contentsOf: [second, first, condition])
            case .number, .constant, .missing: break
            }
        }
        return nil
    }
}
