import RPNCore

/// Command-line positions: 1-based lines and columns counted in characters, and the range
/// given by its first and last character (inclusive), as `file:line:col` readers expect.
public enum SourceSpan {
    public static func of(_ range: Range<Int>, in sources: SourceSet)
        -> (file: SourceFile, start: SourcePosition, end: SourcePosition)? {
        guard let file = sources.file(containing: range.lowerBound) else { return nil }
        let start = file.position(of: range.lowerBound, in: .characters)
        var end = start
        if range.count > 1 {
            let local = (range.lowerBound - file.baseOffset)..<min(range.upperBound - file.baseOffset, file.bytes.count)
            end = file.position(of: file.baseOffset + LineIndex.lastCharacterStart(file.bytes, in: local),
                                in: .characters)
        }
        return (file, SourcePosition(line: start.line + 1, column: start.column + 1),
                SourcePosition(line: end.line + 1, column: end.column + 1))
    }
}
