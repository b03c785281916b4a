import RPNCore

/// Renders diagnostics the way compilers do, for people and for tools that parse
/// `NAME:LINE:COLUMN: error: MESSAGE`, followed by the source line and a caret under the range.
///
/// What reaches the terminal is made safe first (`TerminalText`): control characters in the
/// source line and the file name are escaped, invisible characters named. Carets are placed by
/// terminal columns (`DisplayWidth`) of what is shown, so they stand under the token after
/// wide characters, emoji, combining marks and escapes alike.
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
            return Self.headline(diagnostic.severity, colour: colour) + diagnostic.message + "\n"
        }
        var text = paint("\(TerminalText.shown(file.name)):\(start.line):\(start.column):", bold) + " "
            + Self.label(diagnostic.severity, colour: colour) + " " + diagnostic.message + "\n"
        text += excerpt(file, diagnostic.range)
        text += includeNotes(for: file)
        text += relatedNotes(for: diagnostic)
        return text
    }

    /// The places that explain a diagnostic, each a note line at its place:
    /// `-e:1:24: note: in f, called here`, `-e:1:5: note: 'r' was read here`.
    public func relatedNotes(for diagnostic: Diagnostic) -> String {
        var text = ""
        for related in diagnostic.related {
            guard let (file, start, _) = SourceSpan.of(related.range, in: sources) else { continue }
            text += paint("\(TerminalText.shown(file.name)):\(start.line):\(start.column):", bold) + " "
                + label(.note) + " " + related.message + "\n"
        }
        return text
    }

    /// For a diagnostic in an included file, where each file of the chain was included,
    /// innermost first: `main.rpn:3:1: note: lib.rpn is included here`.
    func includeNotes(for file: SourceFile) -> String {
        var text = ""
        for site in IncludeSites(of: file, in: sources) {
            text += paint("\(TerminalText.shown(site.includer.name)):\(site.start.line):\(site.start.column):", bold) + " "
                + label(.note) + " \(TerminalText.shown(site.included.name)) is included here\n"
        }
        return text
    }

    /// Every diagnostic, in source order.
    public func render(all diagnostics: [Diagnostic]) -> String {
        Diagnostic.ordered(diagnostics).map(render).joined()
    }

    /// `rpn: error: `, the start of a message about no place in a program.
    public static func headline(_ severity: Diagnostic.Severity, colour: Bool) -> String {
        "rpn: " + label(severity, colour: colour) + " "
    }

    public static func label(_ severity: Diagnostic.Severity, colour: Bool) -> String {
        switch severity {
        case .error: paint("error:", "\u{1B}[1;31m", colour)
        case .warning: paint("warning:", "\u{1B}[1;35m", colour)
        case .note: paint("note:", "\u{1B}[1;36m", colour)
        }
    }

    public func label(_ severity: Diagnostic.Severity) -> String { Self.label(severity, colour: colour) }

    let bold = "\u{1B}[1m"

    func paint(_ text: String, _ code: String) -> String { Self.paint(text, code, colour) }

    static func paint(_ text: String, _ code: String, _ colour: Bool) -> String {
        colour ? code + text + "\u{1B}[0m" : text
    }

    /// Only the caret line of `render`, for the shell, which prints it under the line the user
    /// just typed: that line is on the screen as the line editor echoed it, not escaped, so
    /// the carets are placed by the columns of the characters as typed (a control character
    /// echoed as `^[` takes two).
    public func carets(for diagnostic: Diagnostic) -> String {
        guard let file = sources.file(containing: diagnostic.range.lowerBound) else { return "^" }
        let lines = excerpt(file, diagnostic.range, asTyped: true).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.count > 1 ? String(lines[1]) : "^"
    }

    /// The source line (or a window of it around the range) and a caret line. `asTyped`:
    /// carets for the line as a line editor shows it, unescaped.
    func excerpt(_ file: SourceFile, _ range: Range<Int>, asTyped: Bool = false) -> String {
        let index = file.lineIndex
        let local = max(0, min(range.lowerBound - file.baseOffset, file.bytes.count))
        let lineNumber = index.line(containing: local)
        let line = index.lineRange(lineNumber, in: file.bytes)
        let localEnd = max(local, min(range.upperBound - file.baseOffset, line.upperBound))
        var shown = ""
        var carets = ""
        var caretCount = 0
        var i = line.lowerBound
        // Skip to the window's start, in characters (through the line index: on a long line
        // that costs a scan from a nearby mark, not from the line's start).
        let startColumn = index.position(ofLocal: local, in: file.bytes, unit: .characters).column
        let windowStart = max(0, startColumn - lineWindow / 2)
        var previous: Unicode.Scalar? = nil
        if windowStart > 0 {
            let last = index.offset(of: SourcePosition(line: lineNumber, column: windowStart - 1), in: file.bytes,
                                    unit: .characters)
            let length = LineIndex.scalarLength(file.bytes, at: last, limit: line.upperBound)
            previous = Self.scalar(file.bytes, last, length)
            i = last + length
            shown += "…"
            carets += " "
        }
        var count = 0
        while i < line.upperBound, count < lineWindow {
            let length = LineIndex.scalarLength(file.bytes, at: i, limit: line.upperBound)
            let scalar = Self.scalar(file.bytes, i, length)
            // What this character shows as, and how many columns that takes.
            let piece: String
            let width: Int
            if scalar == "\t" {
                piece = "\t"
                width = 1
            } else if asTyped {
                piece = ""
                width = DisplayWidth.isControl(scalar) ? 2 : DisplayWidth.of(scalar)
            } else if let replacement = TerminalText.replacement(for: scalar, after: previous) {
                piece = replacement
                width = replacement.utf8.count  // escapes and names are ASCII
            } else {
                piece = String(scalar)
                width = DisplayWidth.of(scalar)
            }
            shown += piece
            if i < local {
                carets += piece == "\t" ? "\t" : String(repeating: " ", count: width)
            } else if i < localEnd || i == local {
                carets += String(repeating: "^", count: width)
                caretCount += width
            }
            previous = scalar
            i += length
            count += 1
        }
        if i < line.upperBound { shown += "…" }
        // A range at the end of the line, or one of characters that take no column (a
        // combining mark): one caret where it is.
        if caretCount == 0 { carets += "^" }
        return shown + "\n" + paint(carets, "\u{1B}[1;32m") + "\n"
    }

    /// The character at `i` (`length` bytes); U+FFFD for an invalid byte.
    static func scalar(_ bytes: [UInt8], _ i: Int, _ length: Int) -> Unicode.Scalar {
        String(decoding: bytes[i..<(i + length)], as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
    }
}
