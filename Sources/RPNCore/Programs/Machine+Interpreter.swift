/// The interpreter of compiled programs: one loop over instructions, calls on an explicit
/// return stack (`frames`), so neither call depth nor nesting uses the native stack. A step
/// budget and a call-depth limit turn runaway programs into diagnostics.
extension Machine {
    struct Frame {
        /// Kept alive by `wordPrograms` (or the caller, for the entry) for the whole run, so
        /// calls and returns count no references.
        unowned(unsafe) let program: Program
        let pc: Int
        let localsBase: Int
    }

    /// An `if` whose flag had no value yet (it reads a variable): both parts run, each on its
    /// own copy of the entries they reach, and where they differ the entries become
    /// `if(c, a, b)` nodes. The parts never go below `base` (the checker's `reach`), so only
    /// the entries above it are kept aside: a deep stack is not copied at every such if.
    struct UndecidedIf: Sendable {
        let condition: Int32
        let frameDepth: Int
        /// The `endIf` instruction where the parts meet.
        let end: Int
        let base: Int
        var stackAtIf: [Double]
        var firstPartStack: [Double] = []
        var inSecondPart = false
    }

    /// Runs `entry` (a block, or a call from the top level) to its end. `inputs`/`outputs` is
    /// its checked effect: if a limit stops it, the stack is left as that effect would leave
    /// it, outputs without value.
    ///
    /// Two loops share the run's state. Without trees or a trace, the fast loop runs the
    /// common steps (and the fused ones of `Program.fastSteps`) on `window`, the top of the
    /// stack held apart in a raw buffer; any other step, a fast step whose operands do not
    /// suit it, or a step where the budget or Ctrl-C must be checked, moves the window back
    /// onto `stack` and runs as one plain step of the general loop, which handles everything.
    mutating func interpret(_ entry: Program, inputs: Int, outputs: Int) {
        let depthBefore = stack.count
        let outerIfs = undecidedIfs.count
        var frames = RawStack<Frame>()
        var window = RawStack<Double>()
        unowned(unsafe) var program = entry
        var pc = 0
        // The frames' locals, owned by the run. They are never removed while it runs (a return
        // only moves `localsTop` down), so calls do not shrink and regrow them.
        var locals = RawStack<Double>()
        var localsBase = 0
        var localsTop = entry.localCount
        while locals.count < localsTop { locals.push(.nan) }
        let limit = options.maxSteps
        let hooks = runHooks
        let fast = !options.keepTrees && hooks?.trace == nil

        func stop(_ code: DiagnosticCode?, _ message: String, at range: Range<Int>) {
            if let code { report(.error, code, message, range) }
            undecidedIfs.removeSubrange(outerIfs...)
            runLocals = RunLocals()
            settle(inputs: inputs, outputs: outputs, from: depthBefore, at: range)
        }

        while true {
            if fast {
                var state = RunState(program: program, pc: pc, localsBase: localsBase, localsTop: localsTop)
                runFast(&state, &window, &frames, &locals, outerIfs: outerIfs)
                program = state.program
                pc = state.pc
                localsBase = state.localsBase
                localsTop = state.localsTop
            }

            // The general loop's step: any step, with trees and traces; a limit or Ctrl-C.
            runLocals = RunLocals(base: locals.base, count: locals.count)
            let code = UnsafeBufferPointer(program.steps)
            let ranges = UnsafeBufferPointer(program.ranges)
            let tokens = UnsafeBufferPointer(program.tokens)
            let buffer = program.buffer, base = program.base
            if pc >= code.count {
                localsTop = localsBase
                guard frames.count > 0 else {
                    runLocals = RunLocals()
                    return
                }
                let frame = frames.pop()
                program = frame.program
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
            case .number(let index), .operator(_, let index), .token(let index):
                let token = tokens[Int(index)]
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
                frames.push(Frame(program: program, pc: pc, localsBase: localsBase))
                program = wordPrograms[Int(word)]
                pc = 0
                localsBase = localsTop
                localsTop += program.localCount
                while locals.count < localsTop { locals.push(.nan) }
            case .bindParameters(let count):
                let n = Int(count)
                willModify(from: stack.count - n)
                var i = n
                while i > 0 {
                    i -= 1
                    locals[localsBase + i] = stack.removeLast()
                }
                pc += 1
            case .branchIfZero(let target, let reach):
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
                    let base = Swift.max(0, stack.count - Int(reach))
                    willModify(from: base)
                    undecidedIfs.append(UndecidedIf(condition: condition, frameDepth: frames.count, end: end, base: base,
                                                    stackAtIf: Array(stack[base...])))
                    pc += 1
                }
            case .skipElse(let target):
                if var undecided = undecidedIfs.last, undecided.frameDepth == frames.count, undecided.end == Int(target),
                   !undecided.inSecondPart {
                    undecided.firstPartStack = Array(stack[undecided.base...])
                    stack.removeSubrange(undecided.base...)
                    stack.append(contentsOf: undecided.stackAtIf)
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
                    let now = Array(stack[undecided.base...])
                    let first = undecided.inSecondPart ? undecided.firstPartStack : now
                    let second = undecided.inSecondPart ? now : undecided.stackAtIf
                    stack.removeSubrange(undecided.base...)
                    merge(condition: undecided.condition, first, second, at: at)
                }
                pc += 1
            case .forStart(let local, let exit, let hasStep):
                pc = startLoop(counter: locals.base + localsBase + Int(local), hasStep: hasStep, at: ranges[pc]) ? pc + 1 : Int(exit)
            case .forNext(let local, let body):
                if let trace = hooks?.trace { trace(Token(.keyword, ranges[pc], builtin: .next), self) }
                pc = advanceLoop(counter: locals.base + localsBase + Int(local), at: ranges[pc]) ? Int(body) : pc + 1
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
            case .localOperator, .literalOperator, .localLiteralOperator, .localLiteralBranch, .operatorBranch,
                 .operatorEndIf, .skipElseEndIf, .localSkipElseEndIf:
                preconditionFailure("fused steps are only in fastSteps")
            }
        }
    }

    /// Where a run is: the program and step, and its frame's locals.
    struct RunState {
        unowned(unsafe) var program: Program
        var pc: Int
        var localsBase: Int
        var localsTop: Int
    }

    /// The fast loop of `interpret`, apart so that the compiler keeps its state in registers:
    /// runs steps until one needs the general loop, then moves the window back onto `stack`.
    @inline(never)
    private mutating func runFast(_ state: inout RunState, _ windowOfRun: inout RawStack<Double>,
                                  _ framesOfRun: inout RawStack<Frame>, _ localsOfRun: inout RawStack<Double>,
                                  outerIfs: Int) {
        // Moved into locals of this function for the loop, and back at its end: their
        // pointers and counts then stay in registers, which stores through other pointers
        // would otherwise make the compiler reload.
        var window = windowOfRun, frames = framesOfRun, locals = localsOfRun
        unowned(unsafe) var program = state.program
        var pc = state.pc
        var localsBase = state.localsBase
        var localsTop = state.localsTop
        let limit = options.maxSteps
        let exact = options.exact
        // Read through buffers the program owns, changed only by calls and returns.
        var code = UnsafeBufferPointer(program.fastSteps)
        var literals = UnsafeBufferPointer(program.literals)
        var count = code.count
        var done = steps
        // The last step the fast loop may take: the general loop takes the steps
        // where the budget ends or Ctrl-C is polled (every 4096th).
        let lastFast = Swift.min(limit, done | 0xFFF)
        fastLoop: while true {
            if pc >= count {
                guard frames.count > 0 else { break fastLoop }
                localsTop = localsBase
                let frame = frames.pop()
                program = frame.program
                code = UnsafeBufferPointer(program.fastSteps)
                literals = UnsafeBufferPointer(program.literals)
                count = code.count
                pc = frame.pc
                localsBase = frame.localsBase
                continue
            }
            guard done < lastFast else { break fastLoop }
            switch code[pc] {
            case .number(let index):
                let literal = literals[Int(index)]
                if exact {
                    guard literal.isShortInteger else { break fastLoop }
                    window.push(literal.exact)
                } else {
                    guard literal.float.isFinite else { break fastLoop }
                    window.push(literal.float)
                }
                done &+= 1
                pc &+= 1
            case .local(let local):
                window.push(locals[localsBase &+ Int(local)])
                done &+= 1
                pc &+= 1
            case .operator(let op, _):
                guard binaryOnWindow(op, &window, exact: exact) else { break fastLoop }
                done &+= 1
                pc &+= 1
            case .localOperator(let local, let op):
                guard done &+ 2 <= lastFast,
                      binaryOnTop(op, locals[localsBase &+ Int(local)], &window, exact: exact) else { break fastLoop }
                done &+= 2
                pc &+= 2
            case .literalOperator(let index, let op):
                guard done &+ 2 <= lastFast,
                      binaryOnTop(op, literals[Int(index)].value(exact: exact), &window, exact: exact) else { break fastLoop }
                done &+= 2
                pc &+= 2
            case .localLiteralOperator(let local, let index, let op):
                guard done &+ 3 <= lastFast else { break fastLoop }
                let y = literals[Int(index)].value(exact: exact)
                guard let result = Self.quickBinary(op, locals[localsBase &+ Int(local)], y, exact: exact) else {
                    break fastLoop
                }
                lastX = y
                window.push(result)
                done &+= 3
                pc &+= 3
            case .localLiteralBranch(let local, let index, let op, let target):
                guard done &+ 4 <= lastFast else { break fastLoop }
                let y = literals[Int(index)].value(exact: exact)
                guard let flag = Self.quickBinary(op, locals[localsBase &+ Int(local)], y, exact: exact) else {
                    break fastLoop
                }
                lastX = y
                done &+= 4
                pc = Self.isZeroFlag(flag) ? Int(target) : pc &+ 4
            case .operatorBranch(let op, let target):
                guard done &+ 2 <= lastFast, window.count >= 2 || pull(into: &window, 2) else { break fastLoop }
                let y = window[window.count &- 1]
                guard let flag = Self.quickBinary(op, window[window.count &- 2], y, exact: exact) else {
                    break fastLoop
                }
                lastX = y
                window.count &-= 2
                done &+= 2
                pc = Self.isZeroFlag(flag) ? Int(target) : pc &+ 2
            case .branchIfZero(let target, _), .until(let target):
                // `if` goes to its else part, `until` back to its body, when the flag is 0.
                guard window.count >= 1 || pull(into: &window, 1) else { break fastLoop }
                let flag = window[window.count &- 1]
                guard StackSlot.smallValue(flag) != nil || flag.isFinite else { break fastLoop }
                window.count &-= 1
                done &+= 1
                pc = Self.isZeroFlag(flag) ? Int(target) : pc &+ 1
            case .skipElse(let target):
                guard undecidedIfs.count == outerIfs else { break fastLoop }
                done &+= 1
                pc = Int(target)
            case .skipElseEndIf(let after):
                guard done &+ 2 <= lastFast, undecidedIfs.count == outerIfs else { break fastLoop }
                done &+= 2
                pc = Int(after)
            case .localSkipElseEndIf(let local, let after):
                guard done &+ 3 <= lastFast, undecidedIfs.count == outerIfs else { break fastLoop }
                window.push(locals[localsBase &+ Int(local)])
                done &+= 3
                pc = Int(after)
            case .operatorEndIf(let op):
                guard done &+ 2 <= lastFast, undecidedIfs.count == outerIfs,
                      binaryOnWindow(op, &window, exact: exact) else { break fastLoop }
                done &+= 2
                pc &+= 2
            case .endIf:
                guard undecidedIfs.count == outerIfs else { break fastLoop }
                done &+= 1
                pc &+= 1
            case .call(let word):
                // A call of a word without errors, its operands checked statically (or
                // counted here, for the top level's entry call).
                unowned(unsafe) let callee = wordPrograms[Int(word)]
                guard frames.count < options.maxCallDepth, !callee.isBroken,
                      callee.inputs <= stack.count &+ window.count else { break fastLoop }
                done &+= 1
                frames.push(Frame(program: program, pc: pc &+ 1, localsBase: localsBase))
                program = callee
                code = UnsafeBufferPointer(callee.fastSteps)
                literals = UnsafeBufferPointer(callee.literals)
                count = code.count
                pc = 0
                localsBase = localsTop
                localsTop &+= callee.localCount
                while locals.count < localsTop { locals.push(.nan) }
            case .bindParameters(let n):
                let count = Int(n)
                guard window.count >= count || pull(into: &window, count) else { break fastLoop }
                var i = count
                while i > 0 {
                    i &-= 1
                    locals[localsBase &+ i] = window.pop()
                }
                done &+= 1
                pc &+= 1
            case .forNext(let local, let body):
                // Small integer counters, or doubles with --float: the step of every loop.
                let counter = localsBase &+ Int(local)
                let current = locals[counter], bound = locals[counter &+ 1], step = locals[counter &+ 2]
                if let c = StackSlot.smallValue(current), let s = StackSlot.smallValue(step),
                   let b = StackSlot.smallValue(bound), let next = StackSlot.small(c &+ s) {
                    locals[counter] = next
                    pc = (s > 0 ? c &+ s <= b : c &+ s >= b) ? Int(body) : pc &+ 1
                } else if current.isFinite, step.isFinite, bound.isFinite {
                    let next = current + step
                    locals[counter] = next
                    pc = (step > 0 ? next <= bound : next >= bound) ? Int(body) : pc &+ 1
                } else {
                    break fastLoop
                }
                done &+= 1
            case .token, .forStart:
                break fastLoop
            }
        }
        steps = done
        if window.count > 0 {
            stack.append(contentsOf: window.elements)
            window.count = 0
        }
        state.program = program
        state.pc = pc
        state.localsBase = localsBase
        state.localsTop = localsTop
        windowOfRun = window
        framesOfRun = frames
        localsOfRun = locals
    }

    /// `op` on the window's two top entries, in place of them; false when the fast loop
    /// cannot compute it (the general loop then runs the step).
    @inline(__always)
    private mutating func binaryOnWindow(_ op: BuiltinID, _ window: inout RawStack<Double>, exact: Bool) -> Bool {
        guard window.count >= 2 || pull(into: &window, 2) else { return false }
        let y = window[window.count &- 1]
        guard let result = Self.quickBinary(op, window[window.count &- 2], y, exact: exact) else { return false }
        lastX = y
        window.count &-= 1
        window[window.count &- 1] = result
        return true
    }

    /// `op` on the window's top entry and `y` (a local or a literal), in place of the top.
    @inline(__always)
    private mutating func binaryOnTop(_ op: BuiltinID, _ y: Double, _ window: inout RawStack<Double>, exact: Bool) -> Bool {
        guard window.count >= 1 || pull(into: &window, 1) else { return false }
        guard let result = Self.quickBinary(op, window[window.count &- 1], y, exact: exact) else { return false }
        lastX = y
        window[window.count &- 1] = result
        return true
    }

    /// Moves entries from `stack` to the bottom of `window` until it holds `count`; false
    /// when the stack has too few (the general loop then reports it).
    private mutating func pull(into window: inout RawStack<Double>, _ count: Int) -> Bool {
        let needed = count - window.count
        guard stack.count >= needed else { return false }
        willModify(from: stack.count - needed)
        stack.withUnsafeBufferPointer { window.insertAtBottom(UnsafeBufferPointer(rebasing: $0[($0.count - needed)...])) }
        stack.removeLast(needed)
        return true
    }

    /// `+ − ×` and the comparisons on two short integers or two doubles, the common steps of
    /// loops, computed in place; nil when the general path must compute it (other operands,
    /// a result that does not fit, an exact operation on doubles).
    @inline(__always)
    static func quickBinary(_ op: BuiltinID, _ x: Double, _ y: Double, exact: Bool) -> Double? {
        if let a = StackSlot.smallValue(x), let b = StackSlot.smallValue(y) {
            let value: Int
            switch op {
            case .add: value = a &+ b  // below 2^48 in magnitude: cannot overflow
            case .subtract: value = a &- b
            case .multiply:
                let (product, overflow) = a.multipliedReportingOverflow(by: b)
                if overflow { return nil }
                value = product
            case .less: value = a < b ? 1 : 0
            case .greater: value = a > b ? 1 : 0
            case .lessEqual: value = a <= b ? 1 : 0
            case .greaterEqual: value = a >= b ? 1 : 0
            case .equal: value = a == b ? 1 : 0
            case .notEqual: value = a != b ? 1 : 0
            default: return nil
            }
            return StackSlot.small(value)
        }
        guard x.isFinite, y.isFinite else { return nil }
        if op.isComparison {
            // Exact 1 or 0 whatever the operands, doubles only with --float (`isPredicate`).
            let holds = Arithmetic.predicate(op, x, y)
            return exact ? StackSlot.small(holds ? 1 : 0) : (holds ? 1 : 0)
        }
        guard !exact else { return nil }
        var result: Double
        switch op {
        case .add: result = x + y
        case .subtract: result = x - y
        case .multiply: result = x * y
        default: return nil
        }
        guard result.isFinite else { return nil }
        if result == 0 { result = 0 }  // one zero
        return result
    }

    /// Whether a flag the fast loop checked (a short integer or a double) is 0.
    @inline(__always)
    static func isZeroFlag(_ flag: Double) -> Bool {
        if let value = StackSlot.smallValue(flag) { return value == 0 }
        return flag == 0
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

    /// Merges what the two parts of an undecided `if` left above its base onto the stack:
    /// equal entries stay, the others become `if(c, a, b)`.
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
        stack.append(contentsOf: merged)
    }

    // MARK: - Loops

    /// `for`: pops the bounds into the counter's locals; false when the loop runs no time.
    private mutating func startLoop(counter local: UnsafeMutablePointer<Double>, hasStep: Bool, at range: Range<Int>) -> Bool {
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
        local[0] = values[0]
        local[1] = values[1]
        local[2] = step
        let order = compare(values[0], values[1])
        return direction > 0 ? order <= 0 : order >= 0
    }

    /// `next`/`step`: advances the counter; true when the body runs again.
    private mutating func advanceLoop(counter: UnsafeMutablePointer<Double>, at range: Range<Int>) -> Bool {
        let current = counter[0], bound = counter[1], step = counter[2]
        if let c = StackSlot.smallValue(current), let s = StackSlot.smallValue(step), let b = StackSlot.smallValue(bound),
           let next = StackSlot.small(c + s) {
            counter[0] = next
            return s > 0 ? c + s <= b : c + s >= b
        }
        if current.isFinite, step.isFinite, bound.isFinite {
            let next = current + step
            counter[0] = next
            return step > 0 ? next <= bound : next >= bound
        }
        let next = applyBinary(.add, current, step, range)
        guard !StackSlot.isNone(next) else { return false }
        counter[0] = next
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
