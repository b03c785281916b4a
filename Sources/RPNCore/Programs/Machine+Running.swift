/// Running a source: the compiler turns its top level into chunks, the loop runs each chunk
/// (`Machine+Interpreter`). A chunk holds at most `chunkLimit` instructions, so a program of
/// millions of tokens streams through constant memory; definitions are compiled apart, and a
/// block waits for the chunk before it to run, since it is checked against the depth it
/// starts at.
extension Machine {
    static let chunkLimit = 4096

    /// Runs every token of `source` on the current stack.
    public mutating func run(_ source: SourceFile) {
        _ = run(source, hooks: nil, observe: nil)
    }

    /// Runs `source`, asking `interrupted` every few thousand steps and instructions whether to
    /// stop (Ctrl-C in the shell), and after an instruction that made an exact value too big
    /// for a slot: one such operation near the digit cap (`205000 !`) takes milliseconds, a
    /// few thousand of them minutes. Returns false when it stopped early: the machine is then
    /// half-way through the source, and the caller takes the change back.
    public mutating func run(_ source: SourceFile, interrupted: () -> Bool) -> Bool {
        withoutActuallyEscaping(interrupted) { interrupted in
            run(source, hooks: RunHooks(interrupted: interrupted), observe: nil)
        }
    }

    /// Runs `source`, calling `trace` after every instruction run, inside words and loops too
    /// (`--trace`), with the machine as that instruction left it; a call before its body.
    public mutating func run(_ source: SourceFile, trace: (Token, Machine) -> Void) {
        withoutActuallyEscaping(trace) { trace in
            _ = run(source, hooks: RunHooks(trace: trace), observe: nil)
        }
    }

    /// Runs `source`, calling `observe` after each token (comments included) with the node on
    /// top of the stack (-1: the stack is empty, or holds a folded constant) and the stack
    /// depth. Editors use it to know what each token completes. A definition or block is
    /// observed whole, after it: its tokens do not run where they stand.
    public mutating func run(_ source: SourceFile, observe: (Token, _ top: Int32, _ depth: Int) -> Void) {
        withoutActuallyEscaping(observe) { observe in _ = run(source, hooks: nil, observe: observe) }
    }

    /// Runs `source` observing each token, as `run(_:observe:)`, and takes checkpoints at line
    /// starts on the way (`Machine+Checkpoints`). `resumingAt`: the offset of the checkpoint the
    /// machine was rewound to; the run goes on from there with its state (its steps counted
    /// on), as if the whole text had been run.
    public mutating func run(_ source: SourceFile, resumingAt resumption: Int?, observe: (Token, _ top: Int32, _ depth: Int) -> Void) {
        let resuming = resumption != nil
        keepsCheckpoints = true
        if !resuming {
            checkpoints.removeAll()
            startCounting()
            dropPreviousRun()
            takeCheckpoint(at: source.baseOffset, tokenCount: 0)
        }
        convergence = nil
        finalEvaluationDone = false
        entriesLeftToEvaluate = nil
        withoutActuallyEscaping(observe) { observe in
            _ = run(source, hooks: nil, observe: observe, continuing: true, from: resumption)
        }
        dropPreviousRun()
        closeSegment()
        runEnd = checkpoint(at: source.endOffset, tokenCount: tokensObserved)
        // Values cached from here on (the final evaluation's, requests') are told apart from the
        // run's by their epoch (`Machine+Convergence` keeps only the run's).
        epoch += 1
    }

    private mutating func run(_ source: SourceFile, hooks: RunHooks?, observe: ((Token, Int32, Int) -> Void)?,
                              continuing: Bool = false, from start: Int? = nil) -> Bool {
        // A token takes at least two bytes with its separator. Reserving for that many nodes and
        // entries up front avoids copying growing arrays of millions; the pages a run never
        // touches are never resident, so this costs address space, not memory.
        let tokenBound = source.bytes.count / 2 + 1
        if options.keepTrees { nodes.reserve(atLeast: tokenBound) }
        stack.reserve(extra: tokenBound)
        if !continuing { startCounting() }
        self.hooks = hooks
        defer { self.hooks = nil }
        return runTopLevel(source, observe: observe, checkpointing: keepsCheckpoints, from: start)
    }

