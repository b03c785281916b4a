/// Tokens in, instructions out: the top level chunk by chunk, each definition into a program of
/// its own, each block at the top level into the chunk that runs it. A pure step: it knows the
/// words defined so far, the names and the symbols editors navigate by, and reports into a
/// diagnostic log; it never sees a stack (`Machine` runs what it makes).
///
/// The static checker is part of it (`Compiler+Bodies`): every instruction's effect is known,
/// so one pass over a body finds unbalanced branches and loops, operands missing even in code
/// that never runs, and declared effects the body does not have, before anything runs.
struct Compiler: @unchecked Sendable {
    /// Every definition, in order; a redefinition appends (uses compiled before it keep
    /// calling the old one).
    var words: [WordDefinition] = []
    /// The definition a name (an interned variable index) calls now (-1: none).
    var wordOfVariable: [Int32] = []
    /// `words[i].program.header`, apart: the loop's calls read it without retaining anything.
    var wordHeaders: [UnsafeMutablePointer<Program.Header>] = []
    /// Every occurrence of a word or a local, for editors.
    var symbols: [SymbolOccurrence] = []
    var nextLocalSymbol: Int32 = 0
    /// While a change is recorded (`Machine.beginChange`): what each name it (re)defined named
    /// before.
    var oldWordNames: [Int32: Int32]?

    /// The definitions of the source being compiled (`noteDefinitions`): a word may call one
    /// defined further on.
    var scan = DefinitionScan()
    var definitionsNoted = false
    /// The scan of the last source that finished, and the one a run going on from a checkpoint
    /// after an edit may take over (`Machine.rewind(to:keepingFor:)` sets it).
    var finishedScan: DefinitionScan?
    var previousScan: (scan: DefinitionScan, change: Machine.TextChange)?
    /// Calls of words defined further on, patched when the word is installed.
    var forwardCalls: [ForwardCall] = []
    /// Each name a body asked `laterDefinition` about, with the offset it first asked at: an
    /// edit that defines or removes a word of that name further on changes how that body
    /// compiled, so an incremental analysis resumes before it (`Machine.Checkpoint`).
    var laterQueries: [String: Int] = [:]
    /// The least margin by which a top-level block since the last checkpoint had the entries it
    /// needs (`Int.max`: no block; -1: a block with errors, which may be about the depth): a
    /// run on a deeper or shallower stack checks those blocks the same only within it.
    var blockSlack = Int.max
    /// How deep the quotation being compiled is in others (`Compiler+Quotations`).
    var quotationNesting = 0
    /// The parameters and loop counters of the bodies around the quotation being compiled,
    /// which it cannot read (a quotation is no closure): said at the name.
    var enclosingLocals: [String] = []
    /// Every quotation compiled, `[ … ]` (`Compiler+Quotations`); `Quotation.word` indexes it.
    var quotations: [WordDefinition] = []

    struct ForwardCall {
        let name: String
        /// The `:` of the definition it calls.
        let definitionStart: Int
        let program: Program
        let index: Int
    }

    /// The top level of a source, across its chunks: a definition or block being gathered to
    /// its end, and an `unset` waiting for its name.
    var gathering: Gathering?
    /// An `unset` waiting for its name, a `digits` for its count, an `include` for its path.
    private var pending: Pending?
    /// The include the chunk stopped at, which the machine runs next (`Machine.runInclude`).
    private var include: Include?
    /// Whether a word of the top level waits for the next token (no checkpoint can be taken).
    var hasPending: Bool { pending != nil || include != nil }

    /// A word of the top level that takes the next token: one optional, so that the loop's
    /// test of whether tokens may take the path in line stays one comparison per kind of state.
    private enum Pending {
        case unset(Token)
        case digits(Token)
        case include(Token)
        /// `'`, waiting for the word it quotes.
        case quote(Token)
    }

    /// `include "lib.rpn"` at the top level.
    struct Include {
        let keyword: Token
        let path: Token

        /// The keyword and its path: where errors about the include point.
        var site: Range<Int> { keyword.range.lowerBound..<path.range.upperBound }
    }

