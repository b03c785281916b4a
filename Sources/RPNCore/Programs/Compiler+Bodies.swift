/// Compiling definitions and top-level blocks into `Program`s, and checking their stack
/// effects before anything runs (as Factor's checker does): every instruction's effect is
/// known, so one pass over the structure finds unbalanced branches and loops, operands
/// missing even in code that never runs, and declared effects the body does not have.
///
/// One pass, one explicit stack of open constructs: no recursion on nesting depth.
extension Compiler {
    /// What is being compiled.
    enum CompileTarget {
        /// `: NAME ( … ) BODY ;`; the tokens given are the body's.
        case definition(name: String, nameIndex: Int32, nameRange: Range<Int>, declared: StackEffect?,
                        effectRange: Range<Int>?, index: Int32)
        /// A block at the top level, run once with `available` entries on the stack.
        case block(available: Int)
    }

    /// The result: a program (nil when it has errors), its effect, and what it does.
    struct Compiled {
        var program: Program?
        var inputs = 0, outputs = 0
        var hasSideEffects = false
        var isRecursive = false
        var dependencies: UInt32 = 0
        var parametersUsed = false
        /// The symbols of the parameters, in order, when the body names them.
        var parameterSymbols: [Int32] = []
        /// Names the body reads as variables (no word, parameter or counter of that name).
        var variablesRead: [String] = []
        /// Whether its effect varies (`StackEffect.varying`): a loop changes the depth by a
        /// count known only as it runs, or it calls a word whose effect varies; `inputs` and
        /// `outputs` are then 0.
        var varies = false
    }

    /// A known count times a body's change of depth beyond which the effect is not spelled out
    /// but varies (`1 1000000 for i i next` would name a million outputs).
    static let spelledOutLimit = 1024

    /// The `reach` of an `if` whose parts change the depth by what only the run knows: every
    /// entry (the largest operand `a`).
    static let reachesAll = (1 << 24) - 1

    /// An `if`, `for` or `begin` not closed yet.
    private struct OpenConstruct {
        let keyword: BuiltinID
        let token: Range<Int>
        /// if: the branch to patch; for: the forStart; begin: where the body starts.
        let pc: Int
        /// The depth where the parts start: after the flag (if), after the bounds (for), at begin.
        let depth: Int
        let lowBefore: Int
        var sawElse = false
        var elsePC = 0
        var thenDepth = 0, thenLow = 0
        var local: Int32 = 0
        var scopeCount = 0
        /// How many times the depth had become unknown before it opened (`variations`): more
        /// at its end means a part of it varies, and so does it.
        var variationsBefore = 0
        /// The entries known below the start when it opened (`available`).
        var availableBefore: Int?
        /// for: the literals right before it, the last on top (up to 3: from, to, step).
        var literals: [Int] = []
    }

    private struct LocalName {
        let name: String
        let local: Int32
        let symbol: Int32
        let isParameter: Bool
    }

    /// The effect of a token run as a step, or nil where it has none that is known statically
    /// (`clear`; `pick` and its kind without a literal count, handled by the caller).
    static func effect(of token: Token) -> (inputs: Int, outputs: Int)? {
        switch token.kind {
        case .number, .constant, .variable: return (0, 1)
        case .operator: return (2, 1)
        case .function:
            let op = token.builtin!
            if op.isAnalysis { return (op == .derivative ? 2 : 4, 1) }  // Issue 19: analysis over a free variable
            return op.isBinary ? (2, 1) : op.isTernary ? (3, 1) : op == .reim ? (1, 2) : (1, 1)
        case .store: return (1, 0)
        case .directive, .comment, .stackEffect, .path, .invalid, .keyword: return (0, 0)
        case .stackWord:
            switch token.builtin! {
            case .dup: return (1, 2)
            case .drop: return (1, 0)
            case .swap: return (2, 2)
            case .over: return (2, 3)
            case .rot: return (3, 3)
            case .nip: return (2, 1)
            case .tuck: return (2, 3)
            case .dup2: return (2, 4)
            case .drop2: return (2, 0)
            case .depth, .lastx: return (0, 1)
            case .linreg: return (2, 2)
            default: return nil
            }
        }
    }

    /// The effect of `pick`, `roll`, `rolld`, `dupn`, `dropn` after a literal count `c`
    /// (the count itself included).
    static func countedEffect(_ op: BuiltinID, _ c: Int) -> (inputs: Int, outputs: Int) {
        switch op {
        case .pick: (c + 1, c + 1)
        case .roll, .rolld: (c + 1, c)
        case .dupn: (c + 1, 2 * c)
        case .toList: (c + 1, 1)
        default: (c + 1, 0)  // dropn
        }
    }

