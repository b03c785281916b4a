/// The interpreter of compiled programs: one loop over instructions, calls on an explicit
/// return stack (`frames`), so neither call depth nor nesting uses the native stack. A step
/// budget and a call-depth limit turn runaway programs into diagnostics.
extension Machine {
    struct Frame {
        let program: Program
        let pc: Int
        let localsBase: Int
    }

    /// An `if` whose flag had no value yet (it reads a variable): both parts run, each on its
    /// own copy of the stack, and where they differ the entries become `if(c, a, b)` nodes.
    struct UndecidedIf: Sendable {
        let condition: Int32
        let frameDepth: Int
        /// The `endIf` instruction where the parts meet.
        let end: Int
        var stackAtIf: [Double]
        var firstPartStack: [Double] = []
        var inSecondPart = false
    }

    /// Runs `entry` (a block, or a call from the top level) to its end. `inputs`/`outputs` is
    /// its checked effect: if a limit stops it, the stack is left as that effect would leave
    /// it, outputs without value.
    mutating func interpret(_ entry: Program, inputs: Int, outputs: Int) {
        let depthBefore = stack.count
        let outerLocals = locals.count
        let outerIfs = undecidedIfs.count
        var frames: [Frame] = []
        var program = entry
        // Read through buffers the programs own, changed only by calls and returns: stepping
        // retains and releases nothing. Kept in separate locals (switched in three places
        // below): gathered in one struct they are no longer kept in registers, and a loop
        // iteration costs 8% more instructions, a call of fib 15%.
        var code = UnsafeBufferPointer(entry.steps)
        var ranges = UnsafeBufferPointer(entry.ranges)
        var tokens = UnsafeBufferPointer(entry.tokens)
        var literals = UnsafeBufferPointer(entry.literals)
        var count = code.count
        var buffer = entry.buffer, base = entry.base
        var pc = 0
        // Locals are never removed while running (a return only moves `localsTop` down), so
        // calls do not shrink and regrow the array; the run's end truncates it once.
        var localsBase = locals.count
        var localsTop = localsBase + entry.localCount
        locals.append(contentsOf: repeatElement(Double.nan, count: entry.localCount))
        let limit = options.maxSteps
        let hooks = runHooks
        // Values only and no trace: the common steps take short paths below.
        let fast = !options.keepTrees && hooks?.trace == nil

        func stop(_ code: DiagnosticCode?, _ message: String, at range: Range<Int>) {
            if let code { report(.error, code, message, range) }
            undecidedIfs.removeSubrange(outerIfs...)
            locals.removeSubrange(outerLocals...)
            settle(inputs: inputs, outputs: outputs, from: depthBefore, at: range)
        }

        while true {
            if pc >= count {
                localsTop = localsBase
                guard let frame = frames.popLast() else {
                    if locals.count > outerLocals { locals.removeSubrange(outerLocals...) }
                    return
                }
                program = frame.program
                code = UnsafeBufferPointer(program.steps)
                ranges = UnsafeBufferPointer(program.ranges)
                tokens = UnsafeBufferPointer(program.tokens)
                literals = UnsafeBufferPointer(program.literals)
                count = code.count
                buffer = program.buffer
                base = program.base
                pc = frame.pc
                localsBase = frame.localsBase
                continue
            }
            steps &+= 1
            if steps > limit {
                // Once per run: what follows is still compiled and checked, but not run.
                if !stepLimitReached {
                    stepLimitReached = true
                    report(options.stepLimitIsError ? .error : .warning, .stepLimit,
                           "stopped after \(limit) steps, the step limit (\(options.stepLimitAdvice))", ranges[pc])
                }
                stop(nil, "", at: ranges[pc])
                return
            }
            if steps & 0xFFF == 0, let hooks, let interrupted = hooks.interrupted, interrupted() {
                hooks.wasInterrupted = true
                stop(nil, "", at: ranges[pc])
                return
            }
            switch code[pc] {
            case .number(let index):
                let literal = literals[Int(index)]
                if fast, literal.isShortInteger {
                    stack.append(options.exact ? literal.exact : literal.float)
                } else {
                    executeInProgram(tokens[Int(index)], buffer, base)
                    if let trace = hooks?.trace { trace(tokens[Int(index)], self) }
                }
                pc += 1
            case .operator(let op, let index):
                if !arithmeticOnValues(op) { executeInProgram(tokens[Int(index)], buffer, base) }
                pc += 1
                if let trace = hooks?.trace { trace(tokens[Int(index)], self) }
            case .token(let index):
                let token = tokens[Int(index)]
                if token.kind == .operator, arithmeticOnValues(token.builtin!) {
                    pc += 1
                    if let trace = hooks?.trace { trace(token, self) }
                    continue
                }
                executeInProgram(token, buffer, base)
                pc += 1
                if let trace = hooks?.trace { trace(token, self) }
            case .local(let local):
                let at = ranges[pc]
                let value = locals[localsBase + Int(local)]
                if options.keepTrees, StackSlot.node(value) == nil {
                    nodes.append(Node(kind: .number, value: value, lhs: 10, token: at))
                    stack.append(StackSlot.box(Int32(nodes.count - 1)))
                } else {
                    stack.append(value)
                }
                pc += 1
                if let trace = hooks?.trace { trace(Token(.variable, at), self) }
            case .call(let word):
                if fast, frames.count < options.maxCallDepth {
                    // A call of a word without errors, its operands checked statically (or
                    // counted here, for the top level's entry call).
                    let callee = wordPrograms[Int(word)]
                    if !callee.isBroken, callee.inputs <= stack.count {
                        frames.append(Frame(program: program, pc: pc + 1, localsBase: localsBase))
                        program = callee
                        code = UnsafeBufferPointer(callee.steps)
                        ranges = UnsafeBufferPointer(callee.ranges)
                        tokens = UnsafeBufferPointer(callee.tokens)
                        literals = UnsafeBufferPointer(callee.literals)
                        count = code.count
                        buffer = callee.buffer
                        base = callee.base
                        pc = 0
                        localsBase = localsTop
                        localsTop += callee.localCount
                        while locals.count < localsTop { locals.append(.nan) }
                        continue
                    }
                }
                let at = ranges[pc]
                pc += 1
                if let trace = hooks?.trace { trace(Token(.variable, at), self) }
                if call(word, at: at) { continue }
                guard frames.count < options.maxCallDepth else {
                    stop(.recursionLimit,
                         "calls nested \(options.maxCallDepth) deep, the limit: '\(words[Int(word)].name)' may call itself without end",
                         at: at)
                    return
                }
                frames.append(Frame(program: program, pc: pc, localsBase: localsBase))
                program = wordPrograms[Int(word)]
                code = UnsafeBufferPointer(program.steps)
                ranges = UnsafeBufferPointer(program.ranges)
                tokens = UnsafeBufferPointer(program.tokens)
                literals = UnsafeBufferPointer(program.literals)
                count = code.count
                buffer = program.buffer
                base = program.base
                pc = 0
                localsBase = localsTop
                localsTop += program.localCount
                while locals.count < localsTop { locals.append(.nan) }
            case .bindParameters(let count):
                let n = Int(count)
                willModify(from: stack.count - n)
                var i = n
                while i > 0 {
                    i -= 1
                    locals[localsBase + i] = stack.removeLast()
                }
                pc += 1
            case .branchIfZero(let target):
                if fast, let flag = StackSlot.smallValue(stack[stack.count - 1]) {
                    willModify(from: stack.count - 1)
                    stack.removeLast()
                    pc = flag != 0 ? pc + 1 : Int(target)
                    continue
                }
                let at = ranges[pc]
                let flag = popFlag()
                if let trace = hooks?.trace { trace(Token(.keyword, at, builtin: .if), self) }
                switch flag {
                case .value(let isTrue): pc = isTrue ? pc + 1 : Int(target)
                case .none: pc = Int(target)
                case .undecided(let condition):
                    // Where the parts meet: the `endIf` after the else part, or the target itself.
                    var end = Int(target)
                    if end - 1 > pc, case .skipElse(let afterElse) = code[end - 1] { end = Int(afterElse) }
                    willModify(from: 0)
                    undecidedIfs.append(UndecidedIf(condition: condition, frameDepth: frames.count, end: end,
                                                    stackAtIf: stack))
                    pc += 1
                }
            case .skipElse(let target):
                if var undecided = undecidedIfs.last, undecided.frameDepth == frames.count, undecided.end == Int(target),
                   !undecided.inSecondPart {
                    undecided.firstPartStack = stack
                    stack = undecided.stackAtIf
                    undecided.stackAtIf = []
                    undecided.inSecondPart = true
                    undecidedIfs[undecidedIfs.count - 1] = undecided
                    pc += 1
                } else {
                    pc = Int(target)
                }
            case .endIf:
                let at = ranges[pc]
                if let undecided = undecidedIfs.last, undecided.frameDepth == frames.count, undecided.end == pc {
                    undecidedIfs.removeLast()
                    let first = undecided.inSecondPart ? undecided.firstPartStack : stack
                    let second = undecided.inSecondPart ? stack : undecided.stackAtIf
                    merge(condition: undecided.condition, first, second, at: at)
                }
                pc += 1
            case .forStart(let local, let exit, let hasStep):
                pc = startLoop(local: localsBase + Int(local), hasStep: hasStep, at: ranges[pc]) ? pc + 1 : Int(exit)
            case .forNext(let local, let body):
                let counter = localsBase + Int(local)
                if let trace = hooks?.trace { trace(Token(.keyword, ranges[pc], builtin: .next), self) }
                // Small integer counters here, without a call: the step of every loop.
                let current = locals[counter], bound = locals[counter + 1], step = locals[counter + 2]
                if let c = StackSlot.smallValue(current), let s = StackSlot.smallValue(step),
                   let b = StackSlot.smallValue(bound), let next = StackSlot.small(c + s) {
                    locals[counter] = next
                    pc = (s > 0 ? c + s <= b : c + s >= b) ? Int(body) : pc + 1
                } else if current.isFinite, step.isFinite, bound.isFinite {  // --float counters
                    let next = current + step
                    locals[counter] = next
                    pc = (step > 0 ? next <= bound : next >= bound) ? Int(body) : pc + 1
                } else {
                    pc = advanceLoop(counter, at: ranges[pc]) ? Int(body) : pc + 1
                }
            case .until(let body):
                let at = ranges[pc]
                if let trace = hooks?.trace { trace(Token(.keyword, at, builtin: .until), self) }
                switch popFlag() {
                case .value(let done): pc = done ? pc + 1 : Int(body)
                case .none: pc += 1
                case .undecided:
                    report(.error, .loopBoundUnknown,
                           "until needs a value to decide whether to repeat, but its flag depends on variables", at)
                    pc += 1
                }
            }
        }
    }