    /// A definition or block at the top level, gathered until it is complete: whether a body
    /// names its parameters is only known at its end, and a block is checked whole before it
    /// runs.
    /// What opens and ends one is `ProgramRegion`'s rule, which editors and the shell read too.
    struct Gathering: Sendable {
        typealias Kind = ProgramRegion.Kind
        var kind: Kind { end.kind }
        /// The `:` or the opening keyword.
        let opener: Token
        var tokens: [Token] = []
        private var end: RegionEnd

        init(kind: Kind, opener: Token) {
            self.opener = opener
            end = RegionEnd(kind)
        }

        /// Takes one more token; true when the definition or block is complete.
        mutating func take(_ token: Token) -> Bool {
            tokens.append(token)
            return end.isReached(by: token)
        }
    }

    /// Forgets everything, keeping the storage.
    /// Takes `other`'s arrays' storage, emptied, for a compiler that starts afresh (a reset
    /// machine is a fresh one that keeps its storage).
    mutating func recycleStorage(of other: inout Compiler) {
        other.words.removeAll(keepingCapacity: true)
        swap(&words, &other.words)
        other.wordOfVariable.removeAll(keepingCapacity: true)
        swap(&wordOfVariable, &other.wordOfVariable)
        other.wordHeaders.removeAll(keepingCapacity: true)
        swap(&wordHeaders, &other.wordHeaders)
        other.symbols.removeAll(keepingCapacity: true)
        swap(&symbols, &other.symbols)
    }

    // MARK: - Names

    /// The definition a name calls now (the latest of that name), if any.
    func word(named name: String, in variables: Variables) -> Int32? {
        guard let index = variables.index(of: name) else { return nil }
        return word(ofVariable: index)
    }

    func word(ofVariable index: Int32) -> Int32? {
        guard Int(index) < wordOfVariable.count else { return nil }
        let word = wordOfVariable[Int(index)]
        return word >= 0 ? word : nil
    }

    /// Makes the interned name `name` call `word` (-1: no word), remembering the old word while
    /// a change is recorded.
    mutating func setWordName(_ name: Int32, _ word: Int32) {
        if wordOfVariable.count <= Int(name) {
            wordOfVariable.append(contentsOf: repeatElement(-1, count: Int(name) + 1 - wordOfVariable.count))
        }
        if oldWordNames != nil, oldWordNames![name] == nil { oldWordNames![name] = wordOfVariable[Int(name)] }
        wordOfVariable[Int(name)] = word
    }

    mutating func newLocalSymbol() -> Int32 {
        nextLocalSymbol += 1
        return SymbolOccurrence.localSymbolBase + nextLocalSymbol
    }

    mutating func addSymbol(_ symbol: SymbolOccurrence) { symbols.append(symbol) }

    mutating func insertSymbols(_ inserted: [SymbolOccurrence], at index: Int) {
        symbols.insert(contentsOf: inserted, at: index)
    }

    /// Appends a word compiled by another run, its name's binding set apart (`Machine+Convergence`).
    mutating func appendWord(_ definition: WordDefinition) {
        words.append(definition)
        wordHeaders.append(definition.program.header)
    }

    mutating func install(_ definition: WordDefinition, name: Int32) {
        words.append(definition)
        wordHeaders.append(definition.program.header)
        setWordName(name, Int32(words.count - 1))
    }

    /// Whether words defined earlier in this source call `word` before its definition: their
    /// calls are patched when the run reaches the definition (`resolveForward`), so that what
    /// runs before it finds no word, however the source is cut into chunks.
    func isCalledAhead(_ word: Int32) -> Bool {
        let definition = words[Int(word)]
        return forwardCalls.contains { $0.name == definition.name && $0.definitionStart == definition.range.lowerBound }
    }

    /// The run reached the definition of `word`: the calls of it compiled before it call it.
    mutating func resolveForwardCalls(to word: Int32) {
        let definition = words[Int(word)]
        forwardCalls.removeAll { call in
            guard call.name == definition.name, call.definitionStart == definition.range.lowerBound else { return false }
            call.program[call.index] = Instruction(.call, a: Int(word))
            return true
        }
    }