    /// Compiles `tokens` (a definition's body, or a whole block) from `buffer`.
    mutating func compileBody(_ tokens: [Token], for target: CompileTarget, _ buffer: UnsafeBufferPointer<UInt8>,
                              _ base: Int, span: Range<Int>, copyingText: Bool, consumeParameters: Bool = false,
                              variables: inout Variables, log: inout DiagnosticLog) -> Compiled {
        var result = Compiled()
        let symbolsBefore = symbols.count, localSymbolBefore = nextLocalSymbol, forwardBefore = forwardCalls.count
        let code = Program(capacity: tokens.count + 2,
                           text: UnsafeBufferPointer(rebasing: buffer[(span.lowerBound - base)..<(span.upperBound - base)]),
                           base: span.lowerBound, copyingText: copyingText)
        var open: [OpenConstruct] = []
        var scope: [LocalName] = []
        var localCount: Int32 = 0
        var broken = false
        var underflowReported = false
        // Depth relative to the start, and the lowest it went (-low entries were taken from
        // below the start: the inputs).
        var depth = 0, low = 0
        var available: Int?
        // Issue 19: after a loop whose body changes the depth by a count known only as it runs
        // (or a call of a word whose effect varies), the depth is unknown: the effect varies,
        // and the checker goes on from there as from a fresh start, assuming nothing about
        // what is below (no entries to count: the run checks them as it goes).
        var varies = false
        var variations = 0
        // Where straight-line code last began (a jump's target): literals before it are no
        // loop's bounds.
        var lastJoin = 0
        var ownName: String?, ownIndex: Int32 = -1, declared: StackEffect?
        var wordIndex: Int32 = -1

        switch target {
        case .definition(let name, _, _, let effect, _, let index):
            ownName = name
            ownIndex = index
            wordIndex = index
            declared = effect
            available = effect?.inputs.count
        case .block(let depthNow):
            available = depthNow
        }

        // Parameters: when the body names any declared input, all are popped into locals; so
        // they are when it takes nothing from the stack (`: one ( x -- y ) 1 ;`), since a
        // declared input is consumed whether the body reads it or not.
        if let declared, !declared.inputs.isEmpty {
            let names = Set(declared.inputs)
            result.parametersUsed = consumeParameters || tokens.contains { token in
                token.kind == .variable && names.contains(text(token.range, buffer, base))
            }
        }

        func depthVaries() {
            varies = true
            variations += 1
            available = nil
            low = depth
        }

        /// After `token` (its instruction appended, its inputs taken), the depth is what only
        /// the run knows (issue 19): a call of a word whose effect varies, or any word whose
        /// output count depends on a value (a built-in such as a list's `list→ ( l -- x1 … xn n )`
        /// would call this after `take(1, 0, …)`). Room for the pushes after it, nothing assumed
        /// below, the effect varies; in a word with a declared effect, `message` is an error.
        func leavesWhatOnlyTheRunKnows(_ token: Token, _ message: @autoclosure () -> String) {
            if declared != nil, !broken {  // once broken (a quotation with errors before `call`), one error is enough
                log.report(.error, .unknownStackEffect, message(), token.range)
                broken = true
            }
            code.append(Instruction(.room), token)
            depthVaries()
        }

        func take(_ inputs: Int, _ outputs: Int, at range: Range<Int>, _ word: @autoclosure () -> String) {
            if let known = available, depth - inputs + known < 0 {
                let found = Swift.max(0, depth + known)
                log.report(.error, .missingOperand,
                           "\(word()) needs \(inputs) operand\(inputs == 1 ? "" : "s"), found \(found)", range)
                underflowReported = true
                broken = true
                // Count the missing ones as given, so one shortage is reported once.
                available = inputs - depth
            }
            depth -= inputs
            low = Swift.min(low, depth)
            depth += outputs
        }

        if result.parametersUsed, let declared, !declared.inputs.isEmpty {  // a bind binds one at least
            let n = declared.inputs.count
            code.append(Instruction(.bind, a: n), Token(.keyword, span.lowerBound..<span.lowerBound))
            take(n, 0, at: span, "")
            for (i, name) in declared.inputs.enumerated() {
                let symbol = newLocalSymbol()
                result.parameterSymbols.append(symbol)
                scope.append(LocalName(name: name, local: Int32(i), symbol: symbol, isParameter: true))
            }
            localCount = Int32(n)
        }

        var index = 0
        var afterQuote: Token?
        /// The last `[ … ]` compiled and its word, to check the effect a word after it needs.
        var lastQuotation: (pc: Int, word: Int32)?
        var afterUnset: Token?
        var afterDigits: Token?
        var pendingLoop: Int?  // the open `for` waiting for its counter's name
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            let spelled = text(token.range, buffer, base)
            if let loop = pendingLoop {
                pendingLoop = nil
                guard token.kind == .variable else {
                    log.report(.error, .invalidDefinition,
                               "for needs the name of its counter after it, as in 1 10 for i … next", open[loop].token)
                    broken = true
                    index -= 1  // read this token as code
                    continue
                }
                let symbol = newLocalSymbol()
                scope.append(LocalName(name: spelled, local: open[loop].local, symbol: symbol, isParameter: false))
                symbols.append(SymbolOccurrence(range: token.range, kind: .loopVariableDeclaration, symbol: symbol,
                                                word: wordIndex))
                continue
            }
            if let quote = afterQuote {
                afterQuote = nil
                switch quoted(token, after: quote, buffer, base, variables: variables, log: &log) {
                case .builtin(let op):
                    code.append(Instruction(.quoteBuiltin, a: Int(op.rawValue)), token)
                    take(0, 1, at: token.range, "'")
                case .word(let word):
                    code.append(Instruction(.quoteWord, a: Int(word)), token)
                    take(0, 1, at: token.range, "'")
                case nil:
                    broken = true
                    take(0, 1, at: token.range, "'")
                }
                continue
            }
            if let unset = afterUnset {
                afterUnset = nil
                if token.kind == .variable {
                    let name = variables.intern(spelled)
                    code.append(Instruction(.unset, a: Int(name)), token)
                    result.hasSideEffects = true
                    continue
                }
                log.report(.error, .unsetNeedsName,
                           "'\(text(unset.range, buffer, base))' needs a variable name after it, as in unset M", unset.range)
                broken = true
            }
            if let keyword = afterDigits {
                afterDigits = nil
                if token.kind == .number {
                    if let count = Self.digitsCount(token, buffer, base, log: &log) {
                        code.append(Instruction(.directive, a: Int(BuiltinID.digits.rawValue), b: Int32(count)), token)
                    } else {
                        broken = true
                    }
                    continue
                }
                Self.reportDigitsNeedsNumber(keyword, buffer, base, log: &log)
                broken = true
            }
            switch token.kind {
            case .comment, .stackEffect, .path:
                continue  // a path belongs to its include, reported below
            case .invalid:
                Self.reportInvalid(token, buffer, base, log: &log)
                broken = true
            case .keyword:
                let keyword = token.builtin!
                switch keyword {
                case .include:
                    // A definition runs when it is called, a block when it is complete: neither
                    // is a place in the program where a file's text could stand.
                    log.report(.error, .includeNotAtTopLevel,
                               "include brings a file in at the top level only, not inside "
                                   + (ownName != nil ? "a definition" : "an if or a loop"), token.range)
                    broken = true
                case .define:
                    log.report(.error, .nestedDefinition,
                               ownName != nil ? "a definition cannot be inside another: end '\(ownName!)' with ';' first"
                                   : "a definition cannot be inside an if or a loop", token.range)
                    broken = true
                case .endDefinition:
                    log.report(.error, .unmatchedKeyword,
                               ownName == nil ? "';' ends a definition, but none is open" : "';' before the end of the "
                                   + "\(open.last.map { Builtin[$0.keyword].glyph } ?? "construct") above it", token.range)
                    broken = true
                case .if:
                    take(1, 0, at: token.range, "if")
                    open.append(OpenConstruct(keyword: .if, token: token.range, pc: code.count, depth: depth, lowBefore: low,
                                              variationsBefore: variations, availableBefore: available))
                    low = depth
                    code.append(Instruction(.branch), token)
                    lastJoin = code.count
                case .else:
                    guard var construct = open.last, construct.keyword == .if, !construct.sawElse else {
                        log.report(.error, .unmatchedKeyword, "else without an if before it", token.range)
                        broken = true
                        continue
                    }
                    construct.sawElse = true
                    construct.thenDepth = depth
                    construct.thenLow = low
                    construct.elsePC = code.count
                    code.append(Instruction(.jump), token)
                    lastJoin = code.count
                    open[open.count - 1] = construct
                    depth = construct.depth
                    low = depth
                    // The first part varied: the second starts from what the if found.
                    if variations > construct.variationsBefore { available = construct.availableBefore }
                case .then:
                    guard let construct = open.last, construct.keyword == .if else {
                        log.report(.error, .unmatchedKeyword, "then without an if before it", token.range)
                        broken = true
                        continue
                    }
                    open.removeLast()
                    // `then` is where the parts meet: no instruction of its own.
                    let end = code.count
                    let (thenDepth, thenLow) = construct.sawElse ? (construct.thenDepth, construct.thenLow) : (depth, low)
                    let (elseDepth, elseLow) = construct.sawElse ? (depth, low) : (construct.depth, construct.depth)
                    lastJoin = end
                    // A part varies: so does the if, reaching what only the run knows.
                    let variedInside = variations > construct.variationsBefore
                    // What an undecided if keeps aside while its parts run: only what they reach.
                    let reach = variedInside ? Self.reachesAll : construct.depth - Swift.min(thenLow, elseLow)
                    let elseStart = construct.sawElse ? construct.elsePC + 1 : end
                    code[construct.pc] = (Instruction(.branch, a: reach, b: Int32(elseStart - construct.pc)))
                    if construct.sawElse {
                        code[construct.elsePC] = (Instruction(.jump, b: Int32(end - construct.elsePC)))
                    }
                    code.setShape(ofIf: construct.pc, Program.IfShape(elseJump: construct.sawElse ? construct.elsePC : nil, end: end))
                    if thenDepth != elseDepth, !variedInside {
                        let a = StackEffect(inputs: construct.depth - thenLow, outputs: thenDepth - thenLow)
                        let b = StackEffect(inputs: construct.depth - elseLow, outputs: elseDepth - elseLow)
                        log.report(.error, .unbalancedBranches,
                                   construct.sawElse
                                       ? "the two parts of this if have different stack effects: \(a.description) before else, \(b.description) after it"
                                       : "this if without else must leave the stack as deep as it found it, but its part has the effect \(a.description)",
                                   construct.token)
                        broken = true
                    }
                    depth = thenDepth
                    low = Swift.min(construct.lowBefore, thenLow, elseLow)
                    if variedInside { depthVaries() }
                case .for:
                    // The bounds: two, or three when the loop ends in `step` (patched there).
                    // Literal bounds (and step) right before it: its count is known at `next`.
                    var literals: [Int] = []
                    var at = code.count - 1
                    while literals.count < 3, at >= lastJoin, at >= 0, code[at].opcode == .literal {
                        literals.insert(code[at].b, at: 0)
                        at -= 1
                    }
                    take(2, 0, at: token.range, "for")
                    let local = localCount
                    localCount += 3
                    open.append(OpenConstruct(keyword: .for, token: token.range, pc: code.count, depth: depth,
                                              lowBefore: low, local: local, scopeCount: scope.count,
                                              variationsBefore: variations, availableBefore: available, literals: literals))
                    low = depth
                    code.append(Instruction(.forPrepare, a: Int(local)), token)
                    lastJoin = code.count
                    pendingLoop = open.count - 1
                case .next, .step:
                    guard let construct = open.last, construct.keyword == .for else {
                        log.report(.error, .unmatchedKeyword, "\(spelled) without a for before it", token.range)
                        broken = true
                        continue
                    }
                    open.removeLast()
                    scope.removeLast(scope.count - construct.scopeCount)
                    let hasStep = keyword == .step
                    // Issue 19: a body that changes the depth. With literal bounds its count is
                    // known, and the loop's effect is the body's that many times; otherwise
                    // (or when a part of it varies) the effect varies, which only a word with
                    // a declared effect may not do.
                    let variedInside = variations > construct.variationsBefore
                    let change = depth - construct.depth
                    var rounds: Int?
                    if change != 0, !variedInside, let n = Self.loopCount(construct.literals, hasStep: hasStep),
                       n * Swift.abs(change) <= Self.spelledOutLimit {
                        rounds = n
                    }
                    let variesHere = variedInside || change != 0 && rounds == nil
                    if change != 0, !variedInside, rounds == nil, declared != nil {
                        reportUnbalancedLoop(construct.token, start: construct.depth, end: depth, low: low, log: &log)
                        broken = true
                    }
                    // Each round may leave more entries than the room reserved at the program's
                    // entry: the back edge makes room for the next (a loop that leaves the depth
                    // as it found it needs none, and pays nothing).
                    if variesHere || change > 0 { code.append(Instruction(.room), token) }
                    let body = construct.pc + 1
                    code.append(Instruction(.forNext, a: Int(construct.local), b: Int32(body - code.count)), token)
                    code[construct.pc] = (Instruction(hasStep ? .forStepPrepare : .forPrepare, a: Int(construct.local),
                                                         b: Int32(code.count - construct.pc)))
                    lastJoin = code.count
                    let bodyLow = low - construct.depth
                    depth = construct.depth
                    if hasStep {
                        // The step is a third operand of `for`.
                        depth -= 1
                        if let available, !underflowReported, depth + bodyLow + available < 0 {
                            log.report(.error, .missingOperand,
                                       "for … step needs 3 operands, found \(Swift.max(0, depth + 1 + available))",
                                       construct.token)
                            underflowReported = true
                            broken = true
                        }
                    }
                    if let rounds, rounds > 0 {
                        // Round k (from 0) starts k × change from the start: the lowest is the
                        // last round's when it takes more than it leaves.
                        let lowest = depth + bodyLow + (change < 0 ? (rounds - 1) * change : 0)
                        if let available, !underflowReported, lowest + available < 0 {
                            let fewer = -change
                            log.report(.error, .missingOperand,
                                       "this loop runs \(rounds) times, leaving \(fewer) entr\(fewer == 1 ? "y" : "ies") fewer "
                                           + "each time, so it needs \(depth - lowest) entries, found \(Swift.max(0, depth + available))",
                                       construct.token)
                            underflowReported = true
                            broken = true
                        }
                        low = Swift.min(construct.lowBefore, lowest)
                        depth += rounds * change
                    } else {
                        low = Swift.min(construct.lowBefore, depth + bodyLow)
                    }
                    if variesHere { depthVaries() }
                case .begin:
                    open.append(OpenConstruct(keyword: .begin, token: token.range, pc: code.count, depth: depth, lowBefore: low,
                                              variationsBefore: variations, availableBefore: available))
                    lastJoin = code.count
                case .until:
                    guard let construct = open.last, construct.keyword == .begin else {
                        log.report(.error, .unmatchedKeyword, "until without a begin before it", token.range)
                        broken = true
                        continue
                    }
                    open.removeLast()
                    take(1, 0, at: token.range, "until")
                    // Issue 19: a body that changes the depth runs a count only the run knows:
                    // the effect varies (an error in a word with a declared effect), and the back
                    // edge makes room for the next round.
                    let variedInside = variations > construct.variationsBefore
                    let variesHere = variedInside || depth != construct.depth
                    if depth != construct.depth, !variedInside, declared != nil {
                        reportUnbalancedLoop(construct.token, start: construct.depth, end: depth, low: low, flag: true,
                                             log: &log)
                        broken = true
                    }
                    if variesHere { code.append(Instruction(.room), token) }
                    code.append(Instruction(.until, b: Int32(construct.pc - code.count)), token)
                    lastJoin = code.count
                    if variesHere {
                        depth = construct.depth
                        depthVaries()
                    }
                case .listOpen:
                    open.append(OpenConstruct(keyword: .listOpen, token: token.range, pc: code.count, depth: depth, lowBefore: low,
                                              variationsBefore: variations, availableBefore: available))
                    low = depth
                case .listClose:
                    guard let construct = open.last, construct.keyword == .listOpen else {
                        log.report(.error, .unmatchedKeyword, "} without a { before it"
                                       + (open.last.map { " (\(Builtin[$0.keyword].glyph) is still open)" } ?? ""), token.range)
                        broken = true
                        continue
                    }
                    open.removeLast()
                    if variations > construct.variationsBefore {
                        // A loop inside changed the depth by what only the run knows.
                        log.report(.error, .invalidList,
                                   "how many elements this list has is known only as it runs (a loop inside changes the "
                                       + "depth): collect them with →list and a count, as in depth →list", construct.token)
                        broken = true
                    } else if low < construct.depth {
                        log.report(.error, .invalidList,
                                   "what is inside { } makes the list's elements, and here it takes \(construct.depth - low) "
                                       + "entr\(construct.depth - low == 1 ? "y" : "ies") from below the {: "
                                       + "put the list's values inside it", construct.token)
                        broken = true
                    }
                    let count = Swift.max(0, depth - construct.depth)
                    code.append(Instruction(.makeList, a: count), token)
                    depth = construct.depth + 1
                    low = Swift.min(construct.lowBefore, low)
                case .quotationOpen:
                    // The quotation's tokens, to its matching `]`, compiled as a word of its own.
                    var nesting = 1, end = index
                    while end < tokens.count {
                        if tokens[end].kind == .keyword, tokens[end].builtin == .quotationOpen { nesting += 1 }
                        if tokens[end].kind == .keyword, tokens[end].builtin == .quotationClose {
                            nesting -= 1
                            if nesting == 0 { break }
                        }
                        end += 1
                    }
                    guard end < tokens.count else {
                        log.report(.error, .unmatchedKeyword, "[ has no ] to end its quotation", token.range)
                        broken = true
                        index = tokens.count
                        continue
                    }
                    let body = Array(tokens[index..<end])
                    let close = tokens[end]
                    index = end + 1
                    let outer = enclosingLocals.count
                    enclosingLocals.append(contentsOf: scope.map(\.name))
                    let compiled = compileQuotation(body, open: token, close: close, in: wordIndex, buffer, base,
                                                    variables: &variables, log: &log)
                    enclosingLocals.removeSubrange(outer...)
                    if let word = compiled {
                        code.append(Instruction(.quotation, a: Int(word)), token)
                        lastQuotation = (code.count - 1, word)
                        take(0, 1, at: token.range, "[")
                        continue
                    }
                    broken = true
                    take(0, 1, at: token.range, "[")
                case .quotationClose:
                    log.report(.error, .unmatchedKeyword, "] without a [ before it", token.range)
                    broken = true
                case .quote:
                    afterQuote = token
                default:
                    break
                }
            case .variable:
                let name = spelled
                if let local = scope.last(where: { $0.name == name }) {
                    symbols.append(SymbolOccurrence(range: token.range, kind: local.isParameter ? .parameterUse : .loopVariableUse,
                                                    symbol: local.symbol, word: wordIndex))
                    code.append(Instruction(.local, a: Int(local.local)), token)
                    take(0, 1, at: token.range, name)
                } else if quotationNesting > 0, enclosingLocals.contains(name) {
                    // A quotation runs later, on values, apart from the word it is written in.
                    log.report(.error, .wrongKind,
                               "a quotation cannot read '\(name)', a parameter or loop counter of the word it is in (it "
                                   + "runs later, on values alone): work on the list itself (l \(name) × rather than "
                                   + "l [ \(name) × ] map)", token.range)
                    broken = true
                } else if name == ownName {
                    result.isRecursive = true
                    symbols.append(SymbolOccurrence(range: token.range, kind: .wordUse, symbol: ownIndex, word: wordIndex))
                    guard let declared else {
                        log.report(.error, .recursionNeedsEffect,
                                   "'\(name)' calls itself, so its stack effect must be declared: : \(name) ( a -- b ) … ;",
                                   token.range)
                        broken = true
                        continue
                    }
                    code.append(Instruction(.call, a: Int(ownIndex)), token)
                    code.addGrowth(declared.outputs.count)
                    take(declared.inputs.count, declared.outputs.count, at: token.range, name)
                } else if let callee = self.word(named: name, in: variables) {
                    let definition = words[Int(callee)]
                    symbols.append(SymbolOccurrence(range: token.range, kind: .wordUse, symbol: callee, word: wordIndex))
                    code.append(Instruction(.call, a: Int(callee)), token)
                    code.addGrowth(definition.outputCount)
                    result.hasSideEffects = result.hasSideEffects || definition.hasSideEffects
                    result.dependencies |= definition.dependencies
                    if definition.effect == nil, definition.declaredEffect == nil { broken = true }  // reported there
                    take(definition.inputCount, definition.outputCount, at: token.range, name)
                    if definition.effect?.varies == true {
                        leavesWhatOnlyTheRunKnows(token, "\(name) has no fixed stack effect (a loop in it changes the depth "
                                                      + "as it runs), so a word with a declared effect cannot call it")
                    }
                } else if case .definition = target, let later = laterDefinition(of: name, after: token.range.lowerBound) {
                    // A word defined further on in this program (`even`/`odd` calling each other).
                    guard let effect = later.effect else {
                        log.report(.error, .recursionNeedsEffect,
                                   "'\(name)' is defined further on, so its stack effect must be declared to call it "
                                       + "here: : \(name) ( a -- b ) … ;", token.range)
                        broken = true
                        continue
                    }
                    forwardCalls.append(ForwardCall(name: name, definitionStart: later.start, program: code, index: code.count))
                    code.append(Instruction(.callForward, a: effect.inputs.count, b: Int32(effect.outputs.count)), token)
                    code.addGrowth(effect.outputs.count)
                    // What it does is not known yet: it is taken to have effects beyond its outputs.
                    result.hasSideEffects = true
                    result.dependencies = .max
                    take(effect.inputs.count, effect.outputs.count, at: token.range, name)
                } else {
                    let variable = variables.intern(name)
                    result.dependencies |= Machine.bucket(variable)
                    result.variablesRead.append(name)
                    code.append(Instruction(.variable, a: Int(variable)), token)
                    take(0, 1, at: token.range, name)
                }
            case .store:
                let nameRange = token.storeNameRange(buffer, base)
                let name = text(nameRange, buffer, base)
                if quotationNesting > 0 {
                    log.report(.error, .wrongKind,
                               "a quotation cannot store (\(spelled)): it runs on values, apart from the program's "
                                   + "variables; store what it leaves after it", token.range)
                    broken = true
                    continue
                }
                if scope.contains(where: { $0.name == name }) {
                    log.report(.error, .storeIntoWord,
                               "cannot store into '\(name)': it is a \(scope.last { $0.name == name }!.isParameter ? "parameter" : "loop counter"), which is read-only",
                               token.range)
                    broken = true
                    continue
                }
                emit(token, buffer, base, into: code, variables: &variables)
                result.hasSideEffects = true
                take(1, 0, at: token.range, spelled)
            case .directive:
                result.hasSideEffects = true
                if token.builtin == .unset {
                    afterUnset = token
                } else if token.builtin == .digits {
                    afterDigits = token
                } else {
                    emit(token, buffer, base, into: code, variables: &variables)
                }
            case .stackWord:
                let op = token.builtin!
                if op == .call || op == .times || op == .fromList {
                    // Their effect is the quotation's (or the list's length): known when the
                    // quotation is written right before them.
                    if op != .fromList, let (pc, word) = lastQuotation, pc == code.count - 1,
                       let effect = quotations[Int(word)].effect {
                        let (i, o) = (effect.inputs.count, effect.outputs.count)
                        if op == .times, i != o {
                            log.report(.error, .quotationEffect,
                                       "times runs its quotation again and again, so it must leave the stack as deep as it "
                                           + "found it, and \(quotations[Int(word)].name) is \(effect.description)",
                                       code.token(at: pc).range)
                            broken = true
                        }
                        emit(token, buffer, base, into: code, variables: &variables)
                        code.addGrowth(o)
                        depth -= 1  // the quotation
                        take(op == .times ? i + 1 : i, o, at: token.range, spelled)
                    } else {
                        // What it leaves is known only as it runs (the list's length, the
                        // quotation's effect): the effect varies from here, as after a loop
                        // that changes the depth.
                        emit(token, buffer, base, into: code, variables: &variables)
                        take(op == .times ? 2 : 1, 0, at: token.range, spelled)
                        leavesWhatOnlyTheRunKnows(token, op == .fromList
                            ? "list→ leaves as many entries as the list has, so a word with a declared effect cannot use "
                                + "it; take the list whole (get, map, fold…) instead"
                            : "\(spelled) runs a quotation whose effect is not known here, so a word with a declared effect "
                                + "must write the quotation right before it ([ … ] \(spelled))")
                    }
                } else if let effect = Self.effect(of: token) {
                    if op == .depth || op == .lastx { result.hasSideEffects = true }
                    emit(token, buffer, base, into: code, variables: &variables)
                    take(effect.inputs, effect.outputs, at: token.range, spelled)
                } else if op == .clear, ownName == nil, let availableNow = available {
                    emit(token, buffer, base, into: code, variables: &variables)
                    result.hasSideEffects = true
                    take(depth + availableNow, 0, at: token.range, spelled)
                } else if op != .clear, code.count > 0, code[code.count - 1].opcode == .literal,
                          let count = Self.literalCount(code.token(at: code.count - 1)) {
                    emit(token, buffer, base, into: code, variables: &variables)
                    let effect = Self.countedEffect(op, count)
                    code.addGrowth(effect.outputs)
                    // The count was taken as a push of its own: take it back first.
                    depth -= 1
                    take(effect.inputs - 1, effect.outputs, at: token.range, "\(count) \(spelled)")
                } else {
                    log.report(.error, .unknownStackEffect,
                               op == .clear
                                   ? "clear has no fixed stack effect, so it cannot be in a definition"
                                   : "\(spelled) needs a literal count right before it here (as in 2 \(spelled)), so that its stack effect is known",
                               token.range)
                    broken = true
                }
            case .number, .constant, .operator, .function:
                if let op = token.builtin, op == .map || op == .filter || op == .fold,
                   let (pc, word) = lastQuotation, pc == code.count - 1, let effect = quotations[Int(word)].effect,
                   effect.inputs.count != (op == .fold ? 2 : 1) || effect.outputs.count != 1 {
                    // The quotation right before the word: its effect is known here, and wrong.
                    let wanted = StackEffect(inputs: op == .fold ? 2 : 1, outputs: 1)
                    log.report(.error, .quotationEffect,
                               "\(spelled) needs a quotation \(wanted.description), and \(quotations[Int(word)].name) is "
                                   + effect.description, code.token(at: pc).range)
                    broken = true
                }
                // Issue 19: analysis over a free variable: ∂ and its kind read their operands'
                // trees, so a word using them runs in place, never as a call valued on values.
                if token.builtin?.isAnalysis == true { result.hasSideEffects = true }
                emit(token, buffer, base, into: code, variables: &variables)
                let effect = Self.effect(of: token)!
                take(effect.inputs, effect.outputs, at: token.range, spelled)
            }
        }

