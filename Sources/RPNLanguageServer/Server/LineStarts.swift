import RPNCore

/// Where each line of a document starts, kept up to date edit by edit, so that a burst of
/// edits to a long document costs what the edits cost, not a scan of the whole text each:
/// `LineIndex` is built from the text only when an answer needs it. Lines end where
/// `LineIndex` ends them (`\n`, `\r\n`, a lone `\r`), and positions inside a line are
/// converted by `LineIndex` too, over that line alone.
struct LineStarts {
    private(set) var starts: [Int]

    init(_ index: LineIndex) { starts = index.lineStarts }

    /// The byte offset of a position in `bytes`, as `LineIndex.offset(of:in:unit:)` gives it,
    /// if the text has that place: nil for a line past the last or a column past its line's
    /// end, which `LineIndex` would clamp (a change there is to a text other than this one).
    func offset(of position: SourcePosition, in bytes: [UInt8], unit: PositionUnit) -> Int? {
        guard position.line >= 0, position.line < starts.count else { return nil }
        let start = starts[position.line]
        let end = position.line + 1 < starts.count ? starts[position.line + 1] : bytes.count
        let line = Array(bytes[start..<end])  // with its line end, which the column never passes
        let index = LineIndex(line)
        let column = SourcePosition(line: 0, column: position.column)
        guard position.column <= LineIndex.width(of: line, from: 0, to: index.lineRange(0, in: line).upperBound, unit: unit)
        else { return nil }
        return start + index.offset(of: column, in: line, unit: unit)
    }

    var lineCount: Int { starts.count }

    /// `range` of the old text was replaced by `count` bytes; `bytes` is the new text.
    mutating func replace(_ range: Swift.Range<Int>, withCount count: Int, in bytes: [UInt8]) {
        let delta = count - range.count
        // A line start is the byte after a line end. Whether byte i ends a line depends on it
        // and the byte after it, so line ends can change from the byte before the edit to the
        // last byte inserted; later ones only move.
        let first = lowerBound(max(range.lowerBound, 1))           // starts from here are redone
        let firstKept = lowerBound(range.upperBound + 1)           // starts from here only move
        var redone: [Int] = []
        var i = max(range.lowerBound - 1, 0)
        while i < range.lowerBound + count, i < bytes.count {
            let b = bytes[i]
            if b == 0x0A || (b == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) { redone.append(i + 1) }
            i += 1
        }
        starts.replaceSubrange(first..<firstKept, with: redone)
        if delta != 0 {
            for k in (first + redone.count)..<starts.count { starts[k] += delta }
        }
    }

    /// The index of the first start at or after `offset`.
    private func lowerBound(_ offset: Int) -> Int {
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