    /// What the compiler knows of the source it is in the middle of, set aside while an
    /// included file is compiled (`suspendSource`), then taken back (`resume`). The include
    /// stands at the top level, so nothing is being gathered or waits for a name there.
    struct SuspendedSource {
        fileprivate let scan: DefinitionScan
        fileprivate let definitionsNoted: Bool
        fileprivate let forwardCalls: [ForwardCall]
    }

    mutating func suspendSource() -> SuspendedSource {
        SuspendedSource(scan: scan, definitionsNoted: definitionsNoted, forwardCalls: forwardCalls)
    }

    mutating func resume(_ source: SuspendedSource) {
        scan = source.scan
        definitionsNoted = source.definitionsNoted
        forwardCalls = source.forwardCalls
    }

    /// The include the last chunk stopped at, once.
    mutating func takeInclude() -> Include? {
        defer { include = nil }
        return include
    }

    /// A new source: no definitions of it are known yet (`noteDefinitions`).
    mutating func beginSource(_ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
        scan = DefinitionScan()
        definitionsNoted = false
        forwardCalls = []  // an earlier source's were resolved, or their words taken back
    }

    /// The first definition of `name` in this source after `offset`, if any. The question is
    /// remembered (`laterQueries`): what a body compiled to depends on text further on.
    mutating func laterDefinition(of name: String, after offset: Int) -> (start: Int, effect: StackEffect?)? {
        if laterQueries[name] == nil { laterQueries[name] = offset }
        return scan.definitions[name]?.first { $0.start > offset }
    }

    // MARK: - Undo (see `Machine+Undo`)

    /// How long the arrays were at a moment: a change only appends to them (and renames).
    struct Mark: Sendable {
        let words: Int
        let symbols: Int
        let nextLocalSymbol: Int32
    }

    var mark: Mark { Mark(words: words.count, symbols: symbols.count, nextLocalSymbol: nextLocalSymbol) }

    /// What a change appended.
    struct Tail: Sendable {
        var words: [WordDefinition] = []
        var symbols: [SymbolOccurrence] = []

        var retainedBytes: Int {
            words.count * MemoryLayout<WordDefinition>.stride + symbols.count * MemoryLayout<SymbolOccurrence>.stride
        }
    }

    /// Forgets what was appended after `mark`, keeping nothing of it (`Machine.rewind`).
    mutating func truncate(to mark: Mark) {
        words.removeSubrange(mark.words...)
        wordHeaders.removeSubrange(mark.words...)
        symbols.removeSubrange(mark.symbols...)
        nextLocalSymbol = mark.nextLocalSymbol
    }

    mutating func takeTail(from mark: Mark) -> Tail {
        let tail = Tail(words: Array(words[mark.words...]), symbols: Array(symbols[mark.symbols...]))
        words.removeSubrange(mark.words...)
        wordHeaders.removeSubrange(mark.words...)
        symbols.removeSubrange(mark.symbols...)
        nextLocalSymbol = mark.nextLocalSymbol
        return tail
    }

    mutating func appendTail(_ tail: Tail, nextLocalSymbol: Int32) {
        words.append(contentsOf: tail.words)
        wordHeaders.append(contentsOf: tail.words.map(\.program.header))
        symbols.append(contentsOf: tail.symbols)
        self.nextLocalSymbol = nextLocalSymbol
    }

    /// Drops a definition or block left open and a pending `unset` or `include` (a change
    /// taken back).
    mutating func forgetPending() {
        gathering = nil
        pending = nil
        include = nil
    }
}

// MARK: - The top level

extension Compiler {
    /// How a chunk of the top level ended.
    enum ChunkEnd {
        /// The chunk is full, or a block follows that needs the stack's depth: run it and
        /// compile on.
        case more
        /// The source is done.
        case end
        }

    /// Compiles the top level of a source into `chunk`, from where `lexer` is, until the chunk
    /// holds `limit` instructions, a block comes that must wait for the depth it starts at, or
    /// the source ends. `depth` is the stack's depth when the chunk will start. With
    /// `oneToken`, the chunk ends after each token of the top level (and each whole
    /// definition or block), whose tokens are added to `consumed`: editors follow what each
    /// token leaves on the stack.

