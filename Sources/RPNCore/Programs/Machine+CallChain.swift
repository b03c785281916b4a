extension Machine {
    /// The calls the run is inside, innermost first: for a problem found in a word's body,
    /// where that word was called, where the word that called it was called, and so on up to
    /// the top level. An error is reported once, at its first call (`DiagnosticLog`): the
    /// chain says which call that was. A deep recursion's chain is cut in the middle: its
    /// innermost and outermost calls, and how many between are not shown.
    func callChain() -> [Diagnostic.Related] {
        var chain: [Diagnostic.Related] = []
        let shown = Self.callChainEnds
        var index = run.frames.count
        while index > 0 {
            index -= 1
            if chain.count == shown, index >= shown {  // skip to the outermost calls
                let skipped = index - shown + 1
                index = shown - 1
                chain.append(Diagnostic.Related("… \(skipped) more call\(skipped == 1 ? "" : "s") not shown",
                                                range: chain[chain.count - 1].range))
            }
            let frame = run.frames[index]
            // A frame is pushed by a call, its return address just after the call.
            let call = frame.returnIP - 1
            let instruction = call.pointee
            guard instruction.opcode == .call || instruction.opcode == .topCall, instruction.a < words.count else { continue }
            chain.append(Self.calledHere(words[instruction.a].name, at: frame.header.pointee.token(at: call).range))
        }
        return chain
    }

    /// For a problem found after the run, in a tree made in a word's body (a read of a
    /// variable still unset at the end): the frames are gone, so the chain is the program's
    /// first call of that word, the first call of the word that call is in, and so on, as the
    /// text has them. Empty outside words, and in a machine that reports to its caller.
    func firstCallChain(of range: Range<Int>) -> [Diagnostic.Related] {
        guard !reportsToCaller, run.frames.count == 0,
              var word = words.lastIndex(where: { $0.range.contains(range.lowerBound) }) else { return [] }
        var chain: [Diagnostic.Related] = []
        var seen: Set<Int> = []
        while seen.insert(word).inserted, chain.count < 2 * Self.callChainEnds {
            guard let call = compiler.symbols.first(where: { $0.kind == .wordUse && Int($0.symbol) == word && Int($0.word) != word })
            else { break }
            chain.append(Self.calledHere(words[word].name, at: call.range))
            guard call.word >= 0 else { break }
            word = Int(call.word)
        }
        return chain
    }

    /// How many of the innermost calls of a chain are shown, and as many of the outermost.
    static let callChainEnds = 4

    /// The note of one call of a chain.
    static func calledHere(_ name: String, at range: Range<Int>) -> Diagnostic.Related {
        Diagnostic.Related("in \(name), called here", range: range)
    }
}
