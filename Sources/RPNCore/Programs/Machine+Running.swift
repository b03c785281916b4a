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

    private mutating func run(_ source: SourceFile, hooks: RunHooks?, observe: ((Token, Int32, Int) -> Void)?) -> Bool {
        // A token takes at least two bytes with its separator. Reserving for that many nodes and
        // entries up front avoids copying growing arrays of millions; the pages a run never
        // touches are never resident, so this costs address space, not memory.
        let tokenBound = source.bytes.count / 2 + 1
        if options.keepTrees { nodes.reserve(atLeast: tokenBound) }
        stack.reserve(extra: tokenBound)
        steps = 0
        ownNameComparisonsLeft = Self.ownNameComparisons
        stepLimitReached = false
        self.hooks = hooks
        defer { self.hooks = nil }
        return runTopLevel(source, observe: observe)
    }

    /// The chunks of `source`'s top level, run in turn; an included file's too (`runInclude`).
    mutating func runTopLevel(_ source: SourceFile, observe: ((Token, Int32, Int) -> Void)?) -> Bool {
        let chunk = Program(capacity: Self.chunkLimit + 8, copyingText: false)
        return source.bytes.withUnsafeBufferPointer { buffer in
            let base = source.baseOffset
            var lexer = Lexer(bytes: buffer, base: base)
            compiler.beginSource(buffer, base)
            var consumed: [Token] = []
            while true {
                chunk.reset(text: buffer, base: base)
                consumed.removeAll(keepingCapacity: true)
                let end = compiler.compileTopLevel(&lexer, buffer, base, into: chunk, depth: stack.count,
                                                   limit: Self.chunkLimit, oneToken: observe != nil, consumed: &consumed,
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
                }
                if end == .end { break }
            }
            compiler.finishSource(buffer, base, log: &log)
            return true
        }
    }
}