    mutating func compileTopLevel(_ lexer: inout Lexer, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int,
                                  into chunk: Program, depth: Int, limit: Int, oneToken: Bool,
                                  consumed: inout [Token], variables: inout Variables,
                                  log: inout DiagnosticLog) -> ChunkEnd {
        var reach = ChunkReach(depth: depth)
        var exhausted = false
        // Whether numbers and operators may take the path in line (nothing gathered or waiting):
        // known again only after a token out of line.
        var inLine = !oneToken && gathering == nil && pending == nil
        while chunk.count < limit {
            guard let token = lexer.next() else {
                exhausted = true
                break
            }
            // The common tokens of long programs, in line: numbers and operators.
            if inLine {
                switch token.kind {
                case .number:
                    emitNumber(token, buffer, base, into: chunk)
                    reach.take(0, 1)
                    continue
                case .operator:
                    emitOperation(token, into: chunk)
                    reach.take(2, 1)
                    continue
                default:
                    break
                }
            }
            let outcome = other(token, buffer, base, into: chunk, reach: &reach, oneToken: oneToken, consumed: &consumed,
                                variables: &variables, log: &log)
            inLine = !oneToken && gathering == nil && pending == nil
            switch outcome {
            case .next: continue
            case .endChunk: return .more
            case .stop: break
            }
            if oneToken { break }
        }
        chunk.setReach(reach.value)
        return exhausted ? .end : .more
    }

    private enum TokenOutcome { case next, endChunk, stop }