    /// `+ − ×` and the comparisons on two small integers or two doubles, the common steps of
    /// loops, without the general path's calls. False when it does not apply (the general
    /// path then runs the token).
    @inline(__always)
    private mutating func arithmeticOnValues(_ op: BuiltinID) -> Bool {
        let n = stack.count
        guard n >= 2 else { return false }
        let x = stack[n - 2], y = stack[n - 1]
        var result: Double
        if let a = StackSlot.smallValue(x), let b = StackSlot.smallValue(y) {
            let value: Int
            switch op {
            case .add: value = a + b
            case .subtract: value = a - b
            case .less: value = a < b ? 1 : 0
            case .greater: value = a > b ? 1 : 0
            case .lessEqual: value = a <= b ? 1 : 0
            case .greaterEqual: value = a >= b ? 1 : 0
            case .equal: value = a == b ? 1 : 0
            case .notEqual: value = a != b ? 1 : 0
            default: return false
            }
            guard let slot = StackSlot.small(value) else { return false }
            result = slot
        } else if x.isFinite, y.isFinite, !options.exact {
            switch op {
            case .add: result = x + y
            case .subtract: result = x - y
            case .multiply: result = x * y
            default: return false
            }
            guard result.isFinite else { return false }
            if result == 0 { result = 0 }  // one zero
        } else {
            return false
        }
        willModify(from: n - 2)
        lastX = y
        stack[n - 2] = result
        stack.removeLast()
        return true
    }

