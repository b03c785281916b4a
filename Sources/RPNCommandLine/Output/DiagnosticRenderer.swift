import RPNCore

/// Renders diagnostics the way compilers do, for people and for tools that parse
/// `NAME:LINE:COLUMN: error: MESSAGE`, followed by the source line and a caret under the range.
public struct DiagnosticRenderer {
    public var sources: SourceSet
    public var colour: Bool
    /// Longest stretch of a source line shown around a diagnostic, in characters.
    public var lineWindow = 100

    public init(sources: SourceSet, colour: Bool) {
        self.sources = sources
        self.colour = colour
    }

    public func render(_ diagnostic: Diagnostic) -> String {
        guard let (file, start, _) = SourceSpan.of(diagnostic.range, in: sources) else {
            return "rpn: \(label(diagnostic.severity)) \(diagnostic.message)\n"
        }
        var text = paint("\(file.name):\(start.line):\(start.column):", bold) + " "
            + label(diagnostic.severity) + " " + diagnostic.message + "\n"
        text += excerpt(file, diagnostic.range)
        return text
    }

    public func label(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: paint("error:", "\u{1B}[1;31m")
        case .warning: paint("warning:", "\u{1B}[1;35m")
        case .note: paint("note:", "\u{1B}[1;36m")
        }
    }

    let bold = "\u{1B}[1m"

    func paint(_ text: String, _ code: String) -> String {
        colour ? code + text + "\u{1B}[0m" : text
    }

    /// Only the caret line of `render` (for the shell, which prints it under the line the
    /// user just typed).
    public func carets(for diagnostic: Diagnostic) -> String {
        guard let file = sources.file(containing: diagnostic.range.lowerBound) else { return "^" }
        let lines = excerpt(file, diagnostic.range).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.count > 1 ? String(lines[1]) : "^"
    }

    /// The source line (or a window of it around the range) and a caret line.
    func excerpt(_ file: SourceFile, _ range: Range<Int>) -> String {
        let index = file.lineIndex
        let local = max(0, min(range.lowerBound - file.baseOffset, file.bytes.count))
        let lineNumber = index.line(containing: local)
        let line = index.lineRange(lineNumber, in: file.bytes)
        let localEnd = max(local, min(range.upperBound - file.baseOffset, line.upperBound))
        // Characters of the line as (byte range, display text), cut to a window around the range.
        var shown = ""
        var carets = ""
        var i = line.lowerBound
        var before = 0
        // Skip to the window start.
        let startColumn = LineIndex.width(of: file.bytes, from: line.lowerBound, to: local, unit: .characters)
        let windowStart = max(0, startColumn - lineWindow / 2)
        while before < windowStart, i < line.upperBound {
            i += LineIndex.scalarLength(file.bytes, at: i, limit: line.upperBound)
            before += 1
        }
        if windowStart > 0 { shown += "…"; carets += " " }
        var column = windowStart
        while i < line.upperBound, column < windowStart + lineWindow {
            let length = LineIndex.scalarLength(file.bytes, at: i, limit: line.upperBound)
            let piece = String(decoding: file.bytes[i..<(i + length)], as: UTF8.self)
            let scalar = piece.unicodeScalars.first!
            let printable = scalar == "\t" ? "\t" : (scalar.value < 0x20 || scalar.value == 0x7F) ? "�" : piece
            shown += printable
            if i < local {
                carets += printable == "\t" ? "\t" : " "
            } else if i < localEnd || (i == local) {
                carets += "^"
            }
            i += length
            column += 1
        }
        if i < line.upperBound { shown += "…" }
        if local >= line.upperBound { carets += "^" }  // the range is at the end of the line
        return shown + "\n" + paint(carets, "\u{1B}[1;32m") + "\n"
    }
}