    /// Any other token of the top level (out of line: the loop above stays small enough for
    /// the lexer to be inlined into it). `stop`: the token is done, and with `oneToken` so is
    /// the chunk; `next`: go on (a definition or block goes on being gathered); `endChunk`: a
    /// block begins after code, which must run first, or an include is complete, whose file
    /// runs after the chunk (`takeInclude`).
    @inline(never)
    private mutating func other(_ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int, into chunk: Program,
                                reach: inout ChunkReach, oneToken: Bool, consumed: inout [Token],
                                variables: inout Variables, log: inout DiagnosticLog) -> TokenOutcome {
        if oneToken { consumed.append(token) }
        if gathering != nil {
            guard gathering!.take(token) else { return .next }
            let gathered = gathering!
            gathering = nil
            switch gathered.kind {
            case .definition:
                let before = words.count
                define(gathered, buffer, base, variables: &variables, log: &log)
                if words.count > before, isCalledAhead(Int32(before)) {
                    chunk.append(Instruction(.resolveForward, a: before), gathered.tokens.last!)
                }
            case .block: appendBlock(gathered, buffer, base, to: chunk, reach: &reach, variables: &variables, log: &log)
            }
            return .stop
        }
        if case .unset(let unset) = pending {
            pending = nil
            if token.kind == .variable {
                let name = variables.intern(UnsafeBufferPointer(rebasing: buffer[(token.range.lowerBound - base)..<(token.range.upperBound - base)]))
                chunk.append(Instruction(.unset, a: Int(name)), token)
                return .stop
            }
            log.report(.error, .unsetNeedsName,
                       "'\(text(unset.range, buffer, base))' needs a variable name after it, as in unset M", unset.range)
        }
        if case .digits(let keyword) = pending {
            pending = nil
            if token.kind == .number {
                if let count = Self.digitsCount(token, buffer, base, log: &log) {
                    chunk.append(Instruction(.directive, a: Int(BuiltinID.digits.rawValue), b: Int32(count)), token)
                }
                return .stop
            }
            Self.reportDigitsNeedsNumber(keyword, buffer, base, log: &log)
        }
        if case .quote(let quote) = pending {
            pending = nil
            switch quoted(token, after: quote, buffer, base, variables: variables, log: &log) {
            case .builtin(let op):
                chunk.append(Instruction(.quoteBuiltin, a: Int(op.rawValue)), token)
                reach.take(0, 1)
            case .word(let word):
                chunk.append(Instruction(.quoteWord, a: Int(word)), token)
                reach.take(0, 1)
            case nil: break  // reported
            }
            return .stop
        }
        if case .include(let keyword) = pending {
            pending = nil
            if token.kind == .path {
                // The chunk ends as before a block; its runner asks for the include after it.
                // No outcome of its own: one case more in `compileTopLevel`'s loop made the
                // optimizer stop inlining the lexer there (a call per token, a tenth more
                // instructions on straight-line code, `bench/instructions --only straight`).
                include = Include(keyword: keyword, path: token)
                chunk.setReach(reach.value)
                return .endChunk
            }
            // An unclosed path is reported as such, below.
            if token.problem != .unclosedPath { Self.reportIncludeNeedsPath(keyword, buffer, base, log: &log) }
        }
        if let kind = ProgramRegion.Kind(opening: token) {
            gathering = Gathering(kind: kind, opener: token)
            switch kind {
            case .definition:
                if !definitionsNoted { noteDefinitions(buffer, base, from: token.range.lowerBound) }
            case .block:
                // The block is checked against the depth it starts at: run what comes
                // before it first.
                if chunk.count > 0 {
                    chunk.setReach(reach.value)
                    return .endChunk
                }
            }
            return .next
        }
        switch token.kind {
        case .comment, .stackEffect, .path:
            break  // a path comes right after its include, which took it
        case .invalid:
            Self.reportInvalid(token, buffer, base, log: &log)
        case .keyword where token.builtin == .include:
            pending = .include(token)
        case .keyword where token.builtin == .quote:
            pending = .quote(token)
        case .keyword:
            // A closer with nothing open.
            let word = text(token.range, buffer, base)
            let opener = switch token.builtin! {
            case .endDefinition: ":"
            case .else, .then: "if"
            case .until: "begin"
            case .listClose: "{"
            case .quotationClose: "["
            default: "for"
            }
            log.report(.error, .unmatchedKeyword,
                       token.builtin == .endDefinition ? "';' ends a definition, but none is open"
                           : "\(word) without \(opener == "if" ? "an" : "a") \(opener) before it", token.range)
        case .variable:
            let name = variables.intern(UnsafeBufferPointer(rebasing: buffer[(token.range.lowerBound - base)..<(token.range.upperBound - base)]))
            if let word = word(ofVariable: name) {
                symbols.append(SymbolOccurrence(range: token.range, kind: .wordUse, symbol: word, word: -1))
                chunk.append(Instruction(.topCall, a: Int(word)), token)
                chunk.addGrowth(words[Int(word)].outputCount)
                if words[Int(word)].effect?.varies == true {
                    // Its effect varies (issue 19): room after it, and any entry may change.
                    chunk.append(Instruction(.room), token)
                    reach.unknown()
                } else {
                    reach.take(words[Int(word)].inputCount, words[Int(word)].outputCount)
                }
            } else {
                chunk.append(Instruction(.variable, a: Int(name)), token)
                reach.take(0, 1)
            }
        case .directive where token.builtin == .unset:
            pending = .unset(token)
        case .directive where token.builtin == .digits:
            pending = .digits(token)
        case .stackWord where token.builtin == .fromList || token.builtin == .call || token.builtin == .times:
            // What they leave is known only as they run (issue 19): room after them, as after a
            // call of a word whose effect varies, and any entry may change.
            emit(token, buffer, base, into: chunk, variables: &variables)
            chunk.append(Instruction(.room), token)
            reach.unknown()
        case .stackWord where Self.effect(of: token) == nil:
            // clear, or a counted word: the count of the literal just before it, if any.
            if token.builtin! != .clear, chunk.count > 0, chunk[chunk.count - 1].opcode == .literal,
               let count = Self.literalCount(chunk.token(at: chunk.count - 1)) {
                reach.untake(0, 1)
                let effect = Self.countedEffect(token.builtin!, count)
                chunk.addGrowth(effect.outputs)
                reach.take(effect.inputs - 1, effect.outputs)
            } else {
                reach.unknown()
            }
            emit(token, buffer, base, into: chunk, variables: &variables)
        default:
            emit(token, buffer, base, into: chunk, variables: &variables)
            if let effect = Self.effect(of: token) { reach.take(effect.inputs, effect.outputs) }
        }
        return .stop
    }

