import RPNCore
import Testing

@Suite struct LineIndexTests {
    // "√ π × ÷ −" are one UTF-16 unit but 2-3 UTF-8 bytes; 😀 is two UTF-16 units, 4 bytes.
    static let text = "2 √ π ×\n# 😀 ok\n3 ÷ 4 − x"

    /// (line, column in characters) ⇒ (UTF-16 column, UTF-8 column) of the same character.
    static let cases: [(SourcePosition, Int, Int)] = [
        (.init(line: 0, column: 2), 2, 2),     // √
        (.init(line: 0, column: 4), 4, 6),     // π
        (.init(line: 0, column: 6), 6, 9),     // ×
        (.init(line: 1, column: 4), 5, 7),     // "ok" after the emoji
        (.init(line: 2, column: 6), 6, 7),     // −
        (.init(line: 2, column: 8), 8, 11),    // x
    ]

    @Test(arguments: cases)
    func columnsInEveryUnit(_ position: SourcePosition, _ utf16: Int, _ utf8: Int) {
        let bytes = Array(Self.text.utf8)
        let index = LineIndex(bytes)
        let offset = index.offset(of: position, in: bytes, unit: .characters)
        #expect(index.position(ofLocal: offset, in: bytes, unit: .utf16) == SourcePosition(line: position.line, column: utf16))
        #expect(index.position(ofLocal: offset, in: bytes, unit: .utf8) == SourcePosition(line: position.line, column: utf8))
        #expect(index.offset(of: SourcePosition(line: position.line, column: utf16), in: bytes, unit: .utf16) == offset)
        #expect(index.offset(of: SourcePosition(line: position.line, column: utf8), in: bytes, unit: .utf8) == offset)
    }

    @Test func outOfRangePositionsClamp() {
        let bytes = Array(Self.text.utf8)
        let index = LineIndex(bytes)
        #expect(index.offset(of: SourcePosition(line: 0, column: 999), in: bytes, unit: .utf16) == 11)
        #expect(index.offset(of: SourcePosition(line: 99, column: 0), in: bytes, unit: .utf16) == bytes.count)
        #expect(index.offset(of: SourcePosition(line: -1, column: -5), in: bytes, unit: .utf16) == 0)
        // Inside the emoji's surrogate pair: stays before the character.
        #expect(index.offset(of: SourcePosition(line: 1, column: 3), in: bytes, unit: .utf16) == 14)
        #expect(index.position(ofLocal: 10_000, in: bytes, unit: .characters) == SourcePosition(line: 2, column: 9))
    }

    /// Long lines (a minified program) count columns from marks every KiB. Against a count from
    /// the line's start, by hand: every character is 1 column, 1 UTF-16 unit (2 for the
    /// emoji) and its bytes; an invalid byte is a character of its own.
    @Test(arguments: [
        ("ascii", [UInt8]("1 2 + ".utf8)),
        ("mixed", [UInt8]("√ π ×😀x".utf8) + [0xFF, 0xE2, 0x88]),  // a stray byte, a cut sequence
        ("wide", [UInt8]("😀😀😀a".utf8)),
    ])
    func longLinesCountFromMarks(_ name: String, _ unit: [UInt8]) {
        // Three lines of about 3 KiB, 0.5 KiB and 5 KiB, ending in \n, \r\n and nothing.
        var bytes: [UInt8] = []
        var lines: [[(offset: Int, characters: Int, utf16: Int)]] = []  // each character's columns
        for (repeats, end) in [(3000 / unit.count, [UInt8(0x0A)]), (500 / unit.count, [0x0D, 0x0A]), (5000 / unit.count, [])] {
            var characters: [(Int, Int, Int)] = []
            var column = 0, utf16 = 0
            for _ in 0..<repeats {
                var i = 0
                while i < unit.count {  // the characters of `unit`, decoded by hand
                    let lead = unit[i]
                    let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
                    let complete = lead < 0x80 || (length > 1 && i + length <= unit.count
                        && unit[(i + 1)..<(i + length)].allSatisfy { $0 & 0xC0 == 0x80 })
                    let size = complete ? length : 1
                    characters.append((bytes.count + i, column, utf16))
                    column += 1
                    utf16 += size == 4 ? 2 : 1
                    i += size
                }
                bytes += unit
            }
            characters.append((bytes.count, column, utf16))  // the line's end
            lines.append(characters)
            bytes += end
        }
        let index = LineIndex(bytes)
        for (line, characters) in lines.enumerated() {
            for (offset, column, utf16) in characters {
                #expect(index.position(ofLocal: offset, in: bytes, unit: .characters) == SourcePosition(line: line, column: column),
                        "\(name): offset \(offset)")
                #expect(index.position(ofLocal: offset, in: bytes, unit: .utf16) == SourcePosition(line: line, column: utf16))
                #expect(index.offset(of: SourcePosition(line: line, column: column), in: bytes, unit: .characters) == offset,
                        "\(name): line \(line) column \(column)")
                #expect(index.offset(of: SourcePosition(line: line, column: utf16), in: bytes, unit: .utf16) == offset)
                let start = characters[0].offset
                #expect(index.offset(of: SourcePosition(line: line, column: offset - start), in: bytes, unit: .utf8) == offset)
            }
        }
    }
}
