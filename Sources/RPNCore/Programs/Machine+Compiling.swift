/// Compiling definitions and top-level blocks into `Program`s, and checking their stack
/// effects before anything runs (as Factor's checker does): every instruction's effect is
/// known, so one pass over the structure finds unbalanced branches and loops, operands
/// missing even in code that never runs, and declared effects the body does not have.
///
/// One pass, one explicit stack of open constructs: no recursion on nesting depth.
extension Machine {
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
    }

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
        case .function: return token.builtin!.isBinary ? (2, 1) : (1, 1)
        case .store: return (1, 0)
        case .directive, .comment, .stackEffect, .invalid, .keyword: return (0, 0)
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
        default: (c + 1, 0)  // dropn
        }
    }

    /// Compiles `tokens` (a definition's body, or a whole block) from `buffer`.
    mutating func compile(_ tokens: [Token], for target: CompileTarget, _ buffer: UnsafeBufferPointer<UInt8>,
                          _ base: Int, span: Range<Int>) -> Compiled {
        var result = Compiled()
        var code: [Instruction] = []
        var open: [OpenConstruct] = []
        var scope: [LocalName] = []
        var localCount: Int32 = 0
        var broken = false
        var underflowReported = false
        // Depth relative to the start, and the lowest it went (-low entries were taken from
        // below the start: the inputs).
        var depth = 0, low = 0
        var available: Int?
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

        // Parameters: when the body names any declared input, all are popped into locals.
        if let declared, !declared.inputs.isEmpty {
            let names = Set(declared.inputs)
            result.parametersUsed = tokens.contains { token in
                token.kind == .variable && names.contains(text(token.range, buffer, base))
            }
        }

        func take(_ inputs: Int, _ outputs: Int, at range: Range<Int>, _ word: @autoclosure () -> String) {
            if let known = available, depth - inputs + known < 0 {
                let found = Swift.max(0, depth + known)
                report(.error, .missingOperand,
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

        if result.parametersUsed, let declared {
            let n = declared.inputs.count
            code.append(.bindParameters(count: Int32(n), at: span.lowerBound..<span.lowerBound))
            take(n, 0, at: span, "")
            for (i, name) in declared.inputs.enumerated() {
                let symbol = newLocalSymbol()
                result.parameterSymbols.append(symbol)
                scope.append(LocalName(name: name, local: Int32(i), symbol: symbol, isParameter: true))
            }
            localCount = Int32(n)
        }

        var index = 0
        var afterUnset = false
        var pendingLoop: Int?  // the open `for` waiting for its counter's name
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            let spelled = text(token.range, buffer, base)
            if let loop = pendingLoop {
                pendingLoop = nil
                guard token.kind == .variable else {
                    report(.error, .invalidDefinition,
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
            if afterUnset {
                afterUnset = false
                if token.kind == .variable {
                    code.append(.token(token))
                    result.hasSideEffects = true
                    continue
                }
            }
            switch token.kind {
            case .comment, .stackEffect:
                continue
            case .invalid:
                reportInvalid(token, buffer, base)
                broken = true
            case .keyword:
                let keyword = token.builtin!
                switch keyword {
                case .define:
                    report(.error, .nestedDefinition,
                           ownName != nil ? "a definition cannot be inside another: end '\(ownName!)' with ';' first"
                               : "a definition cannot be inside an if or a loop", token.range)
                    broken = true
                case .endDefinition:
                    report(.error, .unmatchedKeyword,
                           ownName == nil ? "';' ends a definition, but none is open" : "';' before the end of the "
                               + "\(open.last.map { Builtin[$0.keyword].glyph } ?? "construct") above it", token.range)
                    broken = true
                case .if:
                    take(1, 0, at: token.range, "if")
                    open.append(OpenConstruct(keyword: .if, token: token.range, pc: code.count, depth: depth, lowBefore: low))
                    low = depth
                    code.append(.branchIfZero(to: -1, reach: 0, at: token.range))
                case .else:
                    guard var construct = open.last, construct.keyword == .if, !construct.sawElse else {
                        report(.error, .unmatchedKeyword, "else without an if before it", token.range)
                        broken = true
                        continue
                    }
                    construct.sawElse = true
                    construct.thenDepth = depth
                    construct.thenLow = low
                    construct.elsePC = code.count
                    code.append(.skipElse(to: -1, at: token.range))
                    code[construct.pc] = .branchIfZero(to: Int32(code.count), reach: 0, at: construct.token)
                    open[open.count - 1] = construct
                    depth = construct.depth
                    low = depth
                case .then:
                    guard let construct = open.last, construct.keyword == .if else {
                        report(.error, .unmatchedKeyword, "then without an if before it", token.range)
                        broken = true
                        continue
                    }
                    open.removeLast()
                    let end = Int32(code.count)
                    code.append(.endIf(at: token.range))
                    let (thenDepth, thenLow) = construct.sawElse ? (construct.thenDepth, construct.thenLow) : (depth, low)
                    let (elseDepth, elseLow) = construct.sawElse ? (depth, low) : (construct.depth, construct.depth)
                    // What an undecided if keeps aside while its parts run: only what they reach.
                    let reach = Int32(construct.depth - Swift.min(thenLow, elseLow))
                    let elseStart = construct.sawElse ? Int32(construct.elsePC + 1) : end
                    code[construct.pc] = .branchIfZero(to: elseStart, reach: reach, at: construct.token)
                    if construct.sawElse {
                        code[construct.elsePC] = .skipElse(to: end, at: code[construct.elsePC].range)
                    }
                    if thenDepth != elseDepth {
                        let a = StackEffect(inputs: construct.depth - thenLow, outputs: thenDepth - thenLow)
                        let b = StackEffect(inputs: construct.depth - elseLow, outputs: elseDepth - elseLow)
                        report(.error, .unbalancedBranches,
                               construct.sawElse
                                   ? "the two parts of this if have different stack effects: \(a.description) before else, \(b.description) after it"
                                   : "this if without else must leave the stack as deep as it found it, but its part has the effect \(a.description)",
                               construct.token)
                        broken = true
                    }
                    depth = thenDepth
                    low = Swift.min(construct.lowBefore, thenLow, elseLow)
                case .for:
                    // The bounds: two, or three when the loop ends in `step` (patched there).
                    take(2, 0, at: token.range, "for")
                    let local = localCount
                    localCount += 3
                    open.append(OpenConstruct(keyword: .for, token: token.range, pc: code.count, depth: depth,
                                              lowBefore: low, local: local, scopeCount: scope.count))
                    low = depth
                    code.append(.forStart(local: local, hasStep: false, exit: -1, at: token.range))
                    pendingLoop = open.count - 1
                case .next, .step:
                    guard let construct = open.last, construct.keyword == .for else {
                        report(.error, .unmatchedKeyword, "\(spelled) without a for before it", token.range)
                        broken = true
                        continue
                    }
                    open.removeLast()
                    scope.removeLast(scope.count - construct.scopeCount)
                    if depth != construct.depth {
                        reportUnbalancedLoop(construct.token, start: construct.depth, end: depth, low: low)
                        broken = true
                    }
                    code.append(.forNext(local: construct.local, body: Int32(construct.pc + 1), at: token.range))
                    let hasStep = keyword == .step
                    code[construct.pc] = .forStart(local: construct.local, hasStep: hasStep, exit: Int32(code.count),
                                                   at: construct.token)
                    let bodyLow = low - construct.depth
                    depth = construct.depth
                    if hasStep {
                        // The step is a third operand of `for`.
                        depth -= 1
                        if let available, !underflowReported, depth + bodyLow + available < 0 {
                            report(.error, .missingOperand, "for … step needs 3 operands, found \(Swift.max(0, depth + 1 + available))",
                                   construct.token)
                            underflowReported = true
                            broken = true
                        }
                    }
                    low = Swift.min(construct.lowBefore, depth + bodyLow)
                case .begin:
                    open.append(OpenConstruct(keyword: .begin, token: token.range, pc: code.count, depth: depth, lowBefore: low))
                case .until:
                    guard let construct = open.last, construct.keyword == .begin else {
                        report(.error, .unmatchedKeyword, "until without a begin before it", token.range)
                        broken = true
                        continue
                    }
                    open.removeLast()
                    take(1, 0, at: token.range, "until")
                    if depth != construct.depth {
                        reportUnbalancedLoop(construct.token, start: construct.depth, end: depth, low: low, flag: true)
                        broken = true
                        depth = construct.depth
                    }
                    code.append(.until(body: Int32(construct.pc), at: token.range))
                default:
                    break
                }
            case .variable:
                let name = spelled
                if let local = scope.last(where: { $0.name == name }) {
                    symbols.append(SymbolOccurrence(range: token.range, kind: local.isParameter ? .parameterUse : .loopVariableUse,
                                                    symbol: local.symbol, word: wordIndex))
                    code.append(.local(local.local, at: token.range))
                    take(0, 1, at: token.range, name)
                } else if name == ownName {
                    result.isRecursive = true
                    symbols.append(SymbolOccurrence(range: token.range, kind: .wordUse, symbol: ownIndex, word: wordIndex))
                    guard let declared else {
                        report(.error, .recursionNeedsEffect,
                               "'\(name)' calls itself, so its stack effect must be declared: : \(name) ( a -- b ) … ;",
                               token.range)
                        broken = true
                        continue
                    }
                    code.append(.call(word: ownIndex, at: token.range))
                    take(declared.inputs.count, declared.outputs.count, at: token.range, name)
                } else if let callee = self.word(named: name) {
                    let definition = words[Int(callee)]
                    symbols.append(SymbolOccurrence(range: token.range, kind: .wordUse, symbol: callee, word: wordIndex))
                    code.append(.call(word: callee, at: token.range))
                    result.hasSideEffects = result.hasSideEffects || definition.hasSideEffects
                    result.dependencies |= definition.dependencies
                    if definition.effect == nil, definition.declaredEffect == nil { broken = true }  // reported there
                    take(definition.inputCount, definition.outputCount, at: token.range, name)
                } else {
                    let variable = variables.intern(name)
                    result.dependencies |= Self.bucket(variable)
                    code.append(.token(token))
                    take(0, 1, at: token.range, name)
                }
            case .store:
                let nameRange = token.storeNameRange(buffer, base)
                let name = text(nameRange, buffer, base)
                if scope.contains(where: { $0.name == name }) {
                    report(.error, .storeIntoWord,
                           "cannot store into '\(name)': it is a \(scope.last { $0.name == name }!.isParameter ? "parameter" : "loop counter"), which is read-only",
                           token.range)
                    broken = true
                    continue
                }
                code.append(.token(token))
                result.hasSideEffects = true
                take(1, 0, at: token.range, spelled)
            case .directive:
                code.append(.token(token))
                result.hasSideEffects = true
                if token.builtin == .unset { afterUnset = true }
            case .stackWord:
                let op = token.builtin!
                if let effect = Self.effect(of: token) {
                    if op == .depth || op == .lastx { result.hasSideEffects = true }
                    code.append(.token(token))
                    take(effect.inputs, effect.outputs, at: token.range, spelled)
                } else if op == .clear, ownName == nil, let availableNow = available {
                    code.append(.token(token))
                    result.hasSideEffects = true
                    take(depth + availableNow, 0, at: token.range, spelled)
                } else if op != .clear, case .token(let previous)? = code.last, previous.kind == .number,
                          let count = Self.literalCount(previous, buffer, base) {
                    code.append(.token(token))
                    let effect = Self.countedEffect(op, count)
                    // The count was taken as a push of its own: take it back first.
                    depth -= 1
                    take(effect.inputs - 1, effect.outputs, at: token.range, "\(count) \(spelled)")
                } else {
                    report(.error, .unknownStackEffect,
                           op == .clear
                               ? "clear has no fixed stack effect, so it cannot be in a definition"
                               : "\(spelled) needs a literal count right before it here (as in 2 \(spelled)), so that its stack effect is known",
                           token.range)
                    broken = true
                }
            case .number, .constant, .operator, .function:
                code.append(.token(token))
                let effect = Self.effect(of: token)!
                take(effect.inputs, effect.outputs, at: token.range, spelled)
            }
        }

        if pendingLoop != nil, let loop = open.last {
            report(.error, .invalidDefinition, "for needs the name of its counter after it, as in 1 10 for i … next", loop.token)
            broken = true
        }
        for construct in open.reversed() {
            let closer = construct.keyword == .if ? "then" : construct.keyword == .for ? "next (or step)" : "until"
            report(.error, .unmatchedKeyword, "\(Builtin[construct.keyword].glyph) has no \(closer) to end it",
                   construct.token)
            broken = true
        }

        result.inputs = -low
        result.outputs = depth - low
        if case .definition(let name, _, _, let declaredEffect, let effectRange, _) = target, let declaredEffect,
           !broken {
            let inferred = StackEffect(inputs: result.inputs, outputs: result.outputs, like: declaredEffect)
            if !inferred.hasSameShape(as: declaredEffect) {
                report(.error, .stackEffectMismatch,
                       "the stack effect of '\(name)' is declared \(declaredEffect.description), inferred \(inferred.description)",
                       effectRange ?? span)
                broken = true
            }
        }
        if !broken {
            let program = Program(code: code, localCount: Int(localCount),
                                  text: UnsafeBufferPointer(rebasing: buffer[(span.lowerBound - base)..<(span.upperBound - base)]),
                                  base: span.lowerBound)
            program.inputs = result.inputs
            program.outputs = result.outputs
            result.program = program
        }
        return result
    }

    private mutating func reportUnbalancedLoop(_ range: Range<Int>, start: Int, end: Int, low: Int, flag: Bool = false) {
        let difference = end - start
        let body = StackEffect(inputs: start - low, outputs: end - low + (flag ? 1 : 0))
        let more = difference > 0 ? "\(difference) more" : "\(-difference) fewer"
        report(.error, .unbalancedLoop,
               "the body of this loop must leave the stack as deep as it found it\(flag ? " (after until takes its flag)" : ""), "
                   + "but it leaves \(more) entr\(Swift.abs(difference) == 1 ? "y" : "ies") each time: \(body.description)",
               range)
    }

    /// The whole number a number token is, when it is a small literal count.
    static func literalCount(_ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) -> Int? {
        let value = token.number
        guard value >= 0, value < 1_048_576, value == value.rounded(.towardZero) else { return nil }
        return Int(value)
    }

    mutating func newLocalSymbol() -> Int32 {
        nextLocalSymbol += 1
        return SymbolOccurrence.localSymbolBase + nextLocalSymbol
    }

    /// The definition a name calls now (the latest of that name), if any.
    func word(named name: String) -> Int32? {
        guard let index = variables.index(of: name), Int(index) < wordOfVariable.count else { return nil }
        let word = wordOfVariable[Int(index)]
        return word >= 0 ? word : nil
    }
}

extension Instruction {
    /// The source range of an instruction that has one.
    var range: Range<Int> {
        switch self {
        case .token(let token): token.range
        case .call(_, let at), .local(_, let at), .bindParameters(_, let at), .branchIfZero(_, _, let at),
             .skipElse(_, let at), .endIf(let at), .forStart(_, _, _, let at), .forNext(_, _, let at), .until(_, let at): at
        }
    }
}

extension Token {
    /// The name after the arrow of a store token.
    func storeNameRange(_ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) -> Range<Int> {
        let first = buffer[range.lowerBound - base]
        return (range.lowerBound + (first == UInt8(ascii: "-") ? 2 : 3))..<range.upperBound
    }
}