    /// The end of a source: a definition or block still open, and an `unset` still waiting
    /// for its name, are errors.
    mutating func finishSource(_ buffer: UnsafeBufferPointer<UInt8>, _ base: Int, log: inout DiagnosticLog) {
        finishedScan = definitionsNoted ? scan : nil
        scan = DefinitionScan()
        previousScan = nil
        if let gathered = gathering {
            gathering = nil
            let message = switch gathered.opener.builtin! {
            case .define: "':' has no ';' to end its definition"
            case .if: "if has no then to end it"
            case .for: "for has no next (or step) to end it"
            case .listOpen: "{ has no } to end its list"
            case .quotationOpen: "[ has no ] to end its quotation"
            default: "begin has no until to end it"
            }
            log.report(.error, .unmatchedKeyword, message, gathered.opener.range)
        }
        switch pending {
        case .unset(let unset):
            log.report(.error, .unsetNeedsName,
                       "'\(text(unset.range, buffer, base))' needs a variable name after it, as in unset M", unset.range)
        case .digits(let keyword):
            Self.reportDigitsNeedsNumber(keyword, buffer, base, log: &log)
        case .include(let keyword):
            Self.reportIncludeNeedsPath(keyword, buffer, base, log: &log)
        case .quote(let quote):
            Self.reportQuoteNeedsName(quote, log: &log)
        case nil:
            break
        }
        pending = nil
    }

    /// `digits` with no number after it.
    static func reportDigitsNeedsNumber(_ keyword: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int,
                                        log: inout DiagnosticLog) {
        log.report(.error, .digitsNeedsNumber,
                   "'\(buffer.text(keyword.range, base: base))' needs the number of digits after it, as in digits 30",
                   keyword.range)
    }

    /// The count of `digits N`, the number token after the keyword: decimal digits alone (an
    /// optional minus, to say that it is out of range), from 1 to 10^6; else nil, reported at
    /// the number.
    static func digitsCount(_ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int,
                            log: inout DiagnosticLog) -> Int? {
        let bytes = UnsafeBufferPointer(rebasing: buffer[(token.range.lowerBound - base)..<(token.range.upperBound - base)])
        let negative = bytes.first == UInt8(ascii: "-")
        let digits = bytes.dropFirst(negative ? 1 : 0)
        guard !digits.isEmpty, digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else {
            log.report(.error, .digitsNeedsNumber,
                       "'digits' takes a whole number of digits written in decimal, as in digits 30, not "
                           + TerminalText.shown(buffer.text(token.range, base: base)), token.range)
            return nil
        }
        // Counted without overflow: past 8 digits it is out of range whatever follows.
        var count = 0
        for digit in digits.prefix(8) { count = count * 10 + Int(digit - UInt8(ascii: "0")) }
        if !negative, digits.count <= 8, BigFloat.digitRange.contains(count) { return count }
        let shown = digits.count <= 20 ? buffer.text(token.range, base: base)
            : "a number of \(digits.count) digits"
        log.report(.error, .digitsOutOfRange,
                   "digits takes \(BigFloat.digitRange.lowerBound) to \(BigFloat.digitRange.upperBound) digits, got \(shown)"
                       + (negative || count == 0 && digits.count <= 8 ? "; exact goes back to IEEE doubles" : ""), token.range)
        return nil
    }

    /// An `include` with no quoted path after it on its line.
    static func reportIncludeNeedsPath(_ keyword: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int,
                                       log: inout DiagnosticLog) {
        log.report(.error, .includeNeedsPath,
                   "'\(buffer.text(keyword.range, base: base))' needs the name of a file in quotes after it on its line, "
                       + "as in include \"lib.rpn\"", keyword.range)
    }