    /// The chunks of `source`'s top level, run in turn; an included file's too (`runInclude`).
    /// `checkpointing`: the document's own text, where a run with checkpoints takes them (an
    /// included file's lines are not the document's).
    mutating func runTopLevel(_ source: SourceFile, observe: ((Token, Int32, Int) -> Void)?, checkpointing: Bool = false,
                              from start: Int? = nil) -> Bool {
        let chunk = Program(capacity: Self.chunkLimit + 8, copyingText: false)
        return source.bytes.withUnsafeBufferPointer { buffer in
            let base = source.baseOffset
            var lexer = Lexer(bytes: buffer, base: base)
            if let start { lexer.position = start - base }  // a run going on from a checkpoint
            compiler.beginSource(buffer, base)
            var consumed: [Token] = []
            var observed = 0  // tokens observed since the last checkpoint
            while true {
                chunk.reset(text: buffer, base: base)
                consumed.removeAll(keepingCapacity: true)
                let end = compiler.compileTopLevel(&lexer, buffer, base, into: chunk, depth: stack.count,
                                                   limit: Self.chunkLimit, oneToken: observe != nil || options.maxStepsInAll != nil, consumed: &consumed,
                                                   variables: &variables, log: &log)
                if chunk.count > 0 {
                    let full = chunk.count >= Self.chunkLimit
                    chunk.append(Instruction(.ret), Token(.keyword, lexer.offset..<lexer.offset))
                    if journal != nil { willModify(from: chunk.reach >= stack.count ? 0 : stack.count - chunk.reach) }
                    guard interpret(chunk, weight: 0) else { return false }
                    // Long straight-line code asks for Ctrl-C between chunks: its steps do not count.
                    if full, let hooks, let interrupted = hooks.interrupted, interrupted() {
                        hooks.wasInterrupted = true
                        return false
                    }
                }
                guard runInclude(from: source) else { return false }  // an include the chunk stopped at
                if let observe {
                    let top = stack.isEmpty ? -1 : StackSlot.node(stack[stack.count - 1]) ?? -1
                    for token in consumed { observe(token, top, stack.count) }
                    observed += consumed.count
                    // The entry shown on top counts as one the segment touched (`→x` shows the
                    // one below what it stores): a run that takes over the rest shows this
                    // run's entry there, so the two must be the same (`Machine+Convergence`).
                    if recordingSegment { willModify(from: Swift.max(stack.count - 1, 0)) }
                }
                if end == .end { break }
                // At a line start: a fresh step budget, a checkpoint.
                guard checkpointing || options.maxStepsInAll != nil,
                      let lineStart = nextLineStart(after: lexer.offset, in: buffer, base: base) else { continue }
                if options.maxStepsInAll != nil, compiler.gathering == nil { renewStepBudget() }
                if checkpointing, canTakeCheckpoint {
                    let tokenCount = checkpoints[checkpoints.count - 1].tokenCount + observed
                    let count = checkpoints.count
                    // The rest is the previous run's: the run stops here (`Machine+Convergence`).
                    if previousRun != nil, convergeOrMark(at: lineStart, tokenCount: tokenCount) { break }
                    if checkpoints.count == count, lineStart - checkpoints[count - 1].offset >= checkpointSpacing {
                        takeCheckpoint(at: lineStart, tokenCount: tokenCount)
                    }
                    if checkpoints.count != count { observed = 0 }
                }
            }
            compiler.finishSource(buffer, base, log: &log)
            if checkpointing, convergence == nil { tokensObserved = checkpoints[checkpoints.count - 1].tokenCount + observed }
            return true
        }
    }

    /// A new source's budgets: its steps, and did-you-mean's comparisons.
    private mutating func startCounting() {
        steps = 0
        stepsBeforeLine = 0
        ownNameComparisonsLeft = Self.ownNameComparisons
        stepLimitReached = false
    }

    /// A top-level line begins: with a budget per line (`EvaluationOptions.maxStepsInAll`), it
    /// gets a fresh one while the lines before took no more than the budget in all.
    private mutating func renewStepBudget() {
        guard let inAll = options.maxStepsInAll, stepsBeforeLine + steps <= inAll else { return }
        stepsBeforeLine += steps
        steps = 0
        stepLimitReached = false
    }

    /// Where the next line starts when only blanks follow `offset` on its line (nil: a token
    /// or the end of the text comes first).
    private func nextLineStart(after offset: Int, in buffer: UnsafeBufferPointer<UInt8>, base: Int) -> Int? {
        var index = offset - base
        while index < buffer.count {
            switch buffer[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
            case UInt8(ascii: "\n"): return base + index + 1
            default: return nil
            }
        }
        return nil
    }
}
