import RPNCore
import RPNJSON

/// The semantic token legend and how token kinds map onto it, beside the TextMate scopes of
/// grammar/rpn.tmLanguage.json (the same distinctions, in LSP's standard vocabulary):
///
/// | kind      | TextMate scope                  | semantic type + modifiers   |
/// |-----------|---------------------------------|-----------------------------|
/// | number    | constant.numeric.rpn            | number                      |
/// | operator  | keyword.operator.arithmetic.rpn | operator                    |
/// | function  | support.function.rpn            | function + defaultLibrary   |
/// | constant  | constant.language.rpn           | variable + readonly, defaultLibrary |
/// | stackWord | keyword.control.stack.rpn       | keyword                     |
/// | variable  | variable.other.rpn              | variable                    |
/// | directive | keyword.other.directive.rpn     | keyword + defaultLibrary    |
/// | store     | storage.type.store.rpn          | variable + declaration      |
/// | comment   | comment.line.number-sign.rpn    | comment                     |
/// | keyword   | keyword.control.rpn, keyword.other.definition.rpn | keyword   |
/// | stackEffect | comment.block.stack-effect.rpn | comment                     |
/// | path      | string.quoted.double.rpn        | string                      |
/// | invalid   | invalid.illegal.rpn             | (none: the diagnostic shows it) |
///
/// Names the lexer sees as variables may be symbols of a program, which the analysis
/// resolves (see `SymbolOccurrence`): a word of one's own is `function` (+ `declaration` after
/// `:`), a parameter or loop counter `parameter` (+ `declaration` where it is declared: in the
/// `( a b -- c )`, which is split around it, or after `for`).
public enum SemanticTokenLegend {
    public static let types = ["number", "operator", "function", "variable", "keyword", "comment", "parameter", "string"]
    public static let modifiers = ["declaration", "readonly", "defaultLibrary"]

    /// (type index, modifier bits) of a token kind, nil for no semantic token.
    public static func encode(_ kind: TokenKind) -> (type: Int, modifiers: Int)? {
        switch kind {
        case .number: (0, 0)
        case .operator: (1, 0)
        case .function: (2, 4)
        case .constant: (3, 2 | 4)
        case .stackWord: (4, 0)
        case .directive: (4, 4)
        case .variable: (3, 0)
        case .store: (3, 1)
        case .comment, .stackEffect: (5, 0)
        case .keyword: (4, 0)
        case .path: (7, 0)
        case .invalid: nil
        }
    }

    /// (type index, modifier bits) of an occurrence of a word, parameter or loop counter.
    static func encode(_ kind: SymbolOccurrence.Kind) -> (type: Int, modifiers: Int) {
        switch kind {
        case .wordDefinition: (2, 1)
        case .wordUse: (2, 0)
        case .parameterDeclaration, .loopVariableDeclaration: (6, 1)
        case .parameterUse, .loopVariableUse: (6, 0)
        }
    }

    /// LSP `SemanticTokensLegend`.
    static var json: JSONValue {
        ["tokenTypes": .array(types.map(JSONValue.string)), "tokenModifiers": .array(modifiers.map(JSONValue.string))]
    }
}