        if let keyword = afterDigits {
            Self.reportDigitsNeedsNumber(keyword, buffer, base, log: &log)
            broken = true
        }
        if let quote = afterQuote {
            Self.reportQuoteNeedsName(quote, log: &log)
            broken = true
        }
        if let unset = afterUnset {
            log.report(.error, .unsetNeedsName,
                       "'\(text(unset.range, buffer, base))' needs a variable name after it, as in unset M", unset.range)
            broken = true
        }
        if pendingLoop != nil, let loop = open.last {
            log.report(.error, .invalidDefinition, "for needs the name of its counter after it, as in 1 10 for i … next", loop.token)
            broken = true
        }
        for construct in open.reversed() {
            let closer = switch construct.keyword {
            case .if: "then"
            case .for: "next (or step)"
            case .listOpen: "}"
            default: "until"
            }
            log.report(.error, .unmatchedKeyword, "\(Builtin[construct.keyword].glyph) has no \(closer) to end it",
                       construct.token)
            broken = true
        }

        result.inputs = varies ? 0 : -low
        result.outputs = varies ? 0 : depth - low
        result.varies = varies
        // It looks past any inputs it could declare: it runs in place, as a word reading `depth`.
        if varies { result.hasSideEffects = true }
        if case .definition(let name, _, _, let declaredEffect, let effectRange, _) = target, let declaredEffect,
           !broken {
            let inferred = StackEffect(inputs: result.inputs, outputs: result.outputs, like: declaredEffect)
            if !inferred.hasSameShape(as: declaredEffect), !result.parametersUsed, result.inputs == 0,
               result.outputs == declaredEffect.outputs.count {
                // It takes nothing from the stack: its declared inputs are consumed. Compiled
                // again (once), binding them.
                symbols.removeSubrange(symbolsBefore...)
                nextLocalSymbol = localSymbolBefore
                forwardCalls.removeSubrange(forwardBefore...)
                return compileBody(tokens, for: target, buffer, base, span: span, copyingText: copyingText,
                                   consumeParameters: true, variables: &variables, log: &log)
            }
            if !inferred.hasSameShape(as: declaredEffect) {
                log.report(.error, .stackEffectMismatch,
                           Self.mismatch(name, inferred, declaredEffect, unknownNames: result.variablesRead),
                           effectRange ?? span)
                broken = true
            }
        }
        if !broken {
            // A word returns; a block at the top level goes on into the chunk it is appended to.
            if case .definition = target { code.append(Instruction(.ret), Token(.keyword, span.upperBound..<span.upperBound)) }
            // Superinstructions take the checker's word that their operands are there: after a
            // loop whose effect varies, only the plain words, which check as they go.
            Superinstructions.fuse(code, checked: !varies)
            code.setEffect(inputs: result.inputs, outputs: result.outputs, localCount: Int(localCount), isBroken: false,
                              isFunction: result.outputs == 1 && !result.hasSideEffects && !varies)
            result.program = code
        }
        return result
    }

    /// A declared effect the body does not have, in the words the user wrote it with.
    static func mismatch(_ name: String, _ inferred: StackEffect, _ declared: StackEffect, unknownNames: [String]) -> String {
        func values(_ n: Int) -> String { n == 0 ? "none" : n == 1 ? "1 value" : "\(n) values" }
        let takes = inferred.inputs.count != declared.inputs.count, leaves = inferred.outputs.count != declared.outputs.count
        let what = takes && leaves
            ? "takes \(values(inferred.inputs.count)) and leaves \(values(inferred.outputs.count)), declared "
                + "\(declared.inputs.count) and \(declared.outputs.count)"
            : takes ? "takes \(values(inferred.inputs.count)), declared \(declared.inputs.count)"
            : "leaves \(values(inferred.outputs.count)), declared \(declared.outputs.count)"
        var message = "'\(name)' \(what): its body does \(inferred.description), its declaration says \(declared.description)"
        if let unknown = unknownNames.first {
            message += "; \(TerminalText.quoted(unknown)) is read as a variable: no word of that name is defined"
        }
        return message
    }

    private func reportUnbalancedLoop(_ range: Range<Int>, start: Int, end: Int, low: Int, flag: Bool = false,
                                      log: inout DiagnosticLog) {
        let difference = end - start
        // The effect of one round, `until` taking its flag included: the depth sentence and the
        // effect shown say the same.
        let body = StackEffect(inputs: start - low, outputs: end - low)
        let more = difference > 0 ? "\(difference) more" : "\(-difference) fewer"
        log.report(.error, .unbalancedLoop,
               "the body of this loop must leave the stack as deep as it found it\(flag ? " (after until takes its flag)" : ""), "
                   + "but it leaves \(more) entr\(Swift.abs(difference) == 1 ? "y" : "ies") each time: \(body.description)",
               range)
    }

    /// How many times a `for` runs whose bounds (and step) are the literals right before it
    /// (the last on top), as `Machine.startLoop` and `ForCount` count: FROM to TO inclusive by
    /// STEP (1 without); nil when they are not all literals, or the step is 0.
    static func loopCount(_ literals: [Int], hasStep: Bool) -> Int? {
        let needed = hasStep ? 3 : 2
        guard literals.count >= needed else { return nil }
        let from = literals[literals.count - needed], to = literals[literals.count - needed + 1]
        let step = hasStep ? literals[literals.count - 1] : 1
        if step > 0 { return to >= from ? (to - from) / step + 1 : 0 }
        if step < 0 { return from >= to ? (from - to) / -step + 1 : 0 }
        return nil
    }

    /// The whole number a number token is, when it is a small literal count.
    static func literalCount(_ token: Token) -> Int? {
        let value = token.number
        guard value >= 0, value < 1_048_576, value == value.rounded(.towardZero) else { return nil }
        return Int(value)
    }

}

extension Token {
    /// The name after the arrow of a store token.
    func storeNameRange(_ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) -> Range<Int> {
        let first = buffer[range.lowerBound - base]
        return (range.lowerBound + (first == UInt8(ascii: "-") ? 2 : 3))..<range.upperBound
    }
}
