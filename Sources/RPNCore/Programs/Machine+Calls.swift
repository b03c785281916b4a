/// Calls of words: where a call runs in place and where it becomes a node of its own
/// (`hyp(3,4)`), and how such a node gets its value.
extension Machine {
    /// Handles a call that needs no frame: too few operands, a word with errors, or (when
    /// descriptions are kept) a function, which becomes one `name(args)` node. Returns false
    /// when the caller must run the word's body. `counted`: the call's step was counted at its
    /// fetch (a call inside a block or word; not one of the top level's straight line).
    mutating func call(_ word: Int32, at range: Range<Int>, counted: Bool = false) -> Bool {
        let definition = words[Int(word)]
        let inputs = definition.inputCount
        guard stack.count >= inputs else {
            report(.error, .missingOperand,
                   "\(definition.name) needs \(inputs) operand\(inputs == 1 ? "" : "s"), found \(stack.count)", range)
            settle(inputs: inputs, outputs: definition.outputCount, from: stack.count, at: range)
            return true
        }
        guard definition.effect != nil else {  // its errors were reported at the definition
            settle(inputs: inputs, outputs: definition.outputCount, from: stack.count, at: range)
            return true
        }
        guard definition.isFunction else { return false }
        let arguments = stack[(stack.count - inputs)...]
        let constantArguments = arguments.allSatisfy { constantValue($0) != nil }
        guard options.keepTrees else {
            // Values only run a function in place on values. On an argument that depends on a
            // variable it is a node valued when asked for, as with trees (its body then runs
            // on the variable's value, and takes only the parts that value takes); on an
            // argument without value it has none, quietly (the reason was reported), as a
            // built-in function has.
            // (Only the calls that reach here: the loop's quick call, in blocks and bodies,
            // enters every function; see ARCHITECTURE.md, "Calls on variables".)
            if !constantArguments {
                makeCallNode(word, constant: false, counted: counted, at: range)
                return true
            }
            if arguments.contains(where: { StackSlot.isNone($0) }) {
                settle(inputs: inputs, outputs: definition.outputCount, from: stack.count, at: range)
                return true
            }
            return false
        }
        if options.expandWords, definition.dependencies == 0 && constantArguments || !definition.isRecursive { return false }
        makeCallNode(word, constant: constantArguments, counted: counted, at: range)
        return true
    }

    /// Replaces the arguments on top of the stack with a call node. When they are constant the
    /// body runs now, as it would in place with values only: its value, when it reads no
    /// variable (a body that reads one only in a part it does not take has a value all the
    /// same), else a node valued when asked for (see `evaluate`), as are calls on arguments
    /// that depend on variables.
    private mutating func makeCallNode(_ word: Int32, constant: Bool, counted: Bool, at range: Range<Int>) {
        let definition = words[Int(word)]
        let inputs = definition.inputCount
        let first = stack.count - inputs
        var dependencies = definition.dependencies
        var arguments: [Int32] = []
        for i in first..<stack.count {
            let node = materialize(stack[i])
            arguments.append(node)
            dependencies |= nodes[Int(node)].dependencies
        }
        let start = Int32(links.count)
        links.append(word)
        links.append(Int32(inputs))
        links.append(contentsOf: arguments)
        var value = Double.nan
        var lazy = !constant
        if constant {
            var encoded: [Double] = []
            for node in arguments { encoded.append(nodes[Int(node)].value) }
            if !counted, !stepLimitReached, steps + 1 > options.maxSteps {
                // A call of the top level's straight line past the budget: stopped at the call,
                // as `enterFromTopLevel` stops one run in place.
                steps += 1
                stepLimitReached = true
                report(options.stepLimitIsError ? .error : .warning, .stepLimit, stepLimitMessage, range)
            } else {
                (value, lazy) = runCall(word, encoded, reportingAt: nil, counted: counted, calledAt: range)
            }
        }
        if !lazy { dependencies = 0 }
        willModify(from: first)
        stack.removeLast(inputs)
        nodes.append(Node(kind: .call, value: value, lhs: start, dependencies: dependencies, token: range))
        stack.append(StackSlot.box(Int32(nodes.count - 1)))
    }

    /// The arguments of a call node, and its word.
    func callOperands(_ node: Node) -> (word: Int32, arguments: ArraySlice<Int32>) {
        let start = Int(node.lhs)
        let count = Int(links[start + 1])
        return (links[start], links[(start + 2)..<(start + 2 + count)])
    }