    enum Flag { case value(Bool), none, undecided(Int32) }

    /// Pops the flag of `if` or `until`.
    private mutating func popFlag() -> Flag {
        let slot = stack[stack.count - 1]
        willModify(from: stack.count - 1)
        stack.removeLast()
        guard let value = constantValue(slot) else { return .undecided(materialize(slot)) }
        if StackSlot.isNone(value) { return .none }
        return .value(!isZeroValue(value))
    }

    /// Merges the stacks the two parts of an undecided `if` left: equal entries stay, the
    /// others become `if(c, a, b)`.
    private mutating func merge(condition: Int32, _ first: [Double], _ second: [Double], at range: Range<Int>) {
        let count = Swift.min(first.count, second.count)
        var merged = Array(first[..<count])
        for i in 0..<count where first[i].bitPattern != second[i].bitPattern {
            let a = materialize(first[i]), b = materialize(second[i])
            let start = Int32(links.count)
            links.append(contentsOf: [condition, a, b])
            let dependencies = nodes[Int(condition)].dependencies | nodes[Int(a)].dependencies | nodes[Int(b)].dependencies
            nodes.append(Node(kind: .select, lhs: start, dependencies: dependencies, token: range))
            merged[i] = StackSlot.box(Int32(nodes.count - 1))
        }
        stack = merged
    }

