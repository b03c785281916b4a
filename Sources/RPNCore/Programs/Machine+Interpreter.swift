/// THE loop: every instruction of the language runs here, the top level's and every word's,
/// with trees or without, traced or not. As Lua 5.4's `luaV_execute`: one function (one
/// source, specialised by the compiler per `RunMode`), one `switch` on the opcode; calls
/// switch frames on an explicit return stack instead of recursing; and one trap, checked at
/// every fetch (a countdown of steps below zero), handles everything that is not an
/// instruction's meaning: the step budget, Ctrl-C, the trace, the ifs whose flag had no value
/// (`UndecidedIf`), a limit that stops a run. Each instruction's case
/// computes its common operands in place (small integers, doubles: the run's state in
/// registers) and hands anything else to its general half, out of line, written once.
extension Machine {
    struct Frame {
        var header: UnsafeMutablePointer<Program.Header>
        var returnIP: UnsafePointer<Instruction>
        var localsBase: Int
        /// Whether the caller's steps count (0 at the top level of a chunk).
        var weight: Int
    }

    /// How the top level entered counted steps (a block, or a call of a word), so that a limit
    /// that stops it leaves the stack as its effect would, and the top level goes on after it.
    struct TopEntry: @unchecked Sendable {
        var depthBefore: Int
        var inputs: Int, outputs: Int
        /// Where the top level goes on after it (nil: the run is a word's body, and ends).
        var resume: UnsafePointer<Instruction>?
        var undecidedIfs: Int
        /// Where the nodes and links it makes begin (see `dropTrees`).
        var nodeMark = 0, linkMark = 0
        /// Its trees could not be dropped (they read variables): not tried again.
        var keepsTrees = false
    }

    /// An `if` whose flag had no value yet (it reads a variable): both parts run, each on its
    /// own copy of the entries they reach, and where they differ the entries become
    /// `if(c, a, b)` nodes. The parts never go below `base` (the checker's reach), so only the
    /// entries above it are kept aside. The trap follows it: at the first part's `else` it
    /// starts the second, at `then` it merges.
    struct UndecidedIf: @unchecked Sendable {
        let condition: Int32
        let frameDepth: Int
        let header: UnsafeMutablePointer<Program.Header>
        let shape: Program.IfShape
        let base: Int
        var stackAtIf: [Double]
        var firstPartStack: [Double] = []
        var inSecondPart = false
    }

    /// Where the loop is, for the trap to change.
    struct Position {
        var ip: UnsafePointer<Instruction>
        var header: UnsafeMutablePointer<Program.Header>
        var localsBase: Int
        var weight: Int
    }

    enum TrapOutcome {
        /// Run the instruction (`plain`: its plain form, a superinstruction's first word).
        case proceed, plain
        /// Go on at the new position (its instruction is counted at its fetch).
        case jump
        case finish, interrupted
    }

    /// Where the loop left off when the run's mode changed (`RunMode`), to go on in the loop
    /// of the new mode: at `position`, whose instruction is fetched, or, with `pending`, was
    /// fetched and counted already and is dispatched first (as the trap's outcome said).
    struct Resume {
        var position: Position
        var pending: TrapOutcome?
    }

    /// Runs `entry` to its end: a chunk of the top level (`weight` 0: its straight-line code
    /// counts no steps; its blocks and calls do), or a word's body with its inputs on the stack
    /// (`weight` 1, `inputs`/`outputs` its effect: a limit that stops it leaves the stack as
    /// that effect would, outputs without value). False when Ctrl-C stopped it.
    @inline(never)
    mutating func interpret(_ entry: Program, weight entryWeight: Int, inputs: Int = 0, outputs: Int = 0) -> Bool {
        let depthBefore = stack.count
        let outerIfs = run.undecidedIfs.count
        if entryWeight == 1 {
            run.topEntry = TopEntry(depthBefore: depthBefore, inputs: inputs, outputs: outputs, resume: nil,
                                    undecidedIfs: outerIfs)
        }
        let header = entry.header
        let localsBase = run.locals.count
        run.locals.reserve(localsBase + header.pointee.localCount)
        run.locals.count = localsBase + header.pointee.localCount
        let entryFrames = run.frames.count
        run.trapAt = nextTrap()
        var resume = Resume(position: Position(ip: UnsafePointer(header.pointee.code), header: header,
                                               localsBase: localsBase, weight: entryWeight), pending: nil)
        while true {
            let finished = switch (options.keepTrees, options.exact) {
            case (false, true): loop(ValuesExact.self, &resume, entryFrames: entryFrames)
            case (false, false): loop(ValuesFloat.self, &resume, entryFrames: entryFrames)
            case (true, true): loop(TreesExact.self, &resume, entryFrames: entryFrames)
            case (true, false): loop(TreesFloat.self, &resume, entryFrames: entryFrames)
            }
            if let finished { return finished }
        }
    }

