import RPNCore

/// Converts increasing byte offsets to positions in one pass over the text, so converting
/// every token of a million-token line is linear, not quadratic.
struct PositionSweep {
    let bytes: [UInt8]
    let unit: PositionUnit
    private var offset = 0
    private var line = 0
    private var column = 0

    init(bytes: [UInt8], encoding: PositionEncoding) {
        self.bytes = bytes
        self.unit = encoding.unit
    }

    /// A sweep that starts at the beginning of a line (`offset` is where `line` starts), for
    /// answers about part of a document.
    init(bytes: [UInt8], encoding: PositionEncoding, line: Int, offset: Int) {
        self.init(bytes: bytes, encoding: encoding)
        self.line = line
        self.offset = offset
    }

    /// The position of `target`, which must not be below the previous call's.
    mutating func position(of target: Int) -> Position {
        let target = min(target, bytes.count)
        while offset < target {
            let b = bytes[offset]
            if b == 0x0A || (b == 0x0D && (offset + 1 == bytes.count || bytes[offset + 1] != 0x0A)) {
                line += 1
                column = 0
                offset += 1
                continue
            }
            if b == 0x0D {  // the CR of a CRLF ends the line: it takes no column
                offset += 1
                continue
            }
            if b < 0x80 {  // ASCII: one column in every unit
                column += 1
                offset += 1
                continue
            }
            let length = LineIndex.scalarLength(bytes, at: offset, limit: bytes.count)
            column += unit == .utf8 ? length : (unit == .utf16 && length == 4 ? 2 : 1)
            offset += length
        }
        return Position(line: line, character: column)
    }
}