extension LanguageServer {
    /// `full` (with a result id), `full/delta` (the edits since that result: only the lines
    /// edited since are lexed again) and `range` (only the lines asked for are lexed).
    /// Tokens come from the lexer, and names from the analysis where the document has words,
    /// parameters or loop counters. An edit there may change what a name is anywhere (typing
    /// `: sq` makes every later `sq` a call), so a delta of such a document compares the whole
    /// new answer with the last one.
    func registerSemanticTokens() {
        on(SemanticTokensRequest.self) { [unowned self] request throws(ResponseError) in
            try semanticTokens(try document(request.textDocument))
        }
        on(SemanticTokensDeltaRequest.self) { [unowned self] request throws(ResponseError) in
            let document = try document(request.textDocument)
            // A result the client has but we no longer know (or never gave): all the tokens.
            guard let baseline = document.semanticTokensBaseline, baseline.resultID == request.previousResultID else {
                return .tokens(try semanticTokens(document))
            }
            if let previous = baseline.data {  // names resolved last time: compare whole answers
                let tokens = try semanticTokens(document)
                return .delta(SemanticTokensDelta(resultID: tokens.resultID!, edits: tokens.data.edits(from: previous)))
            }
            // The lines edited are lexed again; names resolved now (a definition typed) change
            // tokens anywhere: all of them then.
            if !document.analysis.symbols.isEmpty { return .tokens(try semanticTokens(document)) }
            return .delta(try semanticTokensDelta(document, since: baseline))
        }
        on(SemanticTokensRangeRequest.self) { [unowned self] request throws(ResponseError) in
            let document = try document(request.textDocument)
            let range = request.range
            let requested = document.offsets(of: range, encoding: encoding)
            let (lower, upper) = (requested.lowerBound, requested.upperBound)
            let lines = document.lineIndex
            let firstLine = lines.line(containing: lower)
            // Tokens are lexed from the text; the names the analysis resolved (words and
            // locals), of a version before when the edits since left these lines alone.
            let (symbols, delta) = try answer(document) { view throws(ResponseError) in
                let analysed = try view.analysed(lower..<upper)
                return (view.analysis.symbols, lower - analysed.lowerBound)
            }
            var encoder = SemanticTokenEncoder(document, encoding: encoding, line: firstLine, previous: Position(line: 0, character: 0),
                                               symbols: symbols, symbolShift: delta, within: lower..<upper)
            try document.forEachToken(inLines: firstLine..<(lines.line(containing: upper) + 1)) { token throws(ResponseError) in
                // The end is exclusive: a token that starts there is not in the range.
                guard token.range.upperBound > lower, token.range.lowerBound < upper else { return }
                if encoder.append(token) != nil, encoder.count & 4095 == 0 { try checkpoint() }
            }
            return SemanticTokens(data: encoder.data)
        }
    }

    /// Every token of the document, with a result id for later deltas.
    func semanticTokens(_ document: Document) throws(ResponseError) -> SemanticTokens {
        try checkpoint()
        let lineCount = document.lineIndex.lineCount
        // As many tokens as last time, or as the analysis found: the array is not copied as it grows.
        let expected = document.semanticTokensBaseline?.tokenCount ?? document.analysisIfMade?.tokens.count ?? 0
        let symbols = document.analysis.symbols
        var encoder = SemanticTokenEncoder(document, encoding: encoding, line: 0, previous: Position(line: 0, character: 0),
                                           expected: expected + expected / 8, symbols: symbols)
        var tokensBeforeLine: [UInt32] = []
        tokensBeforeLine.reserveCapacity(lineCount + 1)
        try document.forEachToken(inLines: 0..<lineCount) { token throws(ResponseError) in
            let before = UInt32(encoder.count)
            guard let start = encoder.append(token) else { return }
            while tokensBeforeLine.count <= start.line { tokensBeforeLine.append(before) }
            if encoder.count & 4095 == 0 { try checkpoint() }
        }
        while tokensBeforeLine.count <= lineCount { tokensBeforeLine.append(UInt32(encoder.count)) }
        let id = nextSemanticTokensResultID()
        document.semanticTokensBaseline = SemanticTokensBaseline(resultID: id, tokensBeforeLine: tokensBeforeLine,
                                                                  byteCount: document.bytes.count,
                                                                  data: symbols.isEmpty ? nil : encoder.data)
        return SemanticTokens(resultID: id, data: encoder.data)
    }

