/// How a column is counted. The command line counts characters (Unicode scalars), the
/// language server UTF-16 code units (or UTF-8 bytes when the client asks for them).
public enum PositionUnit: Sendable {
    case utf8, utf16, characters
}

/// A 0-based line and column.
public struct SourcePosition: Sendable, Equatable, Comparable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public static func < (a: Self, b: Self) -> Bool { (a.line, a.column) < (b.line, b.column) }
}

/// The one conversion point between byte offsets and line/column positions, in both
/// directions. Out-of-range input is clamped, never trapped on.
public struct LineIndex: Sendable {
    /// Offset of the first byte of each line. Lines end at `\n`, `\r\n` or a lone `\r`, as in
    /// LSP and in editors.
    public let lineStarts: [Int]
    /// On lines longer than `markSpacing` bytes (a minified program), a mark every
    /// `markSpacing` bytes: where a character starts there and its columns, so that a column
    /// there costs a scan from the mark before it, not from the line's start. Thousands of
    /// diagnostics on one long line stay linear. Sorted by offset.
    let marks: [ColumnMark]
    static let markSpacing = 1024

    struct ColumnMark: Sendable {
        let offset: Int
        let characters: Int
        let utf16: Int
    }

    public init(_ bytes: [UInt8]) {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            for i in buffer.indices {
                let b = buffer[i]
                if b == 0x0A || (b == 0x0D && (i + 1 == buffer.count || buffer[i + 1] != 0x0A)) { starts.append(i + 1) }
            }
        }
        self.init(bytes, lineStarts: starts)
    }

    /// The index of `bytes` whose lines start at `starts` (as `init(_:)` finds them: a
    /// caller that keeps them up to date edit by edit saves the scan of the text).
    public init(_ bytes: [UInt8], lineStarts starts: [Int]) {
        var marks: [ColumnMark] = []
        bytes.withUnsafeBufferPointer { buffer in
            for (line, start) in starts.enumerated() {
                let end = line + 1 < starts.count ? starts[line + 1] : buffer.count
                guard end - start > Self.markSpacing else { continue }
                var i = start, characters = 0, utf16 = 0
                var next = start + Self.markSpacing
                while i < end {
                    if i >= next {
                        marks.append(ColumnMark(offset: i, characters: characters, utf16: utf16))
                        next += Self.markSpacing
                    }
                    let length = Self.scalarLength(buffer, at: i, limit: end)
                    characters += 1
                    utf16 += length == 4 ? 2 : 1
                    i += length
                }
            }
        }
        lineStarts = starts
        self.marks = marks
    }

    /// The last mark at or before `offset` on the line starting at `start`, if any.
    private func mark(atOrBefore offset: Int, lineStart start: Int) -> ColumnMark? {
        guard offset - start > Self.markSpacing, !marks.isEmpty else { return nil }
        var low = 0, high = marks.count  // first mark past offset
        while low < high {
            let mid = (low + high) / 2
            if marks[mid].offset <= offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0, marks[low - 1].offset >= start else { return nil }
        return marks[low - 1]
    }

    /// The last mark on the line `start..<end` whose column in `unit` is at most `column`.
    private func mark(atOrBeforeColumn column: Int, unit: PositionUnit, line start: Int, end: Int) -> ColumnMark? {
        guard end - start > Self.markSpacing, !marks.isEmpty else { return nil }
        func columnOf(_ mark: ColumnMark) -> Int {
            switch unit {
            case .utf8: mark.offset - start
            case .utf16: mark.utf16
            case .characters: mark.characters
            }
        }
        // The line's marks: from the first at or after `start` to the first at or after `end`.
        var low = 0, high = marks.count
        while low < high {
            let mid = (low + high) / 2
            if marks[mid].offset < start { low = mid + 1 } else { high = mid }
        }
        let first = low
        high = marks.count
        while low < high {
            let mid = (low + high) / 2
            if marks[mid].offset < end && columnOf(marks[mid]) <= column { low = mid + 1 } else { high = mid }
        }
        return low > first ? marks[low - 1] : nil
    }

    public var lineCount: Int { lineStarts.count }

    public func line(containing offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Byte range of a line's text, without its `\n`.
    public func lineRange(_ line: Int, in bytes: [UInt8]) -> Range<Int> {
        let line = max(0, min(line, lineStarts.count - 1))
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0D, end < bytes.count, bytes[end] == 0x0A { end -= 1 }  // CRLF
        return start..<max(start, end)
    }

    public func position(ofLocal offset: Int, in bytes: [UInt8], unit: PositionUnit) -> SourcePosition {
        let offset = max(0, min(offset, bytes.count))
        let line = line(containing: offset)
        let start = lineStarts[line]
        if unit != .utf8, let mark = mark(atOrBefore: offset, lineStart: start) {
            let before = unit == .characters ? mark.characters : mark.utf16
            return SourcePosition(line: line, column: before + Self.width(of: bytes, from: mark.offset, to: offset, unit: unit))
        }
        return SourcePosition(line: line, column: Self.width(of: bytes, from: start, to: offset, unit: unit))
    }

    /// The byte offset of a position; columns past the end of the line clamp to its end, lines
    /// past the end of the text to the end of the text.
    public func offset(of position: SourcePosition, in bytes: [UInt8], unit: PositionUnit) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let range = lineRange(position.line, in: bytes)
        var offset = range.lowerBound
        var column = 0
        if let mark = mark(atOrBeforeColumn: position.column, unit: unit, line: range.lowerBound, end: range.upperBound) {
            offset = mark.offset
            column = switch unit {
            case .utf8: mark.offset - range.lowerBound
            case .utf16: mark.utf16
            case .characters: mark.characters
            }
        }
        while offset < range.upperBound, column < position.column {
            let length = Self.scalarLength(bytes, at: offset, limit: range.upperBound)
            let units = unit == .utf8 ? length : (unit == .utf16 && length == 4 ? 2 : 1)
            if column + units > position.column { break }  // inside a character: stay before it
            column += units
            offset += length
        }
        return offset
    }

    /// Columns between two offsets of one line.
    public static func width(of bytes: [UInt8], from start: Int, to end: Int, unit: PositionUnit) -> Int {
        if unit == .utf8 { return end - start }
        var count = 0
        var i = start
        bytes.withUnsafeBufferPointer { buffer in
            while i < end {
                let length = scalarLength(buffer, at: i, limit: end)
                count += unit == .utf16 && length == 4 ? 2 : 1
                i += length
            }
        }
        return count
    }

    /// Offset of the last character of a non-empty range (each invalid byte is a character).
    public static func lastCharacterStart(_ bytes: [UInt8], in range: Range<Int>) -> Int {
        var i = range.lowerBound, last = i
        while i < range.upperBound {
            last = i
            i += scalarLength(bytes, at: i, limit: bytes.count)
        }
        return last
    }

    /// Length of the UTF-8 sequence at `i`; an invalid byte counts as a character of its own.
    @inline(__always)
    public static func scalarLength<C: RandomAccessCollection>(_ bytes: C, at i: Int, limit: Int) -> Int
    where C.Element == UInt8, C.Index == Int {
        UTF8Scanner.decode(bytes, at: i, limit: limit).length
    }
}
