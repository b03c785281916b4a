/// One edit of a document's text in bytes: `range` of the text before it replaced by `count`
/// bytes. The edits since an analysis are a list of these (see `EditsSinceAnalysis`): offsets,
/// not positions, because positions of the text before an edit mean nothing once it is made.
struct TextReplacement: Equatable {
    /// The bytes replaced, in the text before the edit.
    var range: Swift.Range<Int>
    /// How many bytes replaced them.
    var count: Int
    /// Whether the place right after the edit starts a line in the text before it and in the
    /// text after it. Only then is a line that begins there the same line on both sides: text
    /// inserted before `abc` without a line break of its own, or a line break deleted, joins
    /// `abc` to what comes before, and the lexer may read other tokens there.
    var endsAtLineStart: Bool

    /// The edit's bytes in the text after it.
    var inserted: Swift.Range<Int> { range.lowerBound..<(range.lowerBound + count) }

    /// How far the bytes after the edit moved.
    var shift: Int { count - range.count }

    /// Whether `offset` starts a line of `bytes` as `LineIndex` counts lines: the text's start,
    /// or right after `\n`, `\r\n` or a lone `\r` (never between the two bytes of `\r\n`).
    static func startsLine(at offset: Int, in bytes: [UInt8]) -> Bool {
        guard offset > 0 else { return true }
        switch bytes[offset - 1] {
        case 0x0A: return true
        case 0x0D: return offset == bytes.count || bytes[offset] != 0x0A
        default: return false
        }
    }
}
