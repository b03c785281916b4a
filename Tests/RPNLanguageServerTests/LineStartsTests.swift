import RPNCore
import RPNTestSupport
import Testing
@testable import RPNLanguageServer

/// Line starts kept up to date edit by edit agree with `LineIndex` built from the edited
/// text, line ends of every kind included (`\r\n` split and joined by edits); their offsets
/// are `LineIndex`'s for the places the text has, and nil for the others (which `LineIndex`
/// clamps).
@Suite struct LineStartsTests {
    static let pieces: [[UInt8]] = ["\n", "\r", "\r\n", "a", "√", "😀", "ab\ncd", "\r\r\n\n", ""].map { Array($0.utf8) }

    @Test(arguments: 1...8)
    func randomEditsAgreeWithLineIndex(_ seed: UInt64) {
        var random = SeededGenerator(state: seed)
        var bytes = Array("x\r\ny\rz\n\n√ 😀\r\n".utf8)
        var starts = LineStarts(LineIndex(bytes))
        for _ in 0..<300 {
            let a = Int.random(in: 0...bytes.count, using: &random)
            let b = min(bytes.count, a + Int.random(in: 0...3, using: &random))
            let piece = Self.pieces.randomElement(using: &random)!
            bytes.replaceSubrange(a..<b, with: piece)
            starts.replace(a..<b, withCount: piece.count, in: bytes)
            let index = LineIndex(bytes)
            #expect(starts.starts == index.lineStarts, "seed \(seed): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            if starts.starts != index.lineStarts { return }
            for line in 0...(index.lineCount + 1) {
                for column in [0, 1, 2, 3, 5, 100] {
                    let position = SourcePosition(line: line, column: column)
                    for unit in [PositionUnit.utf16, .utf8] {
                        let inText = line < index.lineCount && column <= LineIndex.width(
                            of: bytes, from: index.lineStarts[line], to: index.lineRange(line, in: bytes).upperBound, unit: unit)
                        #expect(starts.offset(of: position, in: bytes, unit: unit)
                                == (inText ? index.offset(of: position, in: bytes, unit: unit) : nil))
                    }
                }
            }
        }
    }
}