    // MARK: - Loops

    /// `for`: pops the bounds into the counter's locals; false when the loop runs no time.
    private mutating func startLoop(local: Int, hasStep: Bool, at range: Range<Int>) -> Bool {
        let count = hasStep ? 3 : 2
        let n = stack.count
        var values: [Double] = []
        var undecided = false, none = false
        for slot in stack[(n - count)...] {
            if let value = constantValue(slot) {
                if StackSlot.isNone(value) { none = true }
                values.append(value)
            } else {
                undecided = true
            }
        }
        willModify(from: n - count)
        stack.removeLast(count)
        if undecided {
            report(.error, .loopBoundUnknown,
                   "for needs values for its bounds\(hasStep ? " and step" : ""), but they depend on variables", range)
            return false
        }
        if none { return false }
        let step = hasStep ? values[2] : (options.exact ? StackSlot.small(1)! : 1.0)
        let direction = compare(step, options.exact ? StackSlot.small(0)! : 0.0)
        if direction == 0 {
            report(.error, .outOfDomain, "a for loop with a step of 0 would never end", range)
            return false
        }
        locals[local] = values[0]
        locals[local + 1] = values[1]
        locals[local + 2] = step
        let order = compare(values[0], values[1])
        return direction > 0 ? order <= 0 : order >= 0
    }

    /// `next`/`step`: advances the counter; true when the body runs again.
    @inline(__always)
    private mutating func advanceLoop(_ counter: Int, at range: Range<Int>) -> Bool {
        let current = locals[counter], bound = locals[counter + 1], step = locals[counter + 2]
        if let c = StackSlot.smallValue(current), let s = StackSlot.smallValue(step), let b = StackSlot.smallValue(bound),
           let next = StackSlot.small(c + s) {
            locals[counter] = next
            return s > 0 ? c + s <= b : c + s >= b
        }
        if current.isFinite, step.isFinite, bound.isFinite {
            let next = current + step
            locals[counter] = next
            return step > 0 ? next <= bound : next >= bound
        }
        let next = applyBinary(.add, current, step, range)
        guard !StackSlot.isNone(next) else { return false }
        locals[counter] = next
        let order = compare(next, bound)
        return compare(step, options.exact ? StackSlot.small(0)! : 0.0) > 0 ? order <= 0 : order >= 0
    }

    /// The order of two encoded values (-1, 0, 1).
    func compare(_ a: Double, _ b: Double) -> Int {
        if let x = StackSlot.smallValue(a), let y = StackSlot.smallValue(b) { return x < y ? -1 : x == y ? 0 : 1 }
        if a.isFinite, b.isFinite { return a < b ? -1 : a == b ? 0 : 1 }
        guard let x = number(a), let y = number(b) else { return 0 }
        return Number.compare(x, y)
    }
}
