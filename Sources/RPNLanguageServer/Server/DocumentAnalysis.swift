import RPNCore
import RPNJSON

/// What the server knows about one version of a document: every token, the expression each
/// token completes (the node on top of the stack after it), the diagnostics, and the machine
/// to evaluate and describe nodes with the document's final variables.
final class DocumentAnalysis {
    let source: SourceFile
    private(set) var tokens: TokenList
    /// The node on top of the stack after each token (-1: empty stack).
    private(set) var tops: [Int32]
    let diagnostics: [Diagnostic]
    private var machine: Machine
    /// The definitions and top-level blocks, in source order (see `ProgramRegion`); empty for
    /// a document without keywords, which costs nothing more to analyse.
    let regions: [ProgramRegion]
    /// Every occurrence of a user word, parameter or loop counter, in source order.
    let symbols: [SymbolOccurrence]
    /// Where this analysis went on from the previous version's (nil: it ran the whole text).
    let resumedFrom: Int?
    /// The token from which it took over the rest of the previous version's (nil: none).
    let tookOverFrom: Int?
    /// The files the document includes, after it in one address space (nil: none are read).
    let includes: DocumentIncludes?

    /// Analyses `source`. Given the analysis of the previous version (`previous`), it goes on
    /// from that analysis' last checkpoint before the first byte that changed (see
    /// `Machine+Checkpoints`), keeping what came before; otherwise (another setting, no
    /// previous analysis, or one that included files, whose offsets follow the document's)
    /// it runs the whole text, reusing the previous analysis' storage (a keystroke in a
    /// 10^5-line document would otherwise fault in tens of megabytes anew).
    init(_ source: SourceFile, angleUnit: AngleUnit = .radians, exact: Bool = true, digits: Int? = nil, complex: Bool = false,
         checkpointSpacing: Int = Machine.defaultCheckpointSpacing, recycling old: DocumentAnalysis? = nil,
         includes: DocumentIncludes? = nil) {
        self.includes = includes
        self.source = source
        let options = EvaluationOptions.editor(.analysis, angleUnit: angleUnit, exact: exact, digits: digits,
                                                 complex: complex)
        var machine = Machine(options: options)
        var tokens = TokenList()
        var tops: [Int32] = []
        var kept: [ProgramRegion] = []
        var resumeAt: Int?
        // What the previous analysis had after the checkpoint, for the rest it may take over.
        var previousTokens = TokenList(), previousTops: [Int32] = [], previousRegions: [ProgramRegion] = []
        var previousStart = 0
        if let old {
            swap(&machine, &old.machine)
            swap(&tokens, &old.tokens)
            swap(&tops, &old.tops)
            if let first = machine.checkpoints.first, first.options.angleUnit == angleUnit, first.options.exact == exact,
               first.options.digits == options.digits, first.options.complex == complex,
               old.includes?.files.isEmpty ?? true,
               let (checkpoint, change) = Self.resumePoint(of: machine, old: old.source.bytes, new: source.bytes) {
                let point = machine.checkpoints[checkpoint]
                machine.rewind(to: checkpoint, keepingFor: change)
                previousStart = point.tokenCount
                previousTokens = tokens.suffix(from: point.tokenCount)
                previousTops = Array(tops[point.tokenCount...])
                previousRegions = old.regions.filter { $0.bytes.lowerBound >= point.offset }
                tokens.removeSubrange(from: point.tokenCount)
                tops.removeSubrange(point.tokenCount...)
                kept = old.regions.prefix { $0.bytes.upperBound <= point.offset }
                resumeAt = point.offset
            } else {
                machine.reset()
                machine.options = options
                tokens.removeAll()
                tops.removeAll(keepingCapacity: true)
            }
        }
        machine.checkpointSpacing = checkpointSpacing
        let firstNew = tokens.count
        let bound = firstNew + (source.bytes.count - (resumeAt ?? 0)) / 2 + 1
        tokens.reserve(bound)
        tops.reserveCapacity(bound)
        machine.includes = includes?.resolver
        machine.run(source, resumingAt: resumeAt) { token, top, _ in
            tokens.append(token)
            tops.append(top)
        }
        // The run converged with the previous one: the rest of its tokens follow, moved.
        let converged = machine.convergence
        if let converged {
            let first = converged.previousTokenIndex - previousStart
            tokens.append(previousTokens, from: first, shiftedBy: converged.change.delta)
            tops.reserveCapacity(tops.count + previousTops.count - first)
            for top in previousTops[first...] { tops.append(converged.node(top) ?? -1) }
        }
        machine.evaluateStack()  // the final evaluation reports its diagnostics
        self.diagnostics = includes?.shownInDocument(machine.allDiagnostics) ?? machine.allDiagnostics
        // Only keywords open a definition or block: a document without any has no regions
        // and pays nothing more. Otherwise the tokens inside them get no top (-1), but for the
        // last of a complete one (the stack the definition or block leaves). The regions
        // before a checkpoint ended before it.
        var found = kept
        let scanned = converged.map { tokens.count - (previousTokens.count - ($0.previousTokenIndex - previousStart)) } ?? tokens.count
        if tokens.hasKeywords {
            var scanner = ProgramRegionScanner()
            for index in firstNew..<scanned where scanner.isGathering || tokens[index].kind == .keyword {
                scanner.take(tokens[index], at: index)
            }
            let new = scanner.finish(at: source.baseOffset + source.bytes.count)
            for region in new {
                for index in region.tokens where !(region.isComplete && index == region.tokens.upperBound - 1) {
                    tops[index] = -1
                }
            }
            found += new
        }
        if let converged {
            let tokenShift = scanned - converged.previousTokenIndex
            for region in previousRegions where region.tokens.lowerBound >= converged.previousTokenIndex {
                found.append(region.moved(tokens: tokenShift, bytes: converged.change.delta))
            }
        }
        self.tokens = tokens
        self.tops = tops
        self.regions = found
        var symbols = machine.symbols
        if includes != nil { symbols.removeAll { !source.contains($0.range.lowerBound) } }  // the document's own
        if !symbols.isEmpty, zip(symbols, symbols.dropFirst()).contains(where: { $0.range.lowerBound > $1.range.lowerBound }) {
            symbols.sort { $0.range.lowerBound < $1.range.lowerBound }
        }
        self.symbols = symbols
        self.machine = machine
        self.resumedFrom = resumeAt
        self.tookOverFrom = converged == nil ? nil : scanned
    }

