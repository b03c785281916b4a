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
            // The last character: step back from the end to the start of its UTF-8 sequence.
            var last = range.upperBound - 1
            while last > range.lowerBound, (file.bytes[last - file.baseOffset] & 0xC0) == 0x80 { last -= 1 }
            end = file.position(of: last, in: .characters)
        }
        return (file, SourcePosition(line: start.line + 1, column: start.column + 1),
                SourcePosition(line: end.line + 1, column: end.column + 1))
    }

    /// `"range":{"start":{"line":1,"column":5},"end":{...}}` plus the file name.
    static func json(_ range: Range<Int>, in sources: SourceSet) -> String {
        guard let (file, start, end) = of(range, in: sources) else { return "\"file\":null,\"range\":null" }
        return "\"file\":\(JSON.quoted(file.name)),\"range\":{\"start\":{\"line\":\(start.line),\"column\":\(start.column)},"
            + "\"end\":{\"line\":\(end.line),\"column\":\(end.column)}}"
    }
}