    /// A block gathered at the top level (`0 1 10 for i i + next`), checked against the depth
    /// it starts at, and appended to the chunk between `beginBlock` and `endBlock`. A block
    /// with errors does not run (its errors were reported): nothing is appended, except for a
    /// quotation or list, which is one entry whatever its body: an entry without value then,
    /// so that the words after it find their operands and say nothing more (issue 20).
    private mutating func appendBlock(_ gathered: Gathering, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int,
                                      to chunk: Program, reach: inout ChunkReach, variables: inout Variables,
                                      log: inout DiagnosticLog) {
        let whole = gathered.opener.range.lowerBound..<gathered.tokens.last!.range.upperBound
        let compiled = compileBody([gathered.opener] + gathered.tokens, for: .block(available: reach.depthNow),
                                   buffer, base, span: whole, copyingText: false, variables: &variables, log: &log)
        // A block whose effect varies runs differently on any other depth (issue 19).
        blockSlack = Swift.min(blockSlack, compiled.program == nil || compiled.varies ? -1 : reach.depthNow - compiled.inputs)
        guard let program = compiled.program else {
            if gathered.opener.builtin == .quotationOpen || gathered.opener.builtin == .listOpen {
                chunk.append(Instruction(.failed, a: 0, b: 1), gathered.opener)
                reach.take(0, 1)
            }
            return
        }
        let block = chunk.addBlock(Program.Block(inputs: compiled.inputs, outputs: compiled.outputs, end: 0))
        chunk.append(Instruction(.beginBlock, a: block), gathered.opener)
        _ = chunk.appendCode(of: program)
        chunk.setBlockEnd(block, chunk.count)
        chunk.append(Instruction(.endBlock, a: block), gathered.tokens.last!)
        chunk.raiseLocalCount(to: program.localCount)
        if compiled.varies {
            // What it takes and leaves is known only as it runs: room after it, for the chunk's
            // pushes that follow, and any entry below may change.
            chunk.append(Instruction(.room), gathered.tokens.last!)
            reach.unknown()
        } else {
            reach.take(compiled.inputs, compiled.outputs)
        }
    }

    /// How deep below its starting depth a chunk can change the stack: the entries an undo
    /// record must keep (`Machine.willModify`), found once instead of at every operation.
    struct ChunkReach {
        let start: Int
        private var depth = 0, low = 0
        private var isUnknown = false

        init(depth: Int) { start = depth }

        /// The depth now, when it is known (the start's otherwise: only a block asks, and a
        /// chunk ends before a block whenever it has code).
        var depthNow: Int { Swift.max(0, start + depth) }

        @inline(__always)
        mutating func take(_ inputs: Int, _ outputs: Int) {
            depth &-= inputs  // effects are small, and chunks 4096 instructions at most
            low = Swift.min(low, depth)
            depth &+= outputs
        }

        /// Takes back a push (a counted word's literal count, counted with the word).
        mutating func untake(_ inputs: Int, _ outputs: Int) { depth -= outputs - inputs }

        mutating func unknown() { isUnknown = true }

        /// Entries below the start it may change (`Int.max`: any).
        var value: Int { isUnknown ? Int.max : -low }
    }

    /// The instruction of a token that means the same wherever it is: a number, a constant, an
    /// operator or function, a stack word, a directive other than `unset`, a store.
    mutating func emit(_ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int, into program: Program,
                       variables: inout Variables) {
        switch token.kind {
        case .number:
            emitNumber(token, buffer, base, into: program)
        case .constant:
            program.append(Instruction(.constant, a: Int(token.builtin!.rawValue)), token)
        case .operator, .function:
            emitOperation(token, into: program)
        case .stackWord:
            let op = token.builtin!
            let opcode: Opcode = switch op {
            case .dup: .dup
            case .drop: .drop
            case .swap: .swap
            case .over: .over
            case .rot: .rot
            case .nip: .nip
            case .tuck: .tuck
            case .dup2: .dup2
            case .drop2: .drop2
            case .depth: .depth
            case .lastx: .lastx
            case .clear: .clear
            default: .counted
            }
            program.append(Instruction(opcode, a: Int(op.rawValue)), token)
        case .directive:
            program.append(Instruction(.directive, a: Int(token.builtin!.rawValue)), token)
        case .store:
            // The name is interned when the store runs: storing into a built-in is an error, and
            // names no variable.
            program.append(Instruction(.store), token)
        case .variable, .keyword, .comment, .stackEffect, .path, .invalid:
            preconditionFailure("not a token of its own meaning: \(token.kind)")
        }
    }

    /// An operator or function: one of the loop's quick operations, or any other of one or two
    /// operands.
    @inline(__always)
    func emitOperation(_ token: Token, into program: Program) {
        let op = token.builtin!
        if op == .reim || op.isAnalysis {  // Issue 19: analysis over a free variable, stack words too
            // The one function of two results: run as a stack word (`Machine.stackWord`), whose
            // two entries are re(z) and im(z).
            program.append(Instruction(.counted, a: Int(op.rawValue)), token)
            return
        }
        if let quick = QuickOperation(op) {
            program.append(Instruction(.quick(quick)), token)
        } else {
            program.append(Instruction(op.isBinary ? .binary : op.isTernary ? .ternary : .unary, a: Int(op.rawValue)), token)
        }
    }

