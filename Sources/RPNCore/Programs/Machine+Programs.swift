/// The top level of programs: definitions are gathered and installed, blocks gathered and
/// run once, calls of words made from the top level.
extension Machine {
    /// A keyword at the top level: `:` starts a definition, `if`/`for`/`begin` a block; the
    /// others close something that is not open.
    @inline(never)
    mutating func topLevelKeyword(_ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
        switch token.builtin! {
        case .define: collector = Collector(kind: .definition, opener: token)
        case .if, .for, .begin: collector = Collector(kind: .block, opener: token)
        default:
            let word = text(token.range, buffer, base)
            let opener = switch token.builtin! {
            case .endDefinition: ":"
            case .else, .then: "if"
            case .until: "begin"
            default: "for"
            }
            report(.error, .unmatchedKeyword,
                   token.builtin == .endDefinition ? "';' ends a definition, but none is open"
                       : "\(word) without \(opener == "if" ? "an" : "a") \(opener) before it", token.range)
        }
    }

    /// A token while a definition or block is being gathered.
    @inline(never)
    mutating func collect(_ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
        guard collector!.take(token) else { return }
        let gathered = collector!
        collector = nil
        switch gathered.kind {
        case .definition: define(gathered, buffer, base)
        case .block: runBlock(gathered, buffer, base)
        }
    }

    /// The end of a source with a definition or block still open.
    @inline(never)
    mutating func abandonCollection() {
        guard let gathered = collector else { return }
        collector = nil
        let opener = gathered.opener
        let message = switch opener.builtin! {
        case .define: "':' has no ';' to end its definition"
        case .if: "if has no then to end it"
        case .for: "for has no next (or step) to end it"
        default: "begin has no until to end it"
        }
        report(.error, .unmatchedKeyword, message, opener.range)
    }

    // MARK: - Definitions

    private mutating func define(_ gathered: Collector, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
        var tokens = gathered.tokens
        let end = tokens.removeLast().range.upperBound  // ";"
        let whole = gathered.opener.range.lowerBound..<end
        var rest = tokens[...]
        while let first = rest.first, first.kind == .comment { rest.removeFirst() }
        guard let nameToken = rest.first else {
            report(.error, .invalidDefinition, "':' needs a name after it, as in : sq dup × ;", gathered.opener.range)
            return
        }
        rest.removeFirst()
        let name = text(nameToken.range, buffer, base)
        guard nameToken.kind == .variable else {
            let message = if let builtin = nameToken.builtin, nameToken.kind != .number {
                "cannot define '\(name)': it is the built-in \(Builtin[builtin].kind.noun) \(Builtin[builtin].spellings.last!)"
            } else {
                "a word's name follows the rules of variable names (a letter, then letters, digits or _): "
                    + "\(TerminalText.quoted(name)) is not one"
            }
            report(.error, .invalidDefinition, message, nameToken.range)
            return
        }
        var declared: StackEffect?
        var effectRange: Range<Int>?
        while let first = rest.first, first.kind == .comment { rest.removeFirst() }
        if let first = rest.first, first.kind == .stackEffect {
            rest.removeFirst()
            effectRange = first.range
            switch StackEffect.parse(Substring(text(first.range, buffer, base))) {
            case .success(let effect):
                declared = effect
                var seen: Set<String> = []
                for input in effect.inputs where !RPN.isVariableName(input) || !seen.insert(input).inserted {
                    report(.error, .invalidDefinition,
                           seen.contains(input) && RPN.isVariableName(input)
                               ? "the parameter '\(input)' is named twice"
                               : "a parameter's name follows the rules of variable names: \(TerminalText.quoted(input)) is not one",
                           first.range)
                    declared = nil
                    break
                }
            case .failure(let message):
                report(.error, .invalidDefinition, message.text, first.range)
            }
        }
        let nameIndex = variables.intern(name)
        let index = Int32(words.count)
        if word(named: name) != nil {
            report(.warning, .redefinedWord,
                   "'\(name)' is defined again; uses from here on call this definition", nameToken.range)
        }
        symbols.append(SymbolOccurrence(range: nameToken.range, kind: .wordDefinition, symbol: index, word: index))
        let symbolsBefore = symbols.count
        let compiled = compile(Array(rest), for: .definition(name: name, nameIndex: nameIndex, nameRange: nameToken.range,
                                                              declared: declared, effectRange: effectRange, index: index),
                               buffer, base, span: whole)
        if compiled.parametersUsed, let declared {
            // The declarations of the parameters, as symbols of the same locals their uses name.
            var declarations: [SymbolOccurrence] = []
            if let effectRange {
                let effectText = Array(text(effectRange, buffer, base).utf8)
                var offset = 1
                for (i, input) in declared.inputs.enumerated() {
                    let bytes = Array(input.utf8)
                    while offset + bytes.count <= effectText.count,
                          !(Array(effectText[offset..<(offset + bytes.count)]) == bytes
                            && (offset + bytes.count == effectText.count || effectText[offset + bytes.count] == 0x20
                                || effectText[offset + bytes.count] == 0x09)) {
                        offset += 1
                    }
                    let start = effectRange.lowerBound + offset
                    let symbol = compiled.parameterSymbols[i]
                    declarations.append(SymbolOccurrence(range: start..<(start + bytes.count), kind: .parameterDeclaration,
                                                         symbol: symbol, word: index))
                    offset += bytes.count
                }
            }
            symbols.insert(contentsOf: declarations, at: symbolsBefore)
        }
        let effect = compiled.program == nil ? nil
            : StackEffect(inputs: compiled.inputs, outputs: compiled.outputs, like: declared)
        let definition = WordDefinition(
            name: name, nameRange: nameToken.range, range: whole, declaredEffect: declared, effect: effect,
            parameters: compiled.parametersUsed ? declared?.inputs ?? [] : [],
            isFunction: effect?.outputs.count == 1 && !compiled.hasSideEffects,
            isRecursive: compiled.isRecursive, hasSideEffects: compiled.hasSideEffects,
            dependencies: compiled.dependencies, program: compiled.program ?? Program.empty)
        words.append(definition)
        wordPrograms.append(definition.program)
        setWordName(nameIndex, index)
    }