    /// The operands of any node, in print order (none for leaves): the one walk of the forest
    /// front ends use, so they never need to know how calls keep theirs.
    public func operands(of index: Int32) -> [Int32] {
        let node = nodes[Int(index)]
        switch node.kind {
        case .unary: return node.lhs >= 0 ? [node.lhs] : []
        case .binary: return [node.lhs, node.rhs].filter { $0 >= 0 }
        case .call: return Array(callOperands(node).arguments)
        case .select, .ternary:
            let (condition, first, second) = selectOperands(node)
            return [condition, first, second]
        case .number, .constant, .variable, .missing: return []
        }
    }

    /// The word a call node calls.
    public func calledWord(_ index: Int32) -> Int32? {
        let node = nodes[Int(index)]
        return node.kind == .call ? callOperands(node).word : nil
    }

    /// The condition and the two parts of an `if(c, a, b)` node; the three operands of a
    /// ternary one.
    func selectOperands(_ node: Node) -> (condition: Int32, first: Int32, second: Int32) {
        let start = Int(node.lhs)
        return (links[start], links[start + 1], links[start + 2])
    }

    /// The value of a function word on these (encoded) arguments, computed by a machine of
    /// its own without trees. Its errors are reported here, where they are in the word's body,
    /// with the call that led there (for a call evaluated later, `node`, once a node).
    mutating func callValue(_ word: Int32, _ arguments: [Double], reportingAt node: Int32) -> Double {
        runCall(word, arguments, reportingAt: node, counted: false, calledAt: nodes[Int(node)].tokenRange).value
    }

    /// A machine of its own without trees, with this one's words and variables, that runs a
    /// body on values (a function word's call, a quotation's runs). Ctrl-C reaches it: the hooks
    /// are shared, so the run that asked sees that it was interrupted. (A trace stays the
    /// caller's: it shows the caller's stack.)
    func valuesMachine() -> Machine {
        var inner = Machine(options: options)
        inner.reportsToCaller = true
        inner.options.keepTrees = false
        inner.compiler = compiler
        inner.variables = variables
        if hooks?.trace == nil { inner.hooks = hooks }
        return inner
    }

    /// `callValue`, and for a call made now (`node` nil) whether the body's result reads a
    /// variable (`lazy`: then it is not evaluated now, and the call stays a node valued when
    /// asked for).
    private mutating func runCall(_ word: Int32, _ arguments: [Double], reportingAt node: Int32?, counted: Bool,
                                  calledAt call: Range<Int>) -> (value: Double, lazy: Bool) {
        // A call made while the run goes on, after the step limit stopped it: as a call run in
        // place then, no value, and nothing more to say.
        if node == nil, stepLimitReached { return (.nan, false) }
        var inner = valuesMachine()
        for argument in arguments {
            guard let value = number(argument) else { return (.nan, false) }
            let slot = inner.encode(value)
            inner.stack.append(slot)
        }
        let definition = words[Int(word)]
        let range = definition.nameRange
        // The body counts its steps on from the caller's, against the same budget, so that the
        // step limit stops it where a run in place would stop, and says the same.
        inner.steps = steps
        if !inner.call(word, at: range) {
            // The body itself is the entry (no one-step program that calls it, made for each
            // call): the call counts as the step it would have been, unless its fetch counted it.
            if !counted { inner.steps += 1 }
            _ = inner.interpret(definition.program, weight: 1, inputs: definition.inputCount, outputs: definition.outputCount)
        }
        if hooks?.wasInterrupted == true { run.trapAt = 0 }  // the run that made this call stops too
        // A body that reads a variable leaves a tree (the read is lazy): evaluate it here,
        // before its diagnostics are passed on; for a call made now, it is valued when asked for.
        let lazy = node == nil && inner.stack.count == 1
            && StackSlot.node(inner.stack[0]).map { inner.nodes[Int($0)].dependencies != 0 } == true
        let result = inner.stack.count == 1 && !lazy ? inner.valueOfSlot(0) : .nan
        steps = inner.steps
        // A call made now is the body run now: its operations set lastx, as in place.
        if node == nil, inner.lastX.bitPattern != StackSlot.nothing.bitPattern {
            lastX = inner.number(inner.lastX).map { encode($0) } ?? .nan
        }
        if inner.stepLimitReached {
            stepLimitReached = true  // reported below, once
            // The limit stops the caller's block or word call too, as it would have stopped
            // the body run in place (the trap unwinds it). A call of the top level's straight
            // line (not `counted`) stops nothing more: the top level goes on, and `run.topEntry`
            // may still hold an entry that is over (a return to the top level leaves it).
            if node == nil, counted {
                run.stopRequested = true
                run.trapAt = 0
            }
        }
        // A call node valued later reports its body's failures once however often it is valued;
        // each at its place in the body, the call as the related place: one diagnostic per
        // cause however many call nodes meet it (issue 20).
        let reportsNode = node.map { reportedNodes.insert($0).inserted } ?? false
        if let node, reportsNode, keepsCheckpoints { reportLog.append(node) }
        for diagnostic in inner.log.diagnostics {
            if let node {
                guard reportsNode else { break }
                report(diagnostic.severity, diagnostic.code, diagnostic.message, diagnostic.range,
                       related: diagnostic.related + [Self.calledHere(definition.name, at: nodes[Int(node)].tokenRange)])
            } else if reportedCallDiagnostics.insert(CallDiagnosticKey(diagnostic)).inserted {
                report(diagnostic.severity, diagnostic.code, diagnostic.message, diagnostic.range,
                       related: diagnostic.related + [Self.calledHere(definition.name, at: call)])
            }
        }
        guard !lazy, inner.stack.count == 1, let value = inner.number(result) else { return (.nan, lazy) }
        return (encode(value), false)
    }