    /// The checkpoint of `machine` (which analysed `old`) to go on from for `new`: the last one
    /// at or before the first byte that differs, and before every body that asked whether a
    /// name the edit touches is defined further on (such a body compiles differently once the
    /// edit defines or removes that word). Nil: nothing to keep.
    private static func resumePoint(of machine: Machine, old: [UInt8], new: [UInt8]) -> (Int, Machine.TextChange)? {
        let checkpoints = machine.checkpoints
        guard !checkpoints.isEmpty else { return nil }
        let (prefix, suffix) = commonEnds(old, new)
        var limit = prefix
        for (text, end) in [(old, old.count - suffix), (new, new.count - suffix)] {
            let touched = tokensOnLines(of: text, from: prefix, to: end)
            for (token, name) in touched {
                // A keyword or stack effect can open or close a definition anywhere further on
                // (`: open` swallows the definitions after it): any name may change.
                if token.kind == .keyword || token.kind == .stackEffect, let asked = machine.firstLaterQuery() {
                    limit = min(limit, asked)
                } else if token.kind == .variable, let asked = machine.firstLaterQuery(of: name) {
                    limit = min(limit, asked)
                }
            }
        }
        // The last checkpoint at or before `limit`.
        let low = checkpoints.partitioningIndex { $0.offset <= limit }
        return low == 0 ? nil : (low - 1, Machine.TextChange(start: prefix, oldEnd: old.count - suffix, newEnd: new.count - suffix))
    }