    /// A number: a whole number of 32 bits written in at most 15 characters is that number
    /// exactly (see `Machine.exactShortInteger`), and so is 0 written as zeros.
    @inline(__always)
    func emitNumber(_ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int, into program: Program) {
        let value = token.number
        if value > -2_147_483_648.5, value < 2_147_483_647.5, token.range.count <= 15 {
            let whole = Int32(value)
            if Double(whole) == value, whole != 0 || Self.exactZero(token, buffer, base) != nil {
                program.append(Instruction(.literal, b: whole), token)
                return
            }
        }
        program.appendWide(exact: Machine.exactShortInteger(token) ?? .nan, float: value, token)
    }

    /// 0 written as zeros (`0`, `0.0`, `-0`): exactly 0. Other zeros (`1e-400`) are read in full.
    private static func exactZero(_ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) -> Double? {
        guard token.number == 0 else { return nil }
        for i in (token.range.lowerBound - base)..<(token.range.upperBound - base) {
            let byte = buffer[i]
            guard byte == UInt8(ascii: "0") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") else { return nil }
        }
        return StackSlot.small(0)
    }

    static func reportInvalid(_ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int, log: inout DiagnosticLog) {
        let word = String(decoding: UnsafeBufferPointer(rebasing: buffer[(token.range.lowerBound - base)..<(token.range.upperBound - base)]),
                          as: UTF8.self)
        switch token.problem ?? .unknownToken {
        case .unknownToken:
            // A `(` alone: infix typed by habit, or a Forth comment `( … )`, whose `;` then
            // ends the definition it seemed to hide in.
            let hint = word == "(" ? ": RPN needs no parentheses (a stack effect is written ( a b -- c ), with a '--' word; "
                + "a comment starts with #)" : ""
            log.report(.error, .unknownToken, "unknown token \(TerminalText.quoted(word))" + hint, token.range)
        case .invalidNumber:
            log.report(.error, .invalidNumber, "invalid number \(TerminalText.quoted(word))", token.range)
        case .invalidUTF8, .nulByte:
            // Point at the offending byte itself, not the whole word.
            var i = token.range.lowerBound - base
            while i < token.range.upperBound - base {
                let (scalar, length) = UTF8Scanner.decode(buffer, at: i, limit: buffer.count)
                if scalar == nil || buffer[i] == 0 { break }
                i += length
            }
            let byte = i < buffer.count ? buffer[i] : 0
            let hex = String(byte, radix: 16, uppercase: true)
            if byte == 0 {
                log.report(.error, .nulByte, "NUL byte in program text", (base + i)..<(base + i + 1))
            } else {
                log.report(.error, .invalidUTF8, "invalid UTF-8 byte 0x\(hex.count < 2 ? "0" : "")\(hex)",
                           (base + i)..<(base + i + 1))
            }
        case .unclosedStackEffect:
            log.report(.error, .unknownToken, "'(' needs a ')' on the same line: a stack effect is written ( a b -- c )",
                       token.range)
        case .storeNeedsName:
            log.report(.error, .storeNeedsName,
                       "\(TerminalText.quoted(word)) needs a variable name right after it, as in \(TerminalText.shown(word))M",
                       token.range)
        case .invalidStoreName:
            log.report(.error, .storeNeedsName, "invalid variable name in \(TerminalText.quoted(word))", token.range)
        case .unclosedPath:
            log.report(.error, .includeNeedsPath, "\(TerminalText.quoted(word)) needs a closing '\"' on the same line",
                       token.range)
        }
    }

    func text(_ range: Range<Int>, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) -> String {
        buffer.text(range, base: base)
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The text of a range of global offsets, in a buffer that starts at offset `base`: the
    /// compiler's and the machine's messages quote tokens with it.
    func text(_ range: Range<Int>, base: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: self[(range.lowerBound - base)..<(range.upperBound - base)]), as: UTF8.self)
    }
}