    /// The edits that turn the baseline's tokens into the document's: the lines between the
    /// untouched start and the untouched end of the text are lexed again, and the first token
    /// after them is sent again too (its line is relative to the token before it).
    func semanticTokensDelta(_ document: Document, since baseline: SemanticTokensBaseline) throws(ResponseError)
        -> SemanticTokensDelta {
        try checkpoint()
        let lines = document.lineIndex
        let lineCount = lines.lineCount
        let lineShift = lineCount - baseline.lineCount
        let old = baseline.tokensBeforeLine
        // The first line that may have changed holds the last untouched byte before the edits
        // (a token ending there may have grown). The first line after them that is untouched,
        // start included, begins after the first untouched byte of the end.
        let prefix = min(baseline.unchangedPrefix, document.bytes.count)
        let firstLine = prefix == 0 ? 0 : lines.line(containing: prefix - 1)
        let suffixStart = document.bytes.count - min(baseline.unchangedSuffix, document.bytes.count)
        let endLine = max(firstLine, min(lines.line(containing: suffixStart) + 1, lineCount))
        let oldEndLine = min(max(endLine - lineShift, firstLine), baseline.lineCount)
        let tokensBefore = Int(old[firstLine])
        let oldTokensAfter = baseline.tokenCount - Int(old[oldEndLine])

        // Relative positions start from the last token before the edited lines.
        var previous = Position(line: 0, character: 0)
        if tokensBefore > 0 {
            let line = Self.line(ofToken: tokensBefore - 1, in: old)
            try document.forEachToken(inLines: line..<(line + 1)) { token throws(ResponseError) in
                if SemanticTokenLegend.encode(token.kind) != nil {
                    previous = document.position(of: token.range.lowerBound, encoding: encoding)
                }
            }
        }
        var encoder = SemanticTokenEncoder(document, encoding: encoding, line: firstLine, previous: previous)
        var tokensBeforeLine = Array(old[0...firstLine])
        tokensBeforeLine.reserveCapacity(lineCount + 1)
        try document.forEachToken(inLines: firstLine..<endLine) { token throws(ResponseError) in
            let before = UInt32(tokensBefore + encoder.count)
            guard let start = encoder.append(token) else { return }
            while tokensBeforeLine.count <= start.line { tokensBeforeLine.append(before) }
            if encoder.count & 4095 == 0 { try checkpoint() }
        }
        let edited = encoder.count
        while tokensBeforeLine.count <= endLine { tokensBeforeLine.append(UInt32(tokensBefore + edited)) }
        let oldEdited = baseline.tokenCount - oldTokensAfter - tokensBefore
        // The untouched lines at the end keep their counts, shifted by what the edits added.
        for line in (endLine + 1)..<(lineCount + 1) {
            tokensBeforeLine.append(UInt32(Int(old[min(max(line - lineShift, 0), baseline.lineCount)]) - oldEdited + edited))
        }
        var resent = 0
        if oldTokensAfter > 0 {
            let line = Self.line(ofToken: baseline.tokenCount - oldTokensAfter, in: old) + lineShift
            var done = false
            try document.forEachToken(inLines: line..<(line + 1)) { token throws(ResponseError) in
                if !done, encoder.append(token) != nil { done = true }
            }
            resent = done ? 1 : 0
        }
        let id = nextSemanticTokensResultID()
        document.semanticTokensBaseline = SemanticTokensBaseline(resultID: id, tokensBeforeLine: tokensBeforeLine,
                                                                  byteCount: document.bytes.count)
        var edits: [SemanticTokensDelta.Edit] = []
        if oldEdited + resent > 0 || !encoder.data.isEmpty {
            edits.append(SemanticTokensDelta.Edit(start: 5 * tokensBefore, deleteCount: 5 * (oldEdited + resent),
                                                  data: encoder.data))
        }
        return SemanticTokensDelta(resultID: id, edits: edits)
    }

    /// The line of the `index`th token, from the tokens before each line.
    static func line(ofToken index: Int, in tokensBeforeLine: [UInt32]) -> Int {
        var low = 0, high = tokensBeforeLine.count - 1  // the last line whose tokens-before is <= index
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(tokensBeforeLine[mid]) <= index { low = mid } else { high = mid - 1 }
        }
        return low
    }

    func nextSemanticTokensResultID() -> String {
        semanticTokensResults += 1
        return String(semanticTokensResults)
    }
}

/// LSP's relative encoding: each token's line relative to the previous token, its start
/// relative to the previous token's on the same line, its length, type and modifiers.
struct SemanticTokenEncoder {
    private(set) var data: SemanticTokenData
    /// Tokens encoded.
    private(set) var count = 0
    private var previous: Position
    private var sweep: PositionSweep
    /// The document's occurrences of words, parameters and loop counters, and the first one
    /// not passed yet.
    private let symbols: [SymbolOccurrence]
    private var nextSymbol = 0
    /// What to add to the symbols' offsets for the document's (see `AnalysisView`): they may
    /// come from the analysis of a version before, whose text differed above these lines.
    private let symbolShift: Int
    private let bytes: [UInt8]
    /// Bytes outside it get no token (a range request: a token split around a parameter is
    /// cut piece by piece).
    private let clip: Swift.Range<Int>?