    /// How many bytes two texts have in common at their start, and then at their end, compared
    /// eight at a time (a keystroke in a 10^6-line text compares megabytes).
    static func commonEnds(_ old: [UInt8], _ new: [UInt8]) -> (prefix: Int, suffix: Int) {
        let common = min(old.count, new.count)
        return old.withUnsafeBytes { a in
            new.withUnsafeBytes { b in
                func word(_ buffer: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
                    buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                }
                var prefix = 0
                while prefix + 8 <= common, word(a, prefix) == word(b, prefix) { prefix += 8 }
                while prefix < common, a[prefix] == b[prefix] { prefix += 1 }
                var suffix = 0
                while suffix + 8 <= common - prefix, word(a, a.count - suffix - 8) == word(b, b.count - suffix - 8) { suffix += 8 }
                while suffix < common - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
                return (prefix, suffix)
            }
        }
    }

    /// The tokens, with their text, on the lines that hold `from..<to` and on the line after.
    private static func tokensOnLines(of text: [UInt8], from: Int, to: Int) -> [(Token, String)] {
        var start = min(from, text.count)
        while start > 0, text[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = max(min(to, text.count), start)
        var lines = 0
        while end < text.count, lines < 2 {
            if text[end] == UInt8(ascii: "\n") { lines += 1 }
            end += 1
        }
        let source = SourceFile(name: "", bytes: Array(text[start..<end]), baseOffset: start)
        return RPN.tokenize(source).map { ($0, source.text(of: $0.range)) }
    }

    /// Where the definition or top-level block that `offset` falls inside ends (nil: none):
    /// evaluating up to a place inside one would leave it half gathered, an unclosed `:`.
    func endOfProgram(containing offset: Int) -> Int? {
        regions.first { $0.bytes.lowerBound < offset && offset < $0.bytes.upperBound }?.bytes.upperBound
    }

    /// The token under a byte offset; with `orJustBefore`, a cursor right after a token counts
    /// as on it (expanding the selection from the end of a word).
    func tokenIndex(at offset: Int, orJustBefore: Bool = false) -> Int? {
        let index = firstToken(endingAfter: offset)
        if index < tokens.count, tokens[index].range.contains(offset) { return index }
        if orJustBefore, index > 0, tokens[index - 1].range.upperBound == offset { return index - 1 }
        return nil
    }

    /// The first token that ends after `offset` (`tokens.count`: none). Tokens never span a
    /// line break, so from a line's start it is the line's first token, if it has any.
    func firstToken(endingAfter offset: Int) -> Int {
        tokens.partitioningIndex { $0.range.upperBound <= offset }
    }

    func text(of token: Token) -> String { source.text(of: token.range) }

    func description(of node: Int32, style: DescriptionStyle = DescriptionStyle(), limit: Int = 200) -> String {
        machine.description(of: node, style: DescriptionStyle(glyphs: style.glyphs, byteLimit: limit))
    }

    func value(of node: Int32) -> Number? { machine.value(of: node) }

    /// One printer for the many descriptions of a request: a printer made per description
    /// (as `description(of:)` does) costs more than the description. Take the values first:
    /// computing one caches it in the nodes, which the printer shares.
    func printer(limit: Int, glyphs: DescriptionStyle.Glyphs = .unicode) -> InfixPrinter {
        machine.printer(style: DescriptionStyle(glyphs: glyphs, byteLimit: limit))
    }

    var variables: Variables { machine.variables }

    /// The words of one's own, in definition order (a word defined again has two).
    var words: [WordDefinition] { machine.words }

    /// `hyp(a,b) = √(a^2+b^2)`, or for a word that is no function its effect and what it leaves.
    func describe(word index: Int, limit: Int = 200) -> String {
        machine.describe(word: index, style: DescriptionStyle(byteLimit: limit))
    }

    /// The expression forest (children before parents), for features that walk the trees.
    var nodes: [Node] { machine.nodes }

    /// The nodes left on the stack at the end of the document, oldest first.
    var finalStack: [Int32] { machine.stackNodes }

    /// Whole-document answers derived from this analysis (code lenses), kept while it is
    /// current: asking again about the same version costs nothing.
    var memo: [String: JSONValue] = [:]

    struct Occurrence {
        var name: String
        /// The name's bytes (for a store, the part after the arrow).
        var range: Swift.Range<Int>
        var isStore: Bool
        var tokenIndex: Int
    }

    /// The variables' occurrences, in token order: variable tokens that name no word, parameter
    /// or loop counter (those are `symbols`), and stores.
    private(set) lazy var occurrences: [Occurrence] = tokens.indices.compactMap { index in
        let token = tokens[index]
        switch token.kind {
        case .variable:
            guard !namesProgramSymbol(index) else { return nil }
            return Occurrence(name: source.text(of: token.range), range: token.range, isStore: false, tokenIndex: index)
        case .store:
            let name = token.storeNameRange(in: source)
            return Occurrence(name: source.text(of: name), range: name, isStore: true, tokenIndex: index)
        default:
            return nil
        }
    }

    /// The occurrence of a variable at a byte offset: in the token under it, else in the
    /// token that ends there (`x+` with the cursor after x, which is on the `+`).
    func occurrence(at offset: Int) -> Occurrence? {
        for index in [tokenIndex(at: offset), offset > 0 ? tokenIndex(at: offset - 1) : nil].compactMap({ $0 }) {
            var low = 0, high = occurrences.count  // occurrences are in token order
            while low < high {
                let mid = (low + high) / 2
                if occurrences[mid].tokenIndex < index { low = mid + 1 } else { high = mid }
            }
            if low < occurrences.count, occurrences[low].tokenIndex == index { return occurrences[low] }
        }
        return nil
    }
}

/// Tokens in 8 bytes each instead of a `Token`'s 40: a document's token list is rebuilt on
/// every keystroke and kept while the document is in use. Lengths of 65535 bytes and more (a
/// huge number or name) are kept aside.
struct TokenList: RandomAccessCollection {
    private struct Compact {
        var start: UInt32
        /// `UInt16.max`: the length is in `longLengths`.
        var length: UInt16
        var kind: TokenKind
        var builtin: BuiltinID?
    }

