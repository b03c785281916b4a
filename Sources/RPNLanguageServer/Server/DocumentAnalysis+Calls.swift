import RPNCore

/// Calls in an analysis: what a token calls, and which tokens fill its inputs (the core's
/// `CallOperands`, with the effects of the document's own words), for signature help and
/// parameter-name hints. Read from the tokens, so a call inside a definition, whose tokens do
/// not run where they stand, is one too.
extension DocumentAnalysis {
    /// A word called with inputs: a built-in word whose table effect has some, or a word of
    /// one's own whose effect does.
    struct Callee {
        /// As written at the call (`√`, `sqrt`, `hyp`).
        var name: String
        var effect: StackEffect
        /// The definition of a word of one's own (nil: a built-in word).
        var word: Int?
        var builtin: BuiltinID?
    }

    /// What the token at `index` calls, if it calls something with inputs.
    func callee(ofToken index: Int) -> Callee? {
        let token = tokens[index]
        if let id = token.builtin {
            guard let effect = Builtin[id].effect, !effect.inputs.isEmpty else { return nil }
            return Callee(name: text(of: token), effect: effect, word: nil, builtin: id)
        }
        guard let word = calledWord(index), let effect = effect(ofWord: word), !effect.inputs.isEmpty else { return nil }
        return Callee(name: text(of: token), effect: effect, word: word, builtin: nil)
    }

    /// The definition a token calls, if it is a call of a word of one's own.
    func calledWord(_ index: Int) -> Int? {
        let range = tokens[index].range
        guard let symbol = symbol(containing: range.lowerBound), symbol.range == range, symbol.kind == .wordUse else { return nil }
        return Int(symbol.symbol)
    }

    /// The effect of a token as a step of straight-line code (see `CallOperands.stepEffect`):
    /// a call of a word of one's own takes and leaves what its definition says; a parameter or
    /// a loop counter is one value; a name being declared (a definition's, a loop's counter)
    /// is where reading stops.
    func stepEffect(ofToken index: Int) -> CallOperands.StepEffect? {
        let token = tokens[index]
        if token.kind == .variable, !symbols.isEmpty || !regions.isEmpty {
            if let symbol = symbol(containing: token.range.lowerBound), symbol.range == token.range {
                switch symbol.kind {
                case .wordUse:
                    return effect(ofWord: Int(symbol.symbol)).map { ($0.inputs.count, $0.outputs.count) }
                case .parameterUse, .loopVariableUse:
                    return (0, 1)
                case .wordDefinition, .parameterDeclaration, .loopVariableDeclaration:
                    return nil
                }
            }
            if region(ofToken: index)?.nameToken == index { return nil }  // a definition being typed
        }
        return CallOperands.stepEffect(of: token)
    }

    /// The operands of the call at `index` (see `CallOperands.operands`).
    func operands(ofCall index: Int, inputs: Int) -> [Swift.Range<Int>?] {
        CallOperands.operands(ofCallAt: index, inputs: inputs) { stepEffect(ofToken: $0) }
    }

    /// The call at a byte offset, and which of its inputs: the word under the cursor or just
    /// before it when it calls something (its last input, which the operand before it fills),
    /// else the nearest call after the cursor that an operand under or before the cursor
    /// fills (`3 4| hyp`: b). Nil in a comment, and where nothing is called.
    func call(at offset: Int) -> (token: Int, callee: Callee, input: Int)? {
        var index = tokenIndex(at: offset) ?? (firstToken(endingAfter: offset) - 1)
        if index >= 0, tokens[index].kind == .comment, tokens[index].range.lowerBound < offset { return nil }
        while index >= 0, tokens[index].kind == .comment { index -= 1 }
        guard index >= 0 else { return nil }
        if let callee = callee(ofToken: index) { return (index, callee, callee.effect.inputs.count - 1) }
        // Operands lie at most `maxTokens` before their call (see `CallOperands`).
        var next = index + 1
        while next < tokens.count, next - index <= CallOperands.defaultReach {
            if let callee = callee(ofToken: next),
               let input = operands(ofCall: next, inputs: callee.effect.inputs.count).firstIndex(where: { $0?.contains(index) == true }) {
                return (next, callee, input)
            }
            if tokens[next].kind == .keyword { return nil }  // an operand never reaches past one
            next += 1
        }
        return nil
    }
}