    /// Tokens appended must come in order from `line` on; `previous` is the position of the
    /// token before them (the origin for the first token of a document or of a range).
    init(_ document: Document, encoding: PositionEncoding, line: Int, previous: Position, expected: Int = 0,
         symbols: [SymbolOccurrence] = [], symbolShift: Int = 0, within clip: Swift.Range<Int>? = nil) {
        data = SemanticTokenData(reservingCapacity: 5 * expected)
        let line = max(0, min(line, document.lineIndex.lineCount - 1))
        sweep = PositionSweep(bytes: document.bytes, encoding: encoding, line: line,
                              offset: document.lineIndex.lineStarts[line])
        self.previous = previous
        self.symbols = symbols
        self.symbolShift = symbolShift
        self.bytes = symbols.isEmpty ? [] : document.bytes
        self.clip = clip
        let from = document.lineIndex.lineStarts[line]
        var low = 0, high = symbols.count  // the first occurrence after the line's start
        while low < high {
            let mid = (low + high) / 2
            if symbols[mid].range.upperBound + symbolShift <= from { low = mid + 1 } else { high = mid }
        }
        nextSymbol = low
    }

    /// Encodes a token (in pieces where it holds words or locals: a stack effect is split
    /// around the parameters declared in it); returns the start of its first piece, or nil
    /// when nothing of it has a semantic type.
    @inline(__always)
    mutating func append(_ token: Token) -> Position? {
        if nextSymbol < symbols.count { return appendResolvingNames(token) }
        return appendAsLexed(token)
    }

    @inline(__always)
    private mutating func appendAsLexed(_ token: Token) -> Position? {
        guard let (type, modifiers) = SemanticTokenLegend.encode(token.kind) else { return nil }
        if let clip, !clip.overlaps(token.range) { return nil }
        return append(token.range, type: type, modifiers: modifiers)
    }

    /// A token of a document with words or locals: in pieces where it holds some.
    @inline(never)
    private mutating func appendResolvingNames(_ token: Token) -> Position? {
        while nextSymbol < symbols.count, symbolRange(nextSymbol).upperBound <= token.range.lowerBound { nextSymbol += 1 }
        guard nextSymbol < symbols.count, symbolRange(nextSymbol).lowerBound < token.range.upperBound else {
            return appendAsLexed(token)
        }
        var first: Position?
        var rest = token.range.lowerBound
        while nextSymbol < symbols.count, symbolRange(nextSymbol).lowerBound < token.range.upperBound {
            let range = symbolRange(nextSymbol)
            let start = appendGap(rest..<range.lowerBound, of: token)
            let (type, modifiers) = SemanticTokenLegend.encode(symbols[nextSymbol].kind)
            let own = clip.map { $0.overlaps(range) } ?? true ? append(range, type: type, modifiers: modifiers) : nil
            first = first ?? start ?? own
            rest = range.upperBound
            nextSymbol += 1
        }
        let last = appendGap(rest..<token.range.upperBound, of: token)
        return first ?? last
    }

    /// The bytes of the `index`th symbol in the document.
    private func symbolRange(_ index: Int) -> Swift.Range<Int> {
        (symbols[index].range.lowerBound + symbolShift)..<(symbols[index].range.upperBound + symbolShift)
    }

    /// The part of a token between symbols, without its blanks, as the token's kind is.
    private mutating func appendGap(_ gap: Swift.Range<Int>, of token: Token) -> Position? {
        guard let (type, modifiers) = SemanticTokenLegend.encode(token.kind) else { return nil }
        var lower = gap.lowerBound, upper = gap.upperBound
        while lower < upper, bytes[lower] == 0x20 || bytes[lower] == 0x09 { lower += 1 }
        while upper > lower, bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 { upper -= 1 }
        guard lower < upper, clip.map({ $0.overlaps(lower..<upper) }) ?? true else { return nil }
        return append(lower..<upper, type: type, modifiers: modifiers)
    }

    @inline(__always)
    private mutating func append(_ range: Swift.Range<Int>, type: Int, modifiers: Int) -> Position {
        let start = sweep.position(of: range.lowerBound)
        let end = sweep.position(of: range.upperBound)
        let deltaLine = start.line - previous.line
        let deltaStart = deltaLine == 0 ? start.character - previous.character : start.character
        data.append(deltaLine)  // five appends: an array literal here would be an allocation per token
        data.append(deltaStart)
        data.append(end.character - start.character)
        data.append(type)
        data.append(modifiers)
        previous = start
        count += 1
        return start
    }
}
