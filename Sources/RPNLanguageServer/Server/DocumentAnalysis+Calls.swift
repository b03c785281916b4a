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
        var sweep = CallSweep(self)
        return sweep.callee(index)
    }

    /// The definition a token calls, if it is a call of a word of one's own.
    func calledWord(_ index: Int) -> Int? {
        var sweep = CallSweep(self)
        return sweep.calledWord(index)
    }

    /// The effect of a token as a step of straight-line code (see `CallSweep.stepEffect`).
    func stepEffect(ofToken index: Int) -> CallOperands.StepEffect? {
        var sweep = CallSweep(self)
        return sweep.stepEffect(index)
    }

    /// How many tokens after the cursor signature help looks for the call its value goes to:
    /// hundreds of lines, far more than a call being written is from its operands.
    static let callReach = 8192

    /// The operands of the call at `index` (see `CallOperands.operands`).
    func operands(ofCall index: Int, inputs: Int) -> [Swift.Range<Int>?] {
        var sweep = CallSweep(self)
        return CallOperands.operands(ofCallAt: index, inputs: inputs) { sweep.stepEffect($0) }
    }

    /// The call at a byte offset, and which of its inputs: the word under the cursor or just
    /// before it when it calls something (its last input, which the operand before it fills),
    /// else the nearest call after the cursor that an operand under or before the cursor
    /// fills (`3 4| hyp`: b), within `callReach` tokens after it (the operands themselves
    /// may begin any way before). Nil in a comment, and where nothing is called. A value no
    /// call takes is looked for up to the reach, the end of the document or the next keyword:
    /// a keystroke in a long document of plain expressions (whose values no call takes) would
    /// otherwise read on to its end; every 1,024 tokens `checkpoint` may stop the search (a
    /// request's: a newer version or a cancellation).
    func call(at offset: Int, checkpoint: () throws(ResponseError) -> Void = {}) throws(ResponseError)
        -> (token: Int, callee: Callee, input: Int)? {
        var index = tokenIndex(at: offset) ?? (firstToken(endingAfter: offset) - 1)
        if index >= 0, tokens[index].kind == .comment, tokens[index].range.lowerBound < offset { return nil }
        while index >= 0, tokens[index].kind == .comment { index -= 1 }
        guard index >= 0 else { return nil }
        var sweep = CallSweep(self)
        if let callee = sweep.callee(index) { return (index, callee, callee.effect.inputs.count - 1) }
        // The operands of the calls after it, read on from it in one pass.
        var stack = CallOperands.Stack(from: index)
        stack.take(sweep.stepEffect(index), at: index)
        for next in (index + 1)..<Swift.min(tokens.count, index + 1 + Self.callReach) {
            if next & 1023 == 0 { try checkpoint() }
            if let callee = sweep.callee(next) {
                let inputs = callee.effect.inputs.count
                let operands = stack.operands(ofCallAt: next, inputs: inputs) { stepEffect(ofToken: $0) }
                if let input = operands.firstIndex(where: { $0.tokensRead?.contains(index) == true }) {
                    // An operand that begins before the token: whether it can be read is told
                    // further back. If it cannot, neither can any later operand that holds
                    // the token (it would go on with this one's entry).
                    if operands[input].beginsEarlier,
                       self.operands(ofCall: next, inputs: inputs)[input]?.contains(index) != true { return nil }
                    return (next, callee, input)
                }
            }
            // No operand after a token of unknown effect (a keyword) reaches back past it.
            guard let step = sweep.stepEffect(next) else { return nil }
            stack.take(step, at: next)
        }
        return nil
    }

    /// What tokens call and their effects as steps, for tokens asked about mostly in order (a
    /// pass over the tokens): the occurrence and the region at a token are found by moving on
    /// from the previous token's, not by a search per token.
    struct CallSweep {
        let analysis: DocumentAnalysis
        private let symbols: [SymbolOccurrence]
        private let regions: [ProgramRegion]
        /// The first occurrence and the first region that end after the token last asked about.
        private var symbol = 0, region = 0
        /// The token last asked about (`Int.max`: none; searching starts afresh).
        private var last = Int.max

        init(_ analysis: DocumentAnalysis) {
            self.analysis = analysis
            symbols = analysis.symbols
            regions = analysis.regions
        }

        /// The occurrence of a word, parameter or loop counter that is the token at `index`
        /// (nil: none), and whether the token names a definition being typed (which has no
        /// occurrence yet).
        private mutating func place(_ index: Int) -> (symbol: SymbolOccurrence?, namesDefinition: Bool) {
            let range = analysis.tokens[index].range
            if index < last {
                symbol = analysis.firstSymbol(endingAfter: range.lowerBound)
                region = analysis.firstRegion(endingAfter: index)
            }
            last = index
            while symbol < symbols.count, symbols[symbol].range.upperBound <= range.lowerBound { symbol += 1 }
            while region < regions.count, regions[region].tokens.upperBound <= index { region += 1 }
            let occurrence = symbol < symbols.count && symbols[symbol].range == range ? symbols[symbol] : nil
            return (occurrence, region < regions.count && regions[region].nameToken == index)
        }

        /// The definition the token at `index` calls, if it is a call of a word of one's own.
        mutating func calledWord(_ index: Int) -> Int? {
            guard !symbols.isEmpty, let occurrence = place(index).symbol, occurrence.kind == .wordUse else { return nil }
            return Int(occurrence.symbol)
        }

        /// What the token at `index` calls, if it calls something with inputs.
        mutating func callee(_ index: Int) -> Callee? {
            let token = analysis.tokens[index]
            if let id = token.builtin {
                guard let effect = Builtin[id].effect, !effect.inputs.isEmpty else { return nil }
                return Callee(name: analysis.text(of: token), effect: effect, word: nil, builtin: id)
            }
            guard let word = calledWord(index), let effect = analysis.effect(ofWord: word), !effect.inputs.isEmpty
            else { return nil }
            return Callee(name: analysis.text(of: token), effect: effect, word: word, builtin: nil)
        }

        /// The effect of the token at `index` as a step of straight-line code (see
        /// `CallOperands.stepEffect`): a call of a word of one's own takes and leaves what its
        /// definition says; a parameter or a loop counter is one value; a name being declared
        /// (a definition's, a loop's counter) is where reading stops.
        mutating func stepEffect(_ index: Int) -> CallOperands.StepEffect? {
            let token = analysis.tokens[index]
            guard token.kind == .variable, !symbols.isEmpty || !regions.isEmpty else { return CallOperands.stepEffect(of: token) }
            let place = place(index)
            if let symbol = place.symbol {
                switch symbol.kind {
                case .wordUse:
                    // A word whose effect varies (issue 19) leaves what only the run knows: reading stops.
                    return analysis.effect(ofWord: Int(symbol.symbol)).flatMap { $0.varies ? nil : ($0.inputs.count, $0.outputs.count) }
                case .parameterUse, .loopVariableUse:
                    return (0, 1)
                case .wordDefinition, .parameterDeclaration, .loopVariableDeclaration:
                    return nil
                }
            }
            return place.namesDefinition ? nil : CallOperands.stepEffect(of: token)
        }
    }
}