    // MARK: - Describing words

    /// What a word computes, in the words of its parameters: `hyp(a,b) = √(a^2+b^2)` for a
    /// function (parameters named by its declaration, else x, y, z, …), the description of
    /// what it leaves for other words (`a+b,a−b`; `→M` stores show as nothing).
    public func describe(word index: Int, style: DescriptionStyle = DescriptionStyle()) -> String {
        let definition = words[index]
        guard let effect = definition.effect else { return "\(definition.name) (has errors)" }
        // Nothing to run it on: what it takes is known only as it runs (issue 19).
        if effect.varies { return "\(definition.name) \(effect.description): no formula (a loop that changes the depth as it runs)" }
        var inner = Machine(options: EvaluationOptions(angleUnit: options.angleUnit, keepTrees: true, freeVariables: true,
                                                       exact: options.exact))
        inner.options.maxSteps = 100_000
        inner.compiler = compiler
        inner.variables = variables  // the body's instructions name variables by their index
        for name in effect.inputs {
            let variable = inner.variables.intern(name)
            inner.nodes.append(Node(kind: .variable, lhs: variable, dependencies: Self.bucket(variable),
                                    token: definition.nameRange.lowerBound..<definition.nameRange.lowerBound))
            inner.stack.append(StackSlot.box(Int32(inner.nodes.count - 1)))
        }
        // Shadowing: a parameter named like a word is the parameter inside the body.
        for name in effect.inputs {
            if let variable = inner.variables.index(of: name) { inner.compiler.setWordName(variable, -1) }
        }
        _ = inner.interpret(definition.program, weight: 1, inputs: effect.inputs.count, outputs: effect.outputs.count)
        var description = inner.description(style: style)
        if inner.steps > inner.options.maxSteps { description = "…" }
        // No formula where running on symbols failed: a loop whose bounds are inputs cannot
        // unroll (`summ(3)` is 6, but `summ(n)` is no sum of known length).
        let call = effect.inputs.isEmpty ? definition.name : "\(definition.name)(\(effect.inputs.joined(separator: ",")))"
        if let error = inner.diagnostics.first(where: { $0.severity == .error }) {
            let why = error.code == .loopBoundUnknown ? "a loop whose bounds come from its inputs" : error.message
            return "\(call): no formula (\(why))"
        }
        guard definition.isFunction else { return "\(definition.name) \(effect.description): \(description)" }
        return "\(call) = \(description)"
    }
}

/// A diagnostic from inside a word called with constant arguments, reported once however
/// many calls find it (a loop calling `f` 1000 times with the same failing step).
struct CallDiagnosticKey: Hashable, Sendable {
    var start: Int, end: Int
    let code: String
    let message: String

    init(_ diagnostic: Diagnostic) {
        start = diagnostic.range.lowerBound
        end = diagnostic.range.upperBound
        code = diagnostic.code.rawValue
        message = diagnostic.message
    }
}
