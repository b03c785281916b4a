/// Definitions at the top level: `: NAME ( effect ) BODY ;` gathered, compiled and installed.
extension Compiler {
    mutating func define(_ gathered: Gathering, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int,
                         variables: inout Variables, log: inout DiagnosticLog) {
        var tokens = gathered.tokens
        let end = tokens.removeLast().range.upperBound  // ";"
        let whole = gathered.opener.range.lowerBound..<end
        var rest = tokens[...]
        while let first = rest.first, first.kind == .comment { rest.removeFirst() }
        guard let nameToken = rest.first else {
            log.report(.error, .invalidDefinition, "':' needs a name after it, as in : sq dup × ;", gathered.opener.range)
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
            log.report(.error, .invalidDefinition, message, nameToken.range)
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
                    log.report(.error, .invalidDefinition,
                           seen.contains(input) && RPN.isVariableName(input)
                               ? "the parameter '\(input)' is named twice" : Self.parameterNameProblem(input),
                           first.range)
                    declared = nil
                    break
                }
            case .failure(let message):
                log.report(.error, .invalidDefinition, message.text, first.range)
            }
        }
        let nameIndex = variables.intern(name)
        let index = Int32(words.count)
        if word(named: name, in: variables) != nil {
            log.report(.warning, .redefinedWord,
                   "'\(name)' is defined again; uses from here on call this definition", nameToken.range)
        }
        symbols.append(SymbolOccurrence(range: nameToken.range, kind: .wordDefinition, symbol: index, word: index))
        let symbolsBefore = symbols.count
        let compiled = compileBody(Array(rest), for: .definition(name: name, nameIndex: nameIndex, nameRange: nameToken.range,
                                                                  declared: declared, effectRange: effectRange, index: index),
                                   buffer, base, span: whole, copyingText: true, variables: &variables, log: &log)
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
            : compiled.varies ? StackEffect.varying
            : StackEffect(inputs: compiled.inputs, outputs: compiled.outputs, like: declared)
        let definition = WordDefinition(
            name: name, nameRange: nameToken.range, range: whole, declaredEffect: declared, effect: effect,
            parameters: compiled.parametersUsed ? declared?.inputs ?? [] : [],
            isFunction: effect?.outputs.count == 1 && !compiled.hasSideEffects,
            isRecursive: compiled.isRecursive, hasSideEffects: compiled.hasSideEffects,
            dependencies: compiled.dependencies,
            program: compiled.program ?? Program.broken(inputs: declared?.inputs.count ?? 0, outputs: declared?.outputs.count ?? 0))
        install(definition, name: nameIndex)
    }

}