    // MARK: - Running from the top level

    /// Runs a block gathered at the top level (`0 1 10 for i i + next`) once.
    private mutating func runBlock(_ gathered: Collector, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
        let whole = gathered.opener.range.lowerBound..<gathered.tokens.last!.range.upperBound
        let compiled = compile([gathered.opener] + gathered.tokens, for: .block(available: stack.count), buffer, base,
                               span: whole)
        // A block with errors does not run: the stack stays as it was (its errors were reported).
        guard let program = compiled.program else { return }
        interpret(program, inputs: compiled.inputs, outputs: compiled.outputs)
    }

    /// A call of a word from the top level.
    @inline(never)
    mutating func callFromTopLevel(_ word: Int32, _ token: Token) {
        symbols.append(SymbolOccurrence(range: token.range, kind: .wordUse, symbol: word, word: -1))
        let definition = words[Int(word)]
        if call(word, at: token.range) { return }  // made a call node, or reported
        let entry = Program.calling(word, at: token.range)
        interpret(entry, inputs: definition.inputCount, outputs: definition.outputCount)
    }

    /// Leaves the stack as a block or word with this effect would have: after an error that
    /// stopped it, its outputs have no value (quietly: the error was reported).
    mutating func settle(inputs: Int, outputs: Int, from depthBefore: Int, at range: Range<Int>) {
        let kept = Swift.max(0, depthBefore - inputs)
        if stack.count > kept {
            willModify(from: kept)
            stack.removeLast(stack.count - kept)
        }
        while stack.count < kept + outputs { pushNone(at: range) }
    }

    mutating func pushNone(at range: Range<Int>) {
        if options.keepTrees {
            nodes.append(Node(kind: .missing, token: range.lowerBound..<range.lowerBound))
            stack.append(StackSlot.box(Int32(nodes.count - 1)))
        } else {
            stack.append(.nan)
        }
    }
}

extension Program {
    /// The program of a word with errors: calls leave its outputs without value.
    static let empty: Program = {
        let program = Program(code: [], localCount: 0, text: UnsafeBufferPointer(start: nil, count: 0), base: 0)
        program.isBroken = true
        return program
    }()

    /// A one-instruction program calling `word`: how the top level enters the interpreter.
    static func calling(_ word: Int32, at range: Range<Int>) -> Program {
        Program(code: [.call(word: word, at: range)], localCount: 0, text: UnsafeBufferPointer(start: nil, count: 0),
                base: range.lowerBound)
    }
}
