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
}
