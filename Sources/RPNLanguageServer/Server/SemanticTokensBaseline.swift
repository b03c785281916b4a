/// What the last semantic tokens answer for a document was computed from, kept up to date
/// through its edits, so that `full/delta` re-encodes only the lines that changed instead of
/// the whole document: its result id, how many tokens each line had, and how many bytes at
/// the start and at the end of the text no edit has touched since.
struct SemanticTokensBaseline {
    let resultID: String
    /// Encoded tokens before each line of that version; one entry more than it had lines, the
    /// last being the total.
    let tokensBeforeLine: [UInt32]
    /// Bytes at the start of the text that no edit has touched since.
    private(set) var unchangedPrefix: Int
    /// Bytes at the end of the text that no edit has touched since.
    private(set) var unchangedSuffix: Int
    /// The answer itself, kept only for a document with words, parameters or loop counters:
    /// the next delta compares the whole new answer with it.
    let data: SemanticTokenData?

    init(resultID: String, tokensBeforeLine: [UInt32], byteCount: Int, data: SemanticTokenData? = nil) {
        self.resultID = resultID
        self.tokensBeforeLine = tokensBeforeLine
        unchangedPrefix = byteCount
        unchangedSuffix = byteCount
        self.data = data
    }

    var lineCount: Int { tokensBeforeLine.count - 1 }
    var tokenCount: Int { Int(tokensBeforeLine[lineCount]) }

    /// Bytes `range` of a text of `count` bytes were replaced.
    mutating func replaced(_ range: Swift.Range<Int>, in count: Int) {
        unchangedPrefix = min(unchangedPrefix, range.lowerBound)
        unchangedSuffix = min(unchangedSuffix, count - range.upperBound)
    }
}
