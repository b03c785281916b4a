import RPNCore

/// Lookups in an analysis by place: the definitions and top-level blocks (the core's
/// `ProgramRegion`s, whose tokens do not run where they stand, so the stack after one of them
/// means nothing to hover or inlay hints), and the occurrences of words and locals.
extension DocumentAnalysis {
    /// The region holding a byte offset, its ends included (a cursor right after `;`).
    func region(around offset: Int) -> ProgramRegion? {
        var low = 0, high = regions.count
        while low < high {
            let mid = (low + high) / 2
            if regions[mid].bytes.upperBound < offset { low = mid + 1 } else { high = mid }
        }
        guard low < regions.count, regions[low].bytes.lowerBound <= offset else { return nil }
        return regions[low]
    }

    /// The region holding a token.
    func region(ofToken index: Int) -> ProgramRegion? {
        let low = firstRegion(endingAfter: index)
        guard low < regions.count, regions[low].tokens.contains(index) else { return nil }
        return regions[low]
    }

    /// Index in `regions` of the first region that ends after token `index`.
    func firstRegion(endingAfter index: Int) -> Int {
        regions.partitioningIndex { $0.tokens.upperBound <= index }
    }

    /// Index in `symbols` of the first occurrence that ends after `offset`.
    func firstSymbol(endingAfter offset: Int) -> Int {
        symbols.partitioningIndex { $0.range.upperBound <= offset }
    }

    /// The occurrence of a word, parameter or loop counter at a byte offset: under it, or
    /// ending there (a cursor right after a name).
    func symbol(at offset: Int) -> SymbolOccurrence? {
        guard !symbols.isEmpty else { return nil }
        let index = firstSymbol(endingAfter: offset)
        if index < symbols.count, symbols[index].range.contains(offset) { return symbols[index] }
        if index > 0, symbols[index - 1].range.upperBound == offset { return symbols[index - 1] }
        return nil
    }

    /// The occurrence of a word, parameter or loop counter under a byte offset.
    func symbol(containing offset: Int) -> SymbolOccurrence? {
        guard !symbols.isEmpty else { return nil }
        let index = firstSymbol(endingAfter: offset)
        return index < symbols.count && symbols[index].range.contains(offset) ? symbols[index] : nil
    }

    /// The occurrences in a byte range, in order.
    func symbols(in range: Swift.Range<Int>) -> ArraySlice<SymbolOccurrence> {
        let first = firstSymbol(endingAfter: range.lowerBound)
        var end = first
        while end < symbols.count, symbols[end].range.lowerBound < range.upperBound { end += 1 }
        return symbols[first..<end]
    }

    /// Whether a token names a word, parameter or loop counter (so is no variable): a symbol
    /// starts there, or it is the name of a definition being typed.
    func namesProgramSymbol(_ tokenIndex: Int) -> Bool {
        namesProgramSymbol(tokenIndex, symbolFrom: firstSymbol(endingAfter: tokens[tokenIndex].range.lowerBound))
    }

    /// `namesProgramSymbol`, given the index of the first symbol that ends after the token's
    /// start (a search, or a sweep's place).
    fileprivate func namesProgramSymbol(_ tokenIndex: Int, symbolFrom index: Int) -> Bool {
        guard !regions.isEmpty || !symbols.isEmpty else { return false }
        if index < symbols.count, symbols[index].range.lowerBound == tokens[tokenIndex].range.lowerBound { return true }
        return region(ofToken: tokenIndex)?.nameToken == tokenIndex
    }

    /// `namesProgramSymbol` for tokens asked about in order (the lints' pass): one sweep of the
    /// symbols instead of a search per token, which a document of programs has one of per name.
    struct ProgramSymbolSweep {
        private let analysis: DocumentAnalysis
        private let symbols: [SymbolOccurrence]
        private var next = 0

        init(_ analysis: DocumentAnalysis) {
            self.analysis = analysis
            symbols = analysis.symbols
        }

        mutating func names(_ tokenIndex: Int, _ token: Token) -> Bool {
            while next < symbols.count, symbols[next].range.upperBound <= token.range.lowerBound { next += 1 }
            return analysis.namesProgramSymbol(tokenIndex, symbolFrom: next)
        }
    }

    /// The text of an occurrence.
    func name(of occurrence: SymbolOccurrence) -> String { source.text(of: occurrence.range) }

    /// The effect to show for a word: the inferred one (named after the declaration), else the
    /// declared one (a body with errors has no inferred effect).
    func effect(ofWord index: Int) -> StackEffect? {
        words[index].effect ?? words[index].declaredEffect
    }
}