    /// The loop of one `RunMode`: whether trees are kept and numbers exact are constants in it,
    /// so each mode runs its own specialisation of this one source (the same loop with them
    /// as variables took 300 instructions a fib call, as constants 257). It returns true or
    /// false as `interpret` does, or nil when a directive or the tree budget changed the mode,
    /// with `resume` saying where to go on.
    @inline(never)
    private mutating func loop<Mode: RunMode>(_: Mode.Type, _ resume: inout Resume, entryFrames: Int) -> Bool? {
        var header = resume.position.header
        var ip = resume.position.ip
        run.localsBase = resume.position.localsBase
        var fp = run.locals.base + run.localsBase
        // `sp` points past the top entry; `base` is the stack's storage (both change only when
        // it grows, out of line). Room for every push the program can make
        // (`Program.Header.maxGrowth`): pushes then need no check; a call makes room for its
        // callee's.
        var base = room(for: header)
        var sp = base + stack.count
        run.limit = base + stack.capacity  // the end of the stack's storage
        run.weight = resume.position.weight
        var countdown = 0
        (countdown, run.anchor) = Self.armed(self.steps, trapAt: run.trapAt, weight: run.weight)
        var pending = resume.pending
        if pending != nil {
            // Its instruction was counted: the first fetch takes no step and goes to the trap's
            // path, which dispatches it as the outcome said.
            countdown = 0
            run.anchor = run.weight != 0 ? self.steps &- 1 : self.steps
        }
        let exact = Mode.exact, trees = Mode.trees
        let maxCallDepth = options.maxCallDepth
        /// Frames the quick call may push: the depth limit, or the room there is.
        run.frameLimit = Swift.min(run.frames.capacity, maxCallDepth)

        fetch: while true {
            countdown &-= 1
            var word = ip.pointee
            if _slowPath(countdown < 0) {
                stack.setCount(base.distance(to: sp))
                self.steps = Self.stepsTaken(run.weight, run.anchor, countdown)
                var position = Position(ip: ip, header: header, localsBase: run.localsBase, weight: run.weight)
                let outcome: TrapOutcome
                if let resumed = pending {
                    pending = nil
                    outcome = resumed
                } else {
                    outcome = trap(&position, entryFrames: entryFrames)
                }
                ip = position.ip
                header = position.header
                run.localsBase = position.localsBase
                run.weight = position.weight
                fp = run.locals.base + run.localsBase
                base = room(for: header)
                run.limit = base + stack.capacity
                sp = base + stack.count
                (countdown, run.anchor) = Self.armed(self.steps, trapAt: run.trapAt, weight: run.weight)
                switch outcome {
                case .proceed, .plain, .jump:
                    if _slowPath(options.exact != exact || options.keepTrees != trees) {  // the tree budget
                        resume = Resume(position: Position(ip: ip, header: header, localsBase: run.localsBase, weight: run.weight), pending: outcome == .jump ? nil : outcome)
                        return nil
                    }
                    if outcome == .jump { continue fetch }  // the new instruction is counted at its fetch
                    word = outcome == .plain ? ip.pointee.with(ip.pointee.opcode.plain) : ip.pointee
                case .finish:
                    run.locals.count = run.localsBase
                    return true
                case .interrupted:
                    run.locals.count = run.localsBase
                    return false
                }
            }
            ip += 1  // as Lua's `vmfetch`: the cases see the next instruction's address
            // No loop around the switch: a case that falls back breaks to the general half with
            // its plain word (a loop here let the optimizer hoist every case's operands into
            // the fetch).
            dispatch: do {
                switch word.opcode {
                // MARK: Pushes
                case .literal:
                    guard !trees else { break dispatch }
                                        sp.pointee = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: word.b)) : Double(word.b)
                    sp += 1
                case .literalWide:
                    let value = exact ? Double(bits: ip[0].bits) : Double(bits: ip[1].bits)
                    guard !trees, exact ? StackSlot.isSmall(value) : value.isFiniteValue else { break dispatch }
                                        sp.pointee = value
                    sp += 1
                    ip += 2
                case .local:
                    let value = fp[word.a]
                    guard !trees || StackSlot.node(value) != nil else { break dispatch }
                                        sp.pointee = value
                    sp += 1
                case .constant, .variable:
                    break dispatch

                // MARK: Quick operations on the stack
                // One case per operation, here and in the superinstruction families below: a
                // case per family that picks the operation from the opcode measured 415
                // instructions a fib call and 134 a loop iteration, against 369 and 112 (the
                // optimizer then calls `quick` instead of inlining one operation). The meaning
                // is written once, in `quickAdd` … `quickNotEqual`; the cases only place it.
                case .add:
                    guard _fastPath(sp >= base + 2), let result = Self.quickAdd(sp[-2], sp[-1], exact: exact) else {
                        word = Instruction(.binary, a: Int(BuiltinID.add.rawValue))  // fractions, big integers, trees
                        break dispatch
                    }
                    lastX = sp[-1]
                    sp[-2] = result
                    sp -= 1
                case .subtract:
                    guard _fastPath(sp >= base + 2), let result = Self.quickSubtract(sp[-2], sp[-1], exact: exact) else {
                        word = Instruction(.binary, a: Int(BuiltinID.subtract.rawValue))  // fractions, big integers, trees
                        break dispatch
                    }
                    lastX = sp[-1]
                    sp[-2] = result
                    sp -= 1
                case .multiply:
                    guard _fastPath(sp >= base + 2), let result = Self.quickMultiply(sp[-2], sp[-1], exact: exact) else {
                        word = Instruction(.binary, a: Int(BuiltinID.multiply.rawValue))  // fractions, big integers, trees
                        break dispatch
                    }
                    lastX = sp[-1]
                    sp[-2] = result
                    sp -= 1
                case .less:
                    guard _fastPath(sp >= base + 2), let result = Self.quickLess(sp[-2], sp[-1], exact: exact) else {
                        word = Instruction(.binary, a: Int(BuiltinID.less.rawValue))  // fractions, big integers, trees
                        break dispatch
                    }
                    lastX = sp[-1]
                    sp[-2] = result
                    sp -= 1
                case .greater:
                    guard _fastPath(sp >= base + 2), let result = Self.quickGreater(sp[-2], sp[-1], exact: exact) else {
                        word = Instruction(.binary, a: Int(BuiltinID.greater.rawValue))  // fractions, big integers, trees
                        break dispatch
                    }
                    lastX = sp[-1]
                    sp[-2] = result
                    sp -= 1
                case .lessEqual:
                    guard _fastPath(sp >= base + 2), let result = Self.quickLessEqual(sp[-2], sp[-1], exact: exact) else {
                        word = Instruction(.binary, a: Int(BuiltinID.lessEqual.rawValue))  // fractions, big integers, trees
                        break dispatch
                    }
                    lastX = sp[-1]
                    sp[-2] = result
                    sp -= 1
                case .greaterEqual:
                    guard _fastPath(sp >= base + 2), let result = Self.quickGreaterEqual(sp[-2], sp[-1], exact: exact) else {
                        word = Instruction(.binary, a: Int(BuiltinID.greaterEqual.rawValue))  // fractions, big integers, trees
                        break dispatch
                    }
                    lastX = sp[-1]
                    sp[-2] = result
                    sp -= 1
                case .equal:
                    guard _fastPath(sp >= base + 2), let result = Self.quickEqual(sp[-2], sp[-1], exact: exact) else {
                        word = Instruction(.binary, a: Int(BuiltinID.equal.rawValue))  // fractions, big integers, trees
                        break dispatch
                    }
                    lastX = sp[-1]
                    sp[-2] = result
                    sp -= 1
                case .notEqual:
                    guard _fastPath(sp >= base + 2), let result = Self.quickNotEqual(sp[-2], sp[-1], exact: exact) else {
                        word = Instruction(.binary, a: Int(BuiltinID.notEqual.rawValue))  // fractions, big integers, trees
                        break dispatch
                    }
                    lastX = sp[-1]
                    sp[-2] = result
                    sp -= 1
                case .binary:
                    break dispatch  // values in place just below, the rest in the general half
                case .ternary:
                    break dispatch
                case .unary:
                    guard sp > base, StackSlot.isValue(sp[-1]) else { break dispatch }
                    let x = sp[-1]
                    stack.setCount(base.distance(to: sp))
                    lastX = x
                    guard case .value(let result) = combine(BuiltinID(rawValue: UInt8(word.a))!, x, angle: options.angleUnit) else {
                        break dispatch
                    }
                    sp[-1] = result
                    (countdown, run.anchor) = Self.armed(Self.stepsTaken(run.weight, run.anchor, countdown), trapAt: run.trapAt, weight: run.weight)  // combine may ask for a trap (a poll)

                // MARK: Stack words
                case .dup:
                    guard sp > base else { break dispatch }
                                        sp.pointee = sp[-1]
                    sp += 1
                case .drop:
                    guard sp > base else { break dispatch }
                    sp -= 1
                case .swap:
                    guard sp >= base + 2 else { break dispatch }
                    let top = sp[-1]
                    sp[-1] = sp[-2]
                    sp[-2] = top
                case .over:
                    guard sp >= base + 2 else { break dispatch }
                                        sp.pointee = sp[-2]
                    sp += 1
                case .rot, .nip, .tuck, .dup2, .drop2, .depth, .lastx, .clear, .counted, .directive, .unset, .store,
                     .callForward, .failed, .resolveForward, .makeList, .quotation, .quoteBuiltin, .quoteWord:
                    break dispatch

                // MARK: Calls
                case .localSubtractLiteralCall:
                    // `n 1 − f`: as `localSubtractLiteral`, then the call that follows, below.
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: ip[0].b)) : Double(ip[0].b)
                    guard _fastPath(!trees), let result = Self.quickSubtract(fp[word.a], y, exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = y
                    sp.pointee = result
                    sp += 1
                    countdown &-= 3  // the literal, the operation and the call
                    word = ip[2]
                    ip += 3
                    fallthrough
                case .call:
                    // The quick call, as Lua's OP_CALL of a Lua function: a frame pushed, the
                    // callee's parameters bound, its code entered. Anything else (a word with
                    // errors, too few entries, an argument of a function that is no value, the
                    // depth limit, a trap due) takes the general call below.
                    let callee = compiler.wordHeaders[word.a]
                    if _fastPath(!trees && callee.pointee.takesArguments(below: sp, above: base)
                                 && run.frames.count < run.frameLimit && countdown > 0) {
                        // A `call` is inside a word or block, where steps count (weight 1).
                        if _slowPath(sp + callee.pointee.maxGrowth > run.limit) {
                            stack.setCount(base.distance(to: sp))
                            stack.reserve(extra: callee.pointee.maxGrowth)
                            base = stack.base
                            sp = base + stack.count
                            run.limit = base + stack.capacity
                        }
                        run.frames.base[run.frames.count] = Frame(header: header, returnIP: ip, localsBase: run.localsBase,
                                                                   weight: 1)
                        run.frames.count &+= 1
                        run.localsBase &+= header.pointee.localCount
                        let top = run.localsBase &+ callee.pointee.localCount
                        if _slowPath(top > run.locals.capacity) { run.locals.reserve(top) }
                        run.locals.count = top
                        fp = run.locals.base + run.localsBase
                        header = callee
                        ip = UnsafePointer(callee.pointee.code)
                        // The callee's `bind`, done here: a step of its own, as in a superinstruction.
                        let bound = callee.pointee.bindCount
                        if bound == 1 {  // as most words: no loop
                            sp -= 1
                            fp[0] = sp[0]
                            countdown &-= 1
                            ip += 1
                        } else if bound > 1 {
                            sp -= bound
                            var i = 0
                            repeat {
                                fp[i] = sp[i]
                                i &+= 1
                            } while i < bound
                            countdown &-= 1
                            ip += 1
                        }
                        continue fetch
                    }
                    fallthrough
                case .topCall:
                    let callee = compiler.wordHeaders[word.a]
                    // A function on an argument that is no value (a variable's node, or none)
                    // is the slow path's to decide (`Machine.call`: a `.call` node, valued
                    // for the variable's value when asked for), in both modes.
                    var enter = word.opcode == .call && !trees && callee.pointee.takesArguments(below: sp, above: base)
                        && run.frames.count < maxCallDepth
                    if _slowPath(!enter) {
                        stack.setCount(base.distance(to: sp))
                        self.steps = Self.stepsTaken(run.weight, run.anchor, countdown)
                        let token = header.pointee.token(at: ip - 1)
                        enter = word.opcode == .call ? callNeedsFrame(Int32(word.a), at: token.range)
                            : enterFromTopLevel(Int32(word.a), at: token.range)
                        base = room(for: header)
                        run.limit = base + stack.capacity
                        sp = base + stack.count
                        (countdown, run.anchor) = Self.armed(self.steps, trapAt: run.trapAt, weight: run.weight)
                        if !enter {
                            break
                        }
                        if word.opcode == .topCall {
                            run.topEntry = TopEntry(depthBefore: base.distance(to: sp), inputs: callee.pointee.inputs,
                                                    outputs: callee.pointee.outputs, resume: ip,
                                                    undecidedIfs: run.undecidedIfs.count, nodeMark: nodes.count,
                                                    linkMark: links.count)
                            run.trapAt = nextTrap()
                            (countdown, run.anchor) = Self.armed(self.steps, trapAt: run.trapAt, weight: run.weight)
                        }
                    }
                    if sp + callee.pointee.maxGrowth > run.limit {
                        stack.setCount(base.distance(to: sp))
                        stack.reserve(extra: callee.pointee.maxGrowth)
                        base = stack.base
                        sp = base + stack.count
                        run.limit = base + stack.capacity
                    }
                    run.frames.push(Frame(header: header, returnIP: ip, localsBase: run.localsBase, weight: run.weight))
                    run.frameLimit = Swift.min(run.frames.capacity, maxCallDepth)
                    if word.opcode == .topCall, run.weight == 0 {  // the steps count from here on
                        run.weight = 1
                        run.anchor &+= countdown
                    }
                    run.localsBase &+= header.pointee.localCount
                    let top = run.localsBase &+ callee.pointee.localCount
                    if top > run.locals.capacity { run.locals.reserve(top) }
                    run.locals.count = top
                    fp = run.locals.base + run.localsBase
                    header = callee
                    ip = UnsafePointer(callee.pointee.code)
                    // The callee's first instruction binds its parameters: done here, a step
                    // of its own as in a superinstruction, unless a trap is due at its fetch.
                    let first = ip.pointee
                    if first.opcode == .bind, countdown > 0, sp >= base + first.a {
                        var i = first.a
                        repeat {  // a bind binds one parameter at least
                            i &-= 1
                            sp -= 1
                            fp[i] = sp.pointee
                        } while i > 0
                        countdown &-= 1
                        ip += 1
                    }
                case .bind:
                    let n = word.a
                    guard sp >= base + n else { break dispatch }
                    var i = n
                    while i > 0 {
                        i &-= 1
                        sp -= 1
                        fp[i] = sp.pointee
                    }
                case .ret:
                    countdown &+= 1  // a return is no step
                    guard run.frames.count > entryFrames else {
                        stack.setCount(base.distance(to: sp))
                        self.steps = Self.stepsTaken(run.weight, run.anchor, countdown)
                        run.locals.count = run.localsBase
                        flushTrace()
                        return true
                    }
                    let frame = run.popFrame()
                    header = frame.header
                    ip = frame.returnIP
                    fp = run.locals.base + run.localsBase
                    if frame.weight == 0 {  // back at the top level: the steps stand still
                        run.anchor &-= countdown
                        run.weight = 0
                    }
                    if frame.weight == 0, run.treesDropped {  // back at the top level: trees again
                        stack.setCount(base.distance(to: sp))
                        restoreTrees()
                        self.steps = Self.stepsTaken(run.weight, run.anchor, countdown)
                        resume = Resume(position: Position(ip: ip, header: header, localsBase: run.localsBase, weight: run.weight), pending: nil)
                        return nil
                    }

                // MARK: Control
                case .room:
                    countdown &+= 1  // no step
                    if _slowPath(sp + header.pointee.maxGrowth > run.limit) {
                        stack.setCount(base.distance(to: sp))
                        self.steps = Self.stepsTaken(run.weight, run.anchor, countdown)
                        makeRoom(header, at: ip - 1)
                        base = stack.base
                        sp = base + stack.count
                        run.limit = base + stack.capacity
                        (countdown, run.anchor) = Self.armed(self.steps, trapAt: run.trapAt, weight: run.weight)
                    }
                case .jump:
                    ip += word.b &- 1
                case .branch, .until:
                    guard sp > base else { break dispatch }
                    let flag = sp[-1]
                    guard let isZero = Self.isZeroFlag(flag) else { break dispatch }
                    sp -= 1
                    ip += isZero ? word.b &- 1 : 0
                case .forPrepare, .forStepPrepare:
                    break dispatch
                case .forNext:
                    guard let again = ForCount.next(fp + word.a, exact: exact) else { break dispatch }
                    if again { ip += word.b &- 1 }
                case .beginBlock:
                    stack.setCount(base.distance(to: sp))
                    self.steps = Self.stepsTaken(run.weight, run.anchor, countdown)
                    let block = header.pointee.program.block(word.a)
                    if stepLimitReached {
                        // Later blocks do not run: their outputs have no value.
                        settle(inputs: block.inputs, outputs: block.outputs, from: base.distance(to: sp),
                               at: header.pointee.token(at: ip - 1).range)
                        base = room(for: header)
                        run.limit = base + stack.capacity
                        sp = base + stack.count
                        ip = UnsafePointer(header.pointee.code) + block.end + 1
                        break
                    }
                    run.topEntry = TopEntry(depthBefore: base.distance(to: sp), inputs: block.inputs, outputs: block.outputs,
                                            resume: UnsafePointer(header.pointee.code) + block.end + 1,
                                            undecidedIfs: run.undecidedIfs.count, nodeMark: nodes.count,
                                            linkMark: links.count)
                    run.trapAt = nextTrap()
                    run.weight = 1
                    (countdown, run.anchor) = Self.armed(self.steps, trapAt: run.trapAt, weight: run.weight)
                case .endBlock:
                    countdown &+= 1  // no step of the block's
                    run.anchor = Self.stepsTaken(run.weight, run.anchor, countdown)
                    run.weight = 0
                    if run.treesDropped {  // the block is done: trees again
                        stack.setCount(base.distance(to: sp))
                        restoreTrees()  // reads the block's entry
                        run.topEntry = nil
                        self.steps = Self.stepsTaken(run.weight, run.anchor, countdown)
                        resume = Resume(position: Position(ip: ip, header: header, localsBase: run.localsBase, weight: run.weight), pending: nil)
                        return nil
                    }
                    run.topEntry = nil


                // MARK: Superinstructions (they run inside words and blocks only: weight 1), on values:
                // with trees, the plain instructions build the nodes
                case .addLocal:
                    guard _fastPath(!trees), let result = Self.quickAdd(sp[-1], fp[word.a], exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = fp[word.a]
                    sp[-1] = result
                    countdown &-= 1
                    ip += 1
                case .subtractLocal:
                    guard _fastPath(!trees), let result = Self.quickSubtract(sp[-1], fp[word.a], exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = fp[word.a]
                    sp[-1] = result
                    countdown &-= 1
                    ip += 1
                case .multiplyLocal:
                    guard _fastPath(!trees), let result = Self.quickMultiply(sp[-1], fp[word.a], exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = fp[word.a]
                    sp[-1] = result
                    countdown &-= 1
                    ip += 1
                case .lessLocal:
                    guard _fastPath(!trees), let result = Self.quickLess(sp[-1], fp[word.a], exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = fp[word.a]
                    sp[-1] = result
                    countdown &-= 1
                    ip += 1
                case .greaterLocal:
                    guard _fastPath(!trees), let result = Self.quickGreater(sp[-1], fp[word.a], exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = fp[word.a]
                    sp[-1] = result
                    countdown &-= 1
                    ip += 1
                case .lessEqualLocal:
                    guard _fastPath(!trees), let result = Self.quickLessEqual(sp[-1], fp[word.a], exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = fp[word.a]
                    sp[-1] = result
                    countdown &-= 1
                    ip += 1
                case .greaterEqualLocal:
                    guard _fastPath(!trees), let result = Self.quickGreaterEqual(sp[-1], fp[word.a], exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = fp[word.a]
                    sp[-1] = result
                    countdown &-= 1
                    ip += 1
                case .equalLocal:
                    guard _fastPath(!trees), let result = Self.quickEqual(sp[-1], fp[word.a], exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = fp[word.a]
                    sp[-1] = result
                    countdown &-= 1
                    ip += 1
                case .notEqualLocal:
                    guard _fastPath(!trees), let result = Self.quickNotEqual(sp[-1], fp[word.a], exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = fp[word.a]
                    sp[-1] = result
                    countdown &-= 1
                    ip += 1
                case .addLiteral:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: word.b)) : Double(word.b)
                    guard _fastPath(!trees), let result = Self.quickAdd(sp[-1], y, exact: exact) else {
                        word = word.with(.literal)
                        break dispatch
                    }
                    lastX = y
                    sp[-1] = result
                    countdown &-= 1
                    ip += 1
                case .subtractLiteral:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: word.b)) : Double(word.b)
                    guard _fastPath(!trees), let result = Self.quickSubtract(sp[-1], y, exact: exact) else {
                        word = word.with(.literal)
                        break dispatch
                    }
                    lastX = y
                    sp[-1] = result
                    countdown &-= 1
                    ip += 1
                case .multiplyLiteral:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: word.b)) : Double(word.b)
                    guard _fastPath(!trees), let result = Self.quickMultiply(sp[-1], y, exact: exact) else {
                        word = word.with(.literal)
                        break dispatch
                    }
                    lastX = y
                    sp[-1] = result
                    countdown &-= 1
                    ip += 1
                case .lessLiteral:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: word.b)) : Double(word.b)
                    guard _fastPath(!trees), let result = Self.quickLess(sp[-1], y, exact: exact) else {
                        word = word.with(.literal)
                        break dispatch
                    }
                    lastX = y
                    sp[-1] = result
                    countdown &-= 1
                    ip += 1
                case .greaterLiteral:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: word.b)) : Double(word.b)
                    guard _fastPath(!trees), let result = Self.quickGreater(sp[-1], y, exact: exact) else {
                        word = word.with(.literal)
                        break dispatch
                    }
                    lastX = y
                    sp[-1] = result
                    countdown &-= 1
                    ip += 1
                case .lessEqualLiteral:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: word.b)) : Double(word.b)
                    guard _fastPath(!trees), let result = Self.quickLessEqual(sp[-1], y, exact: exact) else {
                        word = word.with(.literal)
                        break dispatch
                    }
                    lastX = y
                    sp[-1] = result
                    countdown &-= 1
                    ip += 1
                case .greaterEqualLiteral:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: word.b)) : Double(word.b)
                    guard _fastPath(!trees), let result = Self.quickGreaterEqual(sp[-1], y, exact: exact) else {
                        word = word.with(.literal)
                        break dispatch
                    }
                    lastX = y
                    sp[-1] = result
                    countdown &-= 1
                    ip += 1
                case .equalLiteral:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: word.b)) : Double(word.b)
                    guard _fastPath(!trees), let result = Self.quickEqual(sp[-1], y, exact: exact) else {
                        word = word.with(.literal)
                        break dispatch
                    }
                    lastX = y
                    sp[-1] = result
                    countdown &-= 1
                    ip += 1
                case .notEqualLiteral:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: word.b)) : Double(word.b)
                    guard _fastPath(!trees), let result = Self.quickNotEqual(sp[-1], y, exact: exact) else {
                        word = word.with(.literal)
                        break dispatch
                    }
                    lastX = y
                    sp[-1] = result
                    countdown &-= 1
                    ip += 1
                case .localAddLiteral:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: ip[0].b)) : Double(ip[0].b)
                    guard _fastPath(!trees), let result = Self.quickAdd(fp[word.a], y, exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = y
                                        sp.pointee = result
                    sp += 1
                    countdown &-= 2
                    ip += 2
                case .localSubtractLiteral:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: ip[0].b)) : Double(ip[0].b)
                    guard _fastPath(!trees), let result = Self.quickSubtract(fp[word.a], y, exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = y
                                        sp.pointee = result
                    sp += 1
                    countdown &-= 2
                    ip += 2
                case .localMultiplyLiteral:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: ip[0].b)) : Double(ip[0].b)
                    guard _fastPath(!trees), let result = Self.quickMultiply(fp[word.a], y, exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = y
                                        sp.pointee = result
                    sp += 1
                    countdown &-= 2
                    ip += 2
                case .localLessLiteral:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: ip[0].b)) : Double(ip[0].b)
                    guard _fastPath(!trees), let result = Self.quickLess(fp[word.a], y, exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = y
                                        sp.pointee = result
                    sp += 1
                    countdown &-= 2
                    ip += 2
                case .localGreaterLiteral:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: ip[0].b)) : Double(ip[0].b)
                    guard _fastPath(!trees), let result = Self.quickGreater(fp[word.a], y, exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = y
                                        sp.pointee = result
                    sp += 1
                    countdown &-= 2
                    ip += 2
                case .localLessEqualLiteral:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: ip[0].b)) : Double(ip[0].b)
                    guard _fastPath(!trees), let result = Self.quickLessEqual(fp[word.a], y, exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = y
                                        sp.pointee = result
                    sp += 1
                    countdown &-= 2
                    ip += 2
                case .localGreaterEqualLiteral:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: ip[0].b)) : Double(ip[0].b)
                    guard _fastPath(!trees), let result = Self.quickGreaterEqual(fp[word.a], y, exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = y
                                        sp.pointee = result
                    sp += 1
                    countdown &-= 2
                    ip += 2
                case .localEqualLiteral:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: ip[0].b)) : Double(ip[0].b)
                    guard _fastPath(!trees), let result = Self.quickEqual(fp[word.a], y, exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = y
                                        sp.pointee = result
                    sp += 1
                    countdown &-= 2
                    ip += 2
                case .localNotEqualLiteral:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: ip[0].b)) : Double(ip[0].b)
                    guard _fastPath(!trees), let result = Self.quickNotEqual(fp[word.a], y, exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = y
                                        sp.pointee = result
                    sp += 1
                    countdown &-= 2
                    ip += 2
                case .localLessLiteralBranch:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: ip[0].b)) : Double(ip[0].b)
                    guard _fastPath(!trees), let holds = Self.quickLessHolds(fp[word.a], y, exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = y
                    countdown &-= 3
                    ip += holds ? 3 : 2 + ip[2].b
                case .localGreaterLiteralBranch:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: ip[0].b)) : Double(ip[0].b)
                    guard _fastPath(!trees), let holds = Self.quickGreaterHolds(fp[word.a], y, exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = y
                    countdown &-= 3
                    ip += holds ? 3 : 2 + ip[2].b
                case .localLessEqualLiteralBranch:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: ip[0].b)) : Double(ip[0].b)
                    guard _fastPath(!trees), let holds = Self.quickLessEqualHolds(fp[word.a], y, exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = y
                    countdown &-= 3
                    ip += holds ? 3 : 2 + ip[2].b
                case .localGreaterEqualLiteralBranch:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: ip[0].b)) : Double(ip[0].b)
                    guard _fastPath(!trees), let holds = Self.quickGreaterEqualHolds(fp[word.a], y, exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = y
                    countdown &-= 3
                    ip += holds ? 3 : 2 + ip[2].b
                case .localEqualLiteralBranch:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: ip[0].b)) : Double(ip[0].b)
                    guard _fastPath(!trees), let holds = Self.quickEqualHolds(fp[word.a], y, exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = y
                    countdown &-= 3
                    ip += holds ? 3 : 2 + ip[2].b
                case .localNotEqualLiteralBranch:
                    let y = exact ? StackSlot.smallLiteral(Int32(truncatingIfNeeded: ip[0].b)) : Double(ip[0].b)
                    guard _fastPath(!trees), let holds = Self.quickNotEqualHolds(fp[word.a], y, exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = y
                    countdown &-= 3
                    ip += holds ? 3 : 2 + ip[2].b
                case .lessBranch:
                    guard _fastPath(!trees), let holds = Self.quickLessHolds(sp[-2], sp[-1], exact: exact) else {
                        word = word.with(.less)
                        break dispatch
                    }
                    lastX = sp[-1]
                    sp -= 2
                    countdown &-= 1
                    ip += holds ? 1 : ip[0].b
                case .greaterBranch:
                    guard _fastPath(!trees), let holds = Self.quickGreaterHolds(sp[-2], sp[-1], exact: exact) else {
                        word = word.with(.greater)
                        break dispatch
                    }
                    lastX = sp[-1]
                    sp -= 2
                    countdown &-= 1
                    ip += holds ? 1 : ip[0].b
                case .lessEqualBranch:
                    guard _fastPath(!trees), let holds = Self.quickLessEqualHolds(sp[-2], sp[-1], exact: exact) else {
                        word = word.with(.lessEqual)
                        break dispatch
                    }
                    lastX = sp[-1]
                    sp -= 2
                    countdown &-= 1
                    ip += holds ? 1 : ip[0].b
                case .greaterEqualBranch:
                    guard _fastPath(!trees), let holds = Self.quickGreaterEqualHolds(sp[-2], sp[-1], exact: exact) else {
                        word = word.with(.greaterEqual)
                        break dispatch
                    }
                    lastX = sp[-1]
                    sp -= 2
                    countdown &-= 1
                    ip += holds ? 1 : ip[0].b
                case .equalBranch:
                    guard _fastPath(!trees), let holds = Self.quickEqualHolds(sp[-2], sp[-1], exact: exact) else {
                        word = word.with(.equal)
                        break dispatch
                    }
                    lastX = sp[-1]
                    sp -= 2
                    countdown &-= 1
                    ip += holds ? 1 : ip[0].b
                case .notEqualBranch:
                    guard _fastPath(!trees), let holds = Self.quickNotEqualHolds(sp[-2], sp[-1], exact: exact) else {
                        word = word.with(.notEqual)
                        break dispatch
                    }
                    lastX = sp[-1]
                    sp -= 2
                    countdown &-= 1
                    ip += holds ? 1 : ip[0].b
                case .addLocalNext:  // the local is the loop's counter
                    // The counter read as bits (as a double, it went through a floating-point
                    // register on its way to the next iteration's step: see `ForCount.next`).
                    let counter = fp + word.a, i = Double(bits: UnsafeRawPointer(counter).load(as: UInt64.self))
                    guard _fastPath(!trees), let result = Self.quickAdd(sp[-1], i, exact: exact),
                          let again = ForCount.next(counter, exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = i
                    sp[-1] = result
                    countdown &-= 2
                    if again { ip -= 1 } else { ip += 2 }
                case .subtractLocalNext:  // the local is the loop's counter
                    // The counter read as bits (as a double, it went through a floating-point
                    // register on its way to the next iteration's step: see `ForCount.next`).
                    let counter = fp + word.a, i = Double(bits: UnsafeRawPointer(counter).load(as: UInt64.self))
                    guard _fastPath(!trees), let result = Self.quickSubtract(sp[-1], i, exact: exact),
                          let again = ForCount.next(counter, exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = i
                    sp[-1] = result
                    countdown &-= 2
                    if again { ip -= 1 } else { ip += 2 }
                case .multiplyLocalNext:  // the local is the loop's counter
                    // The counter read as bits (as a double, it went through a floating-point
                    // register on its way to the next iteration's step: see `ForCount.next`).
                    let counter = fp + word.a, i = Double(bits: UnsafeRawPointer(counter).load(as: UInt64.self))
                    guard _fastPath(!trees), let result = Self.quickMultiply(sp[-1], i, exact: exact),
                          let again = ForCount.next(counter, exact: exact) else {
                        word = word.with(.local)
                        break dispatch
                    }
                    lastX = i
                    sp[-1] = result
                    countdown &-= 2
                    if again { ip -= 1 } else { ip += 2 }
                case .addReturn:
                    guard _fastPath(sp >= base + 2), let result = Self.quickAdd(sp[-2], sp[-1], exact: exact) else {
                        word = Instruction(.binary, a: Int(BuiltinID.add.rawValue))  // as `add`
                        break dispatch
                    }
                    lastX = sp[-1]
                    sp[-2] = result
                    sp -= 1
                    // The return: to a caller inside a word or block (else the plain `ret` next).
                    guard run.returnsInside(above: entryFrames) else {
                        continue fetch
                    }
                    (header, ip, fp) = run.returnToCaller()
                case .subtractReturn:
                    guard _fastPath(sp >= base + 2), let result = Self.quickSubtract(sp[-2], sp[-1], exact: exact) else {
                        word = Instruction(.binary, a: Int(BuiltinID.subtract.rawValue))  // as `subtract`
                        break dispatch
                    }
                    lastX = sp[-1]
                    sp[-2] = result
                    sp -= 1
                    // The return: to a caller inside a word or block (else the plain `ret` next).
                    guard run.returnsInside(above: entryFrames) else {
                        continue fetch
                    }
                    (header, ip, fp) = run.returnToCaller()
                case .multiplyReturn:
                    guard _fastPath(sp >= base + 2), let result = Self.quickMultiply(sp[-2], sp[-1], exact: exact) else {
                        word = Instruction(.binary, a: Int(BuiltinID.multiply.rawValue))  // as `multiply`
                        break dispatch
                    }
                    lastX = sp[-1]
                    sp[-2] = result
                    sp -= 1
                    // The return: to a caller inside a word or block (else the plain `ret` next).
                    guard run.returnsInside(above: entryFrames) else {
                        continue fetch
                    }
                    (header, ip, fp) = run.returnToCaller()
                case .localReturn:
                    // To a caller inside a word or block; to the top level, the plain words run
                    // (`ret` restores what the top level needs: its trees, if they were dropped).
                    let value = fp[word.a]
                    guard run.returnsInside(above: entryFrames),
                          !trees || StackSlot.node(value) != nil else {
                        word = word.with(.local)
                        break dispatch
                    }
                    sp.pointee = value
                    sp += 1
                    (header, ip, fp) = run.returnToCaller()
                }
                continue fetch
            }
            // A binary operation on values of any kind (fractions, big integers, and the quick
            // operations' operands that left their quick path): in place.
            if word.opcode == .binary, sp >= base + 2,
               let result = combineValues(BuiltinID(rawValue: UInt8(word.a))!, sp[-2], sp[-1], depth: base.distance(to: sp)) {
                sp[-2] = result
                sp -= 1
                (countdown, run.anchor) = Self.armed(Self.stepsTaken(run.weight, run.anchor, countdown), trapAt: run.trapAt, weight: run.weight)  // combine may ask for a trap (a poll)
                continue fetch
            }
            // The general half of the instruction at `ip` (plain: superinstructions fell back
            // above), out of line, with the stack written back and read again after.
            stack.setCount(base.distance(to: sp))
            self.steps = Self.stepsTaken(run.weight, run.anchor, countdown)
            ip = general(word, at: ip - 1, header: header, fp: fp)
            base = room(for: header)
            run.limit = base + stack.capacity
            sp = base + stack.count
            (countdown, run.anchor) = Self.armed(self.steps, trapAt: run.trapAt, weight: run.weight)
            if _slowPath(options.exact != exact) {  // a directive (`float`, `exact`)
                resume = Resume(position: Position(ip: ip, header: header, localsBase: run.localsBase, weight: run.weight), pending: nil)
                return nil
            }
        }
    }

    /// The stack's storage once it has room for every push `header`'s program can still make
    /// (after an instruction that may have pushed more than the loop counted on).
    @inline(never)
    private mutating func room(for header: UnsafeMutablePointer<Program.Header>) -> UnsafeMutablePointer<Double> {
        stack.reserve(extra: header.pointee.maxGrowth)
        return stack.base
    }

    /// Room for every push `header`'s program can still make from here (`Opcode.room`), or, past
    /// the stack's limit, a stop: the trap at the next fetch unwinds the run (no push before).
    @inline(never)
    private mutating func makeRoom(_ header: UnsafeMutablePointer<Program.Header>, at ip: UnsafePointer<Instruction>) {
        let limit = options.maxStackDepth
        guard stack.count + header.pointee.maxGrowth > limit else {
            stack.reserve(extra: header.pointee.maxGrowth)
            return
        }
        report(.error, .stackLimit, Limit(.stackDepth, asked: .moreThan(String(limit)), limit: limit).message,
               header.pointee.token(at: ip).range)
        run.stopRequested = true
        run.trapAt = 0
    }

    /// The general half of a plain instruction: trees, operands of any kind, too few operands,
    /// and the instructions that are only that. Returns where to go on.
    @inline(never)
    private mutating func general(_ word: Instruction, at ip: UnsafePointer<Instruction>,
                                  header: UnsafeMutablePointer<Program.Header>, fp: UnsafeMutablePointer<Double>)
        -> UnsafePointer<Instruction> {
        let token = header.pointee.token(at: ip)
        let buffer = header.pointee.text, base = header.pointee.textBase
        switch word.opcode {
        case .literal, .literalWide:
            pushLiteral(token, buffer, base)
        case .constant:
            let op = BuiltinID(rawValue: UInt8(word.a))!
            pushConstant(constant(op), kind: .constant, op: op, token: token.range)
        case .local:
            // With trees, a value gets a node of its own, so that descriptions show it.
            let value = fp[word.a]
            if options.keepTrees, StackSlot.node(value) == nil {
                nodes.append(Node(kind: .number, value: value, lhs: 10, token: token.range))
                stack.append(StackSlot.box(Int32(nodes.count - 1)))
            } else {
                stack.append(value)
            }
        case .variable:
            stack.append(append(Node(kind: .variable, lhs: Int32(word.a), dependencies: Self.bucket(Int32(word.a)),
                                     token: token.range)))
        case .add, .subtract, .multiply, .less, .greater, .lessEqual, .greaterEqual, .equal, .notEqual, .binary:
            binary(token.builtin!, token, buffer, base)  // trees, no value, errors to report
        case .unary:
            unary(token.builtin!, token, buffer, base)
        case .ternary:
            ternary(token.builtin!, token, buffer, base)
        case .dup, .drop, .swap, .over, .rot, .nip, .tuck, .dup2, .drop2, .depth, .lastx, .clear, .counted:
            stackWord(token.builtin!, token, buffer, base)
        case .directive:
            directive(BuiltinID(rawValue: UInt8(word.a))!, operand: word.b)
        case .unset:
            unset(Int32(word.a))
        case .store:
            store(token, buffer, base)
        case .bind:
            // Fewer entries than parameters: only an entry word called with too few (reported).
            let n = word.a
            willModify(from: Swift.max(0, stack.count - n))
            for i in stride(from: n - 1, through: 0, by: -1) { fp[i] = stack.isEmpty ? .nan : stack.removeLast() }
        case .branch:
            // Too few entries: only after a loop that changes the depth (issue 19), where the
            // checker assumes nothing; the flag counts as one without value.
            guard reportMissing(1, "if", at: token.range) else { return ip + word.b }
            let flag = popFlag()
            switch flag {
            case .value(let isTrue): return isTrue ? ip + 1 : ip + word.b
            case .none: return ip + word.b
            case .notANumber(let value):
                report(.error, .wrongKind, "if needs a number as its flag, got \(Self.shown(value))", token.range)
                return ip + word.b
            case .undecided(let condition):
                // A part that varies may reach any entry (`Compiler.reachesAll`).
                let base = word.a == Compiler.reachesAll ? 0 : Swift.max(0, stack.count - word.a)
                willModify(from: base)
                run.undecidedIfs.append(UndecidedIf(condition: condition, frameDepth: run.frames.count, header: header,
                                                    shape: header.pointee.program.shape(
                                                        ofIf: header.pointee.program.index(of: ip))!, base: base,
                                                    stackAtIf: Array(stack[base...])))
                run.trapAt = 0  // the trap follows its parts
            }
        case .until:
            guard reportMissing(1, "until", at: token.range) else { return ip + 1 }  // the loop ends
            switch popFlag() {
            case .value(let done): return done ? ip + 1 : ip + word.b
            case .none: break
            case .notANumber(let value):
                report(.error, .wrongKind, "until needs a number as its flag, got \(Self.shown(value))", token.range)
            case .undecided:
                report(.error, .loopBoundUnknown,
                       "until needs a value to decide whether to repeat, but its flag depends on variables", token.range)
            }
        case .forPrepare, .forStepPrepare:
            guard reportMissing(word.opcode == .forStepPrepare ? 3 : 2, "for", at: token.range) else {
                settle(inputs: word.opcode == .forStepPrepare ? 3 : 2, outputs: 0, from: stack.count, at: token.range)
                return ip + word.b  // the loop runs no time
            }
            return startLoop(counter: fp + word.a, hasStep: word.opcode == .forStepPrepare, at: token.range)
                ? ip + 1 : ip + word.b
        case .forNext:
            return advanceLoop(counter: fp + word.a, at: token.range) ? ip + word.b : ip + 1
        case .resolveForward:
            compiler.resolveForwardCalls(to: Int32(word.a))
        case .makeList:
            makeList(word.a, at: token.range)
        case .quotation:
            pushQuotation(body: Int32(word.a), at: token.range)
        case .quoteWord:
            pushQuotation(word: Int32(word.a), at: token.range)
        case .quoteBuiltin:
            pushQuotation(builtin: BuiltinID(rawValue: UInt8(word.a))!, at: token.range)
        case .callForward:
            report(.error, .undefinedWord,
                   "'\(text(token.range, buffer, base))' is called before the run has reached its definition, further on", token.range)
            settle(inputs: word.a, outputs: word.b, from: stack.count, at: token.range)
        case .failed:
            settle(inputs: word.a, outputs: word.b, from: stack.count, at: token.range)
        case .jump, .call, .topCall, .ret, .room, .beginBlock, .endBlock,
             .addLocal, .subtractLocal, .multiplyLocal, .lessLocal, .greaterLocal, .lessEqualLocal,
             .greaterEqualLocal, .equalLocal, .notEqualLocal, .addLiteral, .subtractLiteral, .multiplyLiteral,
             .lessLiteral, .greaterLiteral, .lessEqualLiteral, .greaterEqualLiteral, .equalLiteral, .notEqualLiteral,
             .localAddLiteral, .localSubtractLiteral, .localMultiplyLiteral, .localLessLiteral, .localGreaterLiteral,
             .localLessEqualLiteral, .localGreaterEqualLiteral, .localEqualLiteral, .localNotEqualLiteral,
             .localLessLiteralBranch, .localGreaterLiteralBranch, .localLessEqualLiteralBranch,
             .localGreaterEqualLiteralBranch, .localEqualLiteralBranch, .localNotEqualLiteralBranch,
             .lessBranch, .greaterBranch, .lessEqualBranch, .greaterEqualBranch, .equalBranch, .notEqualBranch,
             .localReturn, .addLocalNext, .subtractLocalNext, .multiplyLocalNext, .addReturn, .subtractReturn,
             .multiplyReturn, .localSubtractLiteralCall:
            preconditionFailure("\(word.opcode) has no general half")
        }
        return ip + word.width
    }

    /// Whether the stack holds the `count` entries a keyword takes; if not, says so at it. Only
    /// code after (or in) a loop that changes the depth can find too few: the checker counted
    /// the entries of everything else.
    private mutating func reportMissing(_ count: Int, _ keyword: String, at range: Range<Int>) -> Bool {
        guard stack.count < count else { return true }
        report(.error, .missingOperand,
               "\(keyword) needs \(count) operand\(count == 1 ? "" : "s"), found \(stack.count)", range)
        return false
    }

    /// A binary operation on the top two entries, `x` and `y`, of a stack `depth` deep, when
    /// both are values of any kind (fractions, big integers, doubles) and it gives one; nil, with
    /// nothing changed but `lastX`, for the general path (trees, no value, an error to report).
    /// The stack's count is set first: `combine` may compact the store, which reads the stack.
    @inline(__always)
    private mutating func combineValues(_ op: BuiltinID, _ x: Double, _ y: Double, depth: Int) -> Double? {
        guard StackSlot.isValue(x), StackSlot.isValue(y) else { return nil }
        stack.setCount(depth)
        lastX = y
        guard case .value(let result) = combine(op, x, y, angle: options.angleUnit, quickTried: true) else { return nil }
        return result
    }

    // MARK: - The trap

    /// When the loop must trap next: at every instruction while something follows each one
    /// (a trace, an undecided `if`, a stop to carry out), else at the step limit or the next
    /// time Ctrl-C is asked.
    func nextTrap() -> Int {
        if hooks?.trace != nil || hooks?.wasInterrupted == true || !run.undecidedIfs.isEmpty || run.stopRequested
            || run.pollRequested { return 0 }
        var at = stepLimitReached || options.maxSteps == Int.max ? Int.max : options.maxSteps + 1
        if hooks?.interrupted != nil || options.keepTrees && run.topEntry?.resume != nil {
            at = Swift.min(at, (steps | 0xFFF) + 1)  // Ctrl-C, the tree budget
        }
        return at
    }

    /// Everything that happens between instructions: called at the fetch of the instruction
    /// at `position.ip` (already counted) when the steps reached `run.trapAt`.
    @inline(never)
    private mutating func trap(_ position: inout Position, entryFrames: Int) -> TrapOutcome {
        // Within the 3 steps before the trap, or a trap the countdown brought early at the top
        // level: plain instructions only (see `interpret`).
        if steps < run.trapAt { return .plain }
        // Ctrl-C reached a machine this run made (a function's value, `callValue`).
        if let hooks, hooks.wasInterrupted { return .interrupted }
        let program = position.header.pointee.program
        var index = program.index(of: position.ip)
        let opcode = position.ip.pointee.opcode
        // Returns and the ends of blocks were counted at their fetch, and take it back as they
        // run: they are no steps.
        let counted = opcode == .ret || opcode == .endBlock || opcode == .room ? steps - position.weight : steps
        defer { run.trapAt = nextTrap() }
        // What comes of the trap, once `run.trapAt` is set for the next.
        func proceed() -> TrapOutcome { steps &+ 3 >= nextTrap() ? .plain : .proceed }

        // A limit: the step budget, or a stop an instruction asked for.
        let limitReached = position.weight > 0 && !stepLimitReached && counted > options.maxSteps
        if limitReached || run.stopRequested {
            if limitReached {
                stepLimitReached = true
                report(options.stepLimitIsError ? .error : .warning, .stepLimit, stepLimitMessage,
                       program.token(at: index).range)
            }
            run.stopRequested = false
            hooks?.pendingTrace = nil
            return unwind(&position, entryFrames: entryFrames, at: program.token(at: index).range)
        }
        // Ctrl-C, every 4096 steps, or when asked.
        if let hooks, let interrupted = hooks.interrupted, steps & 0xFFF == 0 || run.pollRequested {
            run.pollRequested = false
            if interrupted() {
                hooks.wasInterrupted = true
                return .interrupted
            }
        }

        // The tree budget of a block or call of the top level.
        if steps & 0xFFF == 0, options.keepTrees, let entry = run.topEntry, entry.resume != nil, !entry.keepsTrees,
           nodes.count - entry.nodeMark > Self.treeBudget {
            dropTrees()
        }

        // The ifs whose flag had no value: the first part's end starts the second, `then`
        // merges them (the innermost first; several may end at one place).
        while let undecided = run.undecidedIfs.last, undecided.frameDepth == run.frames.count,
              undecided.header == position.header {
            if !undecided.inSecondPart, let elseJump = undecided.shape.elseJump, index == elseJump {
                var switching = undecided
                switching.firstPartStack = Array(stack[undecided.base...])
                stack.removeSubrange(undecided.base...)
                stack.append(contentsOf: undecided.stackAtIf)
                switching.stackAtIf = []
                switching.inSecondPart = true
                run.undecidedIfs[run.undecidedIfs.count - 1] = switching
                flushTrace()
                position.ip = UnsafePointer(position.header.pointee.code) + elseJump + 1
                return .jump
            }
            guard index == undecided.shape.end else { break }
            run.undecidedIfs.removeLast()
            let now = Array(stack[undecided.base...])
            let first = undecided.inSecondPart ? undecided.firstPartStack : now
            let second = undecided.inSecondPart ? now : undecided.stackAtIf
            stack.removeSubrange(undecided.base...)
            merge(condition: undecided.condition, first, second, at: program.token(at: index).range)
            index = program.index(of: position.ip)
        }

        // The trace: the instruction just run, with the machine as it left it; a call before
        // its body.
        if let hooks, let trace = hooks.trace {
            flushTrace()
            switch opcode {
            case .call, .topCall: trace(program.token(at: index), self)
            case .bind, .jump, .forPrepare, .forStepPrepare, .beginBlock, .endBlock, .ret, .room: break
            default: hooks.pendingTrace = program.token(at: index)
            }
        }
        return proceed()
    }

    /// Traces the instruction that ran last, if it waits.
    mutating func flushTrace() {
        guard let hooks, let token = hooks.pendingTrace, let trace = hooks.trace else { return }
        hooks.pendingTrace = nil
        trace(token, self)
    }

    /// Stops the counted part of a run where it is: a block or word call of the top level
    /// (the top level goes on after it), or the whole run of a word's body. The stack is left
    /// as the stopped part's effect would leave it, outputs without value.
    private mutating func unwind(_ position: inout Position, entryFrames: Int, at range: Range<Int>) -> TrapOutcome {
        guard let entry = run.topEntry else { return .finish }
        run.undecidedIfs.removeSubrange(entry.undecidedIfs...)
        while run.frames.count > entryFrames {
            let frame = run.frames.pop()
            position.header = frame.header
            position.localsBase = frame.localsBase
        }
        settle(inputs: entry.inputs, outputs: entry.outputs, from: entry.depthBefore, at: range)
        if run.treesDropped { restoreTrees() }
        run.topEntry = nil
        guard let resume = entry.resume else { return .finish }
        position.weight = 0
        position.ip = resume
        return .jump
    }

    // MARK: - Quick operations

    /// `+ − ×` and the comparisons on two short integers or two doubles, the common steps of
    /// loops, computed in place; nil when the general path must compute it (other operands, a
    /// result that does not fit, an exact operation on doubles). The quick case of `combine`,
    /// which calls it first: the meaning is written once. One small function per operation,
    /// so that each of the loop's cases inlines only its own.
    @inline(__always)
    static func quick(_ operation: QuickOperation, _ x: Double, _ y: Double, exact: Bool) -> Double? {
        switch operation {
        case .add: quickAdd(x, y, exact: exact)
        case .subtract: quickSubtract(x, y, exact: exact)
        case .multiply: quickMultiply(x, y, exact: exact)
        case .less: quickLess(x, y, exact: exact)
        case .greater: quickGreater(x, y, exact: exact)
        case .lessEqual: quickLessEqual(x, y, exact: exact)
        case .greaterEqual: quickGreaterEqual(x, y, exact: exact)
        case .equal: quickEqual(x, y, exact: exact)
        case .notEqual: quickNotEqual(x, y, exact: exact)
        }
    }

    @inline(__always)
    static func quickAdd(_ x: Double, _ y: Double, exact: Bool) -> Double? {
        if !exact, let sum = inexact(x + y, x, y) { return sum }  // --float: doubles first
        return StackSlot.bothSmall(x, y) ? StackSlot.smallSum(x, y) : nil
    }

    @inline(__always)
    static func quickSubtract(_ x: Double, _ y: Double, exact: Bool) -> Double? {
        if !exact, let difference = inexact(x - y, x, y) { return difference }
        return StackSlot.bothSmall(x, y) ? StackSlot.smallDifference(x, y) : nil
    }

    @inline(__always)
    static func quickMultiply(_ x: Double, _ y: Double, exact: Bool) -> Double? {
        if !exact, let product = inexact(x * y, x, y) { return product }
        guard StackSlot.bothSmall(x, y) else { return nil }
        let (product, overflow) = StackSlot.smallValue(x)!.multipliedReportingOverflow(by: StackSlot.smallValue(y)!)
        return overflow ? nil : StackSlot.small(product)
    }

    /// A double result of doubles (--float), or nil where the general path must report it.
    /// A finite sum, difference or product has finite operands (an infinity or a NaN, the
    /// tags included, makes an infinity or a NaN), so the result alone is tested.
    @inline(__always)
    private static func inexact(_ result: Double, _ x: Double, _ y: Double) -> Double? {
        guard result - result == 0 else { return nil }  // finite: see `bothFinite`
        return result == 0 ? 0 : result  // one zero
    }

    /// Whether two doubles are finite, in floating-point registers (x − x is 0 exactly when x
    /// is finite, NaN otherwise): testing their bits took each through an integer register.
    @inline(__always)
    static func bothFinite(_ x: Double, _ y: Double) -> Bool { (x - x) + (y - y) == 0 }

    // The comparisons: small integers' patterns order as their values do; doubles answer an
    // exact 1 or 0 unless --float (`isPredicate`). The mode is a constant of the loop
    // (`RunMode`): each tries first the operands its mode makes. `…Holds` is the comparison
    // itself (the branches' superinstructions test it without making a flag); `quick…` makes
    // its flag.
    @inline(__always)
    static func quickLessHolds(_ x: Double, _ y: Double, exact: Bool) -> Bool? {
        if !exact, bothFinite(x, y) { return x < y }
        if StackSlot.bothSmall(x, y) { return x.bits < y.bits }
        return bothFinite(x, y) ? x < y : nil  // exact: --float answered above
    }

    @inline(__always)
    static func quickLess(_ x: Double, _ y: Double, exact: Bool) -> Double? {
        quickLessHolds(x, y, exact: exact).map { flag($0, x, y, exact: exact) }
    }

    @inline(__always)
    static func quickGreaterHolds(_ x: Double, _ y: Double, exact: Bool) -> Bool? {
        if !exact, bothFinite(x, y) { return x > y }
        if StackSlot.bothSmall(x, y) { return x.bits > y.bits }
        return bothFinite(x, y) ? x > y : nil  // exact: --float answered above
    }

    @inline(__always)
    static func quickGreater(_ x: Double, _ y: Double, exact: Bool) -> Double? {
        quickGreaterHolds(x, y, exact: exact).map { flag($0, x, y, exact: exact) }
    }

    @inline(__always)
    static func quickLessEqualHolds(_ x: Double, _ y: Double, exact: Bool) -> Bool? {
        if !exact, bothFinite(x, y) { return x <= y }
        if StackSlot.bothSmall(x, y) { return x.bits <= y.bits }
        return bothFinite(x, y) ? x <= y : nil  // exact: --float answered above
    }

    @inline(__always)
    static func quickLessEqual(_ x: Double, _ y: Double, exact: Bool) -> Double? {
        quickLessEqualHolds(x, y, exact: exact).map { flag($0, x, y, exact: exact) }
    }

    @inline(__always)
    static func quickGreaterEqualHolds(_ x: Double, _ y: Double, exact: Bool) -> Bool? {
        if !exact, bothFinite(x, y) { return x >= y }
        if StackSlot.bothSmall(x, y) { return x.bits >= y.bits }
        return bothFinite(x, y) ? x >= y : nil  // exact: --float answered above
    }

    @inline(__always)
    static func quickGreaterEqual(_ x: Double, _ y: Double, exact: Bool) -> Double? {
        quickGreaterEqualHolds(x, y, exact: exact).map { flag($0, x, y, exact: exact) }
    }

    @inline(__always)
    static func quickEqualHolds(_ x: Double, _ y: Double, exact: Bool) -> Bool? {
        if !exact, bothFinite(x, y) { return x == y }
        if StackSlot.bothSmall(x, y) { return x.bits == y.bits }
        return bothFinite(x, y) ? x == y : nil  // exact: --float answered above
    }

    @inline(__always)
    static func quickEqual(_ x: Double, _ y: Double, exact: Bool) -> Double? {
        quickEqualHolds(x, y, exact: exact).map { flag($0, x, y, exact: exact) }
    }

    @inline(__always)
    static func quickNotEqualHolds(_ x: Double, _ y: Double, exact: Bool) -> Bool? {
        if !exact, bothFinite(x, y) { return x != y }
        if StackSlot.bothSmall(x, y) { return x.bits != y.bits }
        return bothFinite(x, y) ? x != y : nil  // exact: --float answered above
    }

    @inline(__always)
    static func quickNotEqual(_ x: Double, _ y: Double, exact: Bool) -> Double? {
        quickNotEqualHolds(x, y, exact: exact).map { flag($0, x, y, exact: exact) }
    }

    /// The flag of a comparison that holds or not: 1 or 0, a double under --float when both
    /// operands are doubles, else exact.
    @inline(__always)
    static func flag(_ holds: Bool, _ x: Double, _ y: Double, exact: Bool) -> Double {
        !exact && bothFinite(x, y) ? (holds ? 1 : 0) : StackSlot.truth(holds)
    }

    /// Whether the top `count` entries below `sp` are all values (not nodes, not none).
    @inline(__always)
    static func areValues(_ sp: UnsafeMutablePointer<Double>, _ count: Int) -> Bool {
        // One or two arguments in line, as most words have.
        if count == 1 { return StackSlot.isValue(sp[-1]) }
        if count == 2 { return StackSlot.isValue(sp[-1]) && StackSlot.isValue(sp[-2]) }
        var i = 0
        while i < count {
            i &+= 1
            guard StackSlot.isValue(sp[-i]) else { return false }
        }
        return true
    }

    /// The steps taken so far, from the loop's countdown registers (`loop`): static, so that
    /// the loop's registers are no closure's captures (a capture kept the countdown in memory).
    @inline(__always)
    static func stepsTaken(_ weight: Int, _ anchor: Int, _ countdown: Int) -> Int {
        weight != 0 ? anchor &- countdown : anchor
    }

    /// The countdown and anchor for `steps` taken, to the trap at `trapAt` (after anything that
    /// may have changed either).
    @inline(__always)
    static func armed(_ steps: Int, trapAt: Int, weight: Int) -> (countdown: Int, anchor: Int) {
        let bound = trapAt &- 4
        return (bound &- steps, weight != 0 ? bound : steps)
    }

    /// Whether a flag is 0, when it is a short integer or a double (nil: the general path).
    @inline(__always)
    static func isZeroFlag(_ flag: Double) -> Bool? {
        if StackSlot.isSmall(flag) { return flag.bits == StackSlot.smallLiteral(0).bits }
        return flag.isFiniteValue ? flag == 0 : nil
    }

    enum Flag { case value(Bool), none, undecided(Int32), notANumber(Number) }

    /// Pops the flag of `if` or `until`.
    private mutating func popFlag() -> Flag {
        let slot = stack[stack.count - 1]
        willModify(from: stack.count - 1)
        stack.removeLast()
        guard let value = constantValue(slot) else { return .undecided(materialize(slot)) }
        if StackSlot.isNone(value) { return .none }
        if isCollection(value), let kept = number(value) { return .notANumber(kept) }  // a list is no flag (issue 19)
        return .value(!isZeroValue(value))
    }

    /// Merges what the two parts of an undecided `if` left above its base onto the stack:
    /// equal entries stay, the others become `if(c, a, b)`. Equal: the same slot, or (with
    /// trees, where each part's constants are nodes of their own) constants whose values are
    /// the same slot, as they would be with values only: `x if 0 else 0 then` is 0 either way.
    private mutating func merge(condition: Int32, _ first: [Double], _ second: [Double], at range: Range<Int>) {
        let count = Swift.min(first.count, second.count)
        var merged = Array(first[..<count])
        func equal(_ a: Double, _ b: Double) -> Bool {
            if a.bits == b.bits { return true }
            guard let x = constantValue(a), let y = constantValue(b) else { return false }
            return x.bits == y.bits
        }
        for i in 0..<count where !equal(first[i], second[i]) {
            let a = materialize(first[i]), b = materialize(second[i])
            let start = Int32(links.count)
            links.append(contentsOf: [condition, a, b])
            let dependencies = nodes[Int(condition)].dependencies | nodes[Int(a)].dependencies | nodes[Int(b)].dependencies
            nodes.append(Node(kind: .select, lhs: start, dependencies: dependencies, token: range))
            merged[i] = StackSlot.box(Int32(nodes.count - 1))
        }
        stack.append(contentsOf: merged)
        // Parts that left different depths (one varies, issue 19): how deep the stack is
        // depends on the flag, which has no value. The first part's depth, its entries above
        // the other's without value.
        if first.count != second.count {
            report(.error, .unbalancedBranches,
                   "the two parts of this if leave different depths, so its flag needs a value, but it depends on variables",
                   range)
            for _ in count..<first.count { pushNone(at: range) }
        }
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
        // Bounds are ordered: a complex one has no place between them (only stored values
        // can be complex).
        for value in values where StackSlot.boxIndex(value) != nil {
            if let list = number(value), list.isCollection {
                // A list or quotation (issue 19) is no bound either.
                report(.error, .wrongKind, "for needs numbers for its bounds\(hasStep ? " and step" : ""), got "
                    + Self.shown(list), range)
                return false
            }
            guard let z = number(value), z.isComplex else { continue }
            report(.error, .notReal, "for needs real bounds\(hasStep ? " and step" : ""), and \(Limit.numberText(z)) is complex",
                   range)
            return false
        }
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
        let runs = direction > 0 ? order <= 0 : order >= 0
        if runs { ForCount.prepare(local) }
        return runs
    }

    /// `next`/`step`: advances the counter; true when the body runs again.
    private mutating func advanceLoop(counter: UnsafeMutablePointer<Double>, at range: Range<Int>) -> Bool {
        let current = counter[0], bound = counter[1], step = counter[2]
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

/// A `for` loop whose counter, bound and step are small integers (or, with --float, whole
/// doubles that add exactly) runs a number of times known when it starts, as Lua's `FORPREP`
/// finds: its locals then hold the counter, the iterations left (in the bound's place) and
/// the step (a small integer's as a plain 64-bit integer, which added to the counter's
/// pattern adds it to the value), and `next` is an increment, a test, an add and a jump.
///
/// The iterations left r are the pattern `tag << 48 | (2^48 - 1 - r)`: `next` adds 1, and the
/// tag is unchanged while iterations are left, one more when none is. One test on the pattern
/// so incremented says both which kind of loop it is and whether it goes on. The tags (and
/// the patterns just below them) are NaNs no bound can be (no `StackSlot` tag, no NaN that
/// arithmetic makes, not `StackSlot.nothing`): compaction leaves them alone.
enum ForCount {
    static let smallTag: UInt64 = 0x7FF1, doubleTag: UInt64 = 0x7FF5

    /// `next` of a counted loop whose locals start at `counter`: true when it goes round again
    /// (the counter stepped), false when it is done, nil when the loop is not counted (the
    /// general half's `advanceLoop` runs it). The run's mode (`exact`, a constant of the loop)
    /// says which kind to expect (short integers, or doubles with --float): that one is stepped
    /// here, in the registers of its kind; anything else out of line. (With both kinds in line,
    /// the optimizer merged their stores into one of a double, and took the integer counter
    /// through a floating-point register on the path from one iteration to the next: 4.4 ns an
    /// iteration instead of 2.7.)
    @inline(__always)
    static func next(_ counter: UnsafeMutablePointer<Double>, exact: Bool) -> Bool? {
        let left = counter[1].bits &+ 1
        guard _fastPath(left >> 48 == (exact ? smallTag : doubleTag)) else { return nextOther(counter) }
        step(counter, left: left, small: exact)
        return true
    }

    /// Steps a counted loop's counter, `left` the iterations left as `next` incremented them:
    /// a short integer's in an integer register, stored from it (see `next`), a double's in a
    /// floating-point one.
    @inline(__always)
    static func step(_ counter: UnsafeMutablePointer<Double>, left: UInt64, small: Bool) {
        counter[1] = Double(bits: left)
        if small {
            let raw = UnsafeMutableRawPointer(counter)
            raw.storeBytes(of: raw.load(as: UInt64.self) &+ raw.load(fromByteOffset: 16, as: UInt64.self), as: UInt64.self)
        } else {
            counter[0] = counter[0] + counter[2]
        }
    }

    /// `next` of a loop of the other kind, or one that is done, or not counted.
    @inline(never)
    static func nextOther(_ counter: UnsafeMutablePointer<Double>) -> Bool? {
        let left = counter[1].bits &+ 1
        switch left >> 48 {
        case smallTag, doubleTag:
            step(counter, left: left, small: left >> 48 == smallTag)
            return true
        case smallTag + 1, doubleTag + 1:
            return false
        default:
            return nil
        }
    }

    /// The pattern of `left` iterations after this one (fewer than 2^48).
    static func pattern(_ tag: UInt64, left: Int) -> Double {
        Double(bits: tag << 48 | (1 << 48 - 1 - UInt64(left)))
    }

    /// Turns a loop's locals (counter, bound, step; the loop runs at least once) into the
    /// counted form when they suit it.
    static func prepare(_ local: UnsafeMutablePointer<Double>) {
        let start = local[0], bound = local[1], step = local[2]
        if let a = StackSlot.smallValue(start), let b = StackSlot.smallValue(bound), let s = StackSlot.smallValue(step) {
            let left = (b - a) / s  // iterations after the first; |b - a| < 2^48
            local[1] = pattern(smallTag, left: left)
            local[2] = Double(bits: UInt64(bitPattern: Int64(s)))
            return
        }
        let exactLimit = 9_007_199_254_740_992.0  // 2^53: every whole double below it adds exactly
        guard start.isFinite, bound.isFinite, step.isFinite, start.rounded() == start, bound.rounded() == bound,
              step.rounded() == step, abs(start) <= exactLimit, abs(bound) <= exactLimit, abs(step) <= exactLimit else { return }
        let left = (Int(bound) - Int(start)) / Int(step)
        guard left >= 0, left < 1 << 48 else { return }
        local[1] = pattern(doubleTag, left: left)
    }
}

// MARK: - The tree budget

extension Machine {
    /// Nodes a block or call of the top level may make before it goes on without trees.
    public static let treeBudget = 100_000

    /// Goes on without trees for the rest of the top level's block or call: its values so far
    /// fold into numbers and its nodes are dropped, so that memory follows what can be shown,
    /// not the number of steps. Only where every node it made that is still held (on the
    /// stack, in locals, as lastx) is a constant: an expression over a variable needs its tree.
    mutating func dropTrees() {
        guard var entry = run.topEntry, run.undecidedIfs.isEmpty else { return }
        let mark = entry.nodeMark
        let from = Swift.max(0, entry.depthBefore - entry.inputs)
        func foldable(_ slot: Double) -> Bool {
            guard let node = StackSlot.node(slot), Int(node) >= mark else { return true }
            return nodes[Int(node)].dependencies == 0
        }
        let held = stack[from...].allSatisfy(foldable) && (0..<run.locals.count).allSatisfy { foldable(run.locals[$0]) }
            && foldable(lastX)
        guard held else {
            entry.keepsTrees = true
            run.topEntry = entry
            return
        }
        func fold(_ slot: inout Double) {
            if let node = StackSlot.node(slot), Int(node) >= mark { slot = nodes[Int(node)].value }
        }
        stack.makeUnique()
        for i in from..<stack.count { fold(&stack.base[i]) }
        for i in 0..<run.locals.count { fold(&run.locals.base[i]) }
        fold(&lastX)
        nodes.removeSubrange(mark...)
        links.removeSubrange(entry.linkMark...)
        reportedNodes = reportedNodes.filter { Int($0) < mark }
        options.keepTrees = false
        run.treesDropped = true
    }

    /// The end of a block or call that dropped its trees: the top level keeps trees again, and
    /// what the block left gets a node each (a number, described as its value).
    mutating func restoreTrees() {
        run.treesDropped = false
        options.keepTrees = true
        guard let entry = run.topEntry else { return }
        for i in Swift.max(0, entry.depthBefore - entry.inputs)..<stack.count where StackSlot.node(stack[i]) == nil {
            stack[i] = StackSlot.box(materialize(stack[i]))
        }
    }
}
