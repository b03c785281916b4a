import RPNCore

/// A definition (`: NAME … ;`) or a top-level block (`if … then`, `for … next`, `begin …
/// until`) of a document: the tokens the machine gathers before it compiles them. Their
/// tokens do not run where they stand (a definition's run when it is called, a block's when
/// it is complete), so the stack after one of them means nothing to hover or inlay hints.
struct ProgramRegion: Equatable {
    enum Kind: Equatable { case definition, block }

    var kind: Kind
    /// Token indices, from the `:` or opening keyword to the `;` or closing keyword.
    var tokens: Swift.Range<Int>
    /// Bytes from the start of the first token to the end of the last.
    var bytes: Swift.Range<Int>
    /// Whether the `;` or closing keyword came (else the region runs to the end of the text).
    var isComplete: Bool
    /// A definition's name token, the first after `:` that is no comment (nil: none yet).
    var nameToken: Int?
}

/// Follows the machine's gathering of definitions and blocks token by token, by the rules of
/// the core's `Collector`: `:` gathers until `;`; `if`, `for`, `begin` at the top level gather
/// until their closer brings the nesting back to zero.
struct RegionTracker {
    /// The regions so far; the last one is incomplete while `isCollecting`.
    private(set) var regions: [ProgramRegion] = []
    private var open = 0
    private(set) var isCollecting = false

    /// Takes a token that is a keyword or in a region; returns the top of the stack to keep for
    /// it: -1 inside a region; at its end the top level's (a block's result; what was there
    /// before a definition, which changes no stack).
    mutating func take(_ token: Token, at index: Int, top: Int32) -> Int32 {
        guard isCollecting else {
            switch token.builtin {
            case .define: start(.definition, token, index, open: 0)
            case .if, .for, .begin: start(.block, token, index, open: 1)
            default: return top  // a closer with nothing open: an error, nothing gathered
            }
            return -1
        }
        let last = regions.count - 1
        regions[last].tokens = regions[last].tokens.lowerBound..<(index + 1)
        regions[last].bytes = regions[last].bytes.lowerBound..<token.range.upperBound
        if regions[last].kind == .definition, regions[last].nameToken == nil, token.kind != .comment {
            regions[last].nameToken = index
        }
        var complete = false
        if token.kind == .keyword, let word = token.builtin {
            switch word {
            case .endDefinition: complete = regions[last].kind == .definition
            case .if, .for, .begin: open += 1
            case .then, .next, .step, .until:
                open -= 1
                complete = regions[last].kind == .block && open == 0
            default: break
            }
        }
        guard complete else { return -1 }
        regions[last].isComplete = true
        isCollecting = false
        return top
    }

    private mutating func start(_ kind: ProgramRegion.Kind, _ token: Token, _ index: Int, open: Int) {
        regions.append(ProgramRegion(kind: kind, tokens: index..<(index + 1), bytes: token.range, isComplete: false))
        self.open = open
        isCollecting = true
    }
}

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
        var low = 0, high = regions.count
        while low < high {
            let mid = (low + high) / 2
            if regions[mid].tokens.upperBound <= index { low = mid + 1 } else { high = mid }
        }
        guard low < regions.count, regions[low].tokens.contains(index) else { return nil }
        return regions[low]
    }

    /// Index in `symbols` of the first occurrence that ends after `offset`.
    private func firstSymbol(endingAfter offset: Int) -> Int {
        var low = 0, high = symbols.count
        while low < high {
            let mid = (low + high) / 2
            if symbols[mid].range.upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        return low
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
        guard !regions.isEmpty || !symbols.isEmpty else { return false }
        let range = tokens[tokenIndex].range
        let index = firstSymbol(endingAfter: range.lowerBound)
        if index < symbols.count, symbols[index].range.lowerBound == range.lowerBound { return true }
        return region(ofToken: tokenIndex)?.nameToken == tokenIndex
    }

    /// The text of an occurrence.
    func name(of occurrence: SymbolOccurrence) -> String { source.text(of: occurrence.range) }

    /// The effect to show for a word: the inferred one (named after the declaration), else the
    /// declared one (a body with errors has no inferred effect).
    func effect(ofWord index: Int) -> StackEffect? {
        words[index].effect ?? words[index].declaredEffect
    }
}