    private var storage: [Compact] = []
    private var longLengths: [Int: Int] = [:]
    /// Whether a keyword (`:`, `if`, …) is among the tokens: only then can the document have
    /// definitions and blocks.
    private(set) var hasKeywords = false

    var startIndex: Int { 0 }
    var endIndex: Int { storage.count }

    subscript(index: Int) -> Token {
        let compact = storage[index]
        let start = Int(compact.start)
        let length = compact.length == .max ? longLengths[index]! : Int(compact.length)
        return Token(kind: compact.kind, range: start..<(start + length), builtin: compact.builtin)
    }

    mutating func append(_ token: Token) {
        let length = token.range.count
        if length >= Int(UInt16.max) { longLengths[storage.count] = length }
        if token.kind == .keyword { hasKeywords = true }
        storage.append(Compact(start: UInt32(clamping: token.range.lowerBound), length: UInt16(clamping: length),
                               kind: token.kind, builtin: token.builtin))
    }

    /// The tokens from `index` on.
    func suffix(from index: Int) -> TokenList {
        var tail = TokenList()
        tail.storage = Array(storage[index...])
        for (key, length) in longLengths where key >= index { tail.longLengths[key - index] = length }
        tail.hasKeywords = tail.storage.contains { $0.kind == .keyword }
        return tail
    }

    /// Appends `other`'s tokens from `index` on, `shift` bytes further on (an analysis taking
    /// over the rest of the previous one).
    mutating func append(_ other: TokenList, from index: Int, shiftedBy shift: Int) {
        let first = storage.count
        storage.reserveCapacity(storage.count + other.storage.count - index)
        for var compact in other.storage[index...] {
            compact.start = UInt32(Int(compact.start) + shift)
            storage.append(compact)
        }
        for (key, length) in other.longLengths where key >= index { longLengths[key - index + first] = length }
        if other.hasKeywords { hasKeywords = hasKeywords || storage[first...].contains { $0.kind == .keyword } }
    }

    /// Drops the tokens from `index` on (an analysis going on from a checkpoint).
    mutating func removeSubrange(from index: Int) {
        for key in longLengths.keys where key >= index { longLengths[key] = nil }
        storage.removeSubrange(index...)
        hasKeywords = storage.contains { $0.kind == .keyword }
    }

    mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        longLengths.removeAll()
        hasKeywords = false
    }

    mutating func reserve(_ count: Int) { storage.reserveCapacity(count) }
}
