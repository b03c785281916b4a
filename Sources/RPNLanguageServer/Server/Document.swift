import RPNCore
import RPNJSON

/// One open text document: its bytes, the line index over them, and the analysis of the
/// current version (computed on demand, dropped on every edit and when not used for a while).
final class Document {
    let uri: String
    private(set) var version: Int
    private(set) var bytes: [UInt8]
    /// Line starts kept up to date by each edit; the `LineIndex` answers are given with is
    /// built from the text when one is needed, once per version.
    private var lineStarts: LineStarts
    private var cachedLineIndex: LineIndex?
    var lineIndex: LineIndex {
        if let cachedLineIndex { return cachedLineIndex }
        let index = LineIndex(bytes, lineStarts: lineStarts.starts)
        cachedLineIndex = index
        return index
    }
    private var cachedAnalysis: DocumentAnalysis?
    /// The previous version's analysis, kept to recycle its storage and, until this version's
    /// is made, to answer requests whose lines the edits since left alone (`olderAnalysis`).
    private var staleAnalysis: DocumentAnalysis?
    /// The edits since `staleAnalysis`'s text; nil when it cannot answer for this version (a
    /// setting changed since, or there is none).
    private var editsSinceAnalysis: EditsSinceAnalysis?
    /// When the analysis was last asked for (see `AnalysisRetention`).
    private(set) var lastUsed = ContinuousClock.now
    /// The last semantic tokens answer, for `full/delta`.
    var semanticTokensBaseline: SemanticTokensBaseline?
    /// The result id of the diagnostics last pulled for this text and settings; nil once
    /// either changes, so a pull with the id it had gets the new diagnostics.
    var diagnosticsResultID: String?
    /// Trigonometry's unit (the `angleUnit` setting); changing it re-analyses.
    var angleUnit = AngleUnit.radians {
        didSet { if angleUnit != oldValue { settingChanged() } }
    }
    /// Exact arithmetic or doubles (the `exact` setting); changing it re-analyses.
    var exact = true {
        didSet { if exact != oldValue { settingChanged() } }
    }
    /// Inexact values with N digits (the `digits` setting; nil: doubles); changing it re-analyses.
    var digits: Int? {
        didSet { if digits != oldValue { settingChanged() } }
    }
    /// Complex answers where a real has none (the `complex` setting); changing it re-analyses.
    var complex = false {
        didSet { if complex != oldValue { settingChanged() } }
    }

    /// An analysis made with the other setting answers nothing about this text any more.
    private func settingChanged() {
        editsSinceAnalysis = nil
        analysisInputsChanged()
    }

    /// The text changed: the edit joins those since the newest finished analysis (a list of
    /// its own when that analysis is the one just made stale).
    private func textChanged(_ replacement: TextReplacement) {
        if cachedAnalysis != nil { editsSinceAnalysis = EditsSinceAnalysis() }
        editsSinceAnalysis?.append(replacement)
        analysisInputsChanged()
    }

    /// The newest finished analysis, of an older version, and the edits since, while this
    /// version has none yet (see `AnalysisView`).
    var olderAnalysis: (analysis: DocumentAnalysis, edits: EditsSinceAnalysis)? {
        guard cachedAnalysis == nil, let staleAnalysis, let editsSinceAnalysis else { return nil }
        return (staleAnalysis, editsSinceAnalysis)
    }
    /// Where `include` reads the files the document names (nil: it reads none).
    var includeFiles: IncludeFileSystem?

    /// A file the document includes was edited: the analysis goes.
    func includedFileChanged() { analysisInputsChanged() }

    /// The text or a setting the analysis runs with changed: the analysis goes (its storage
    /// kept to be recycled), and with it what was said about its diagnostics.
    /// Bytes between the analysis' checkpoints (`ServerConfiguration.checkpointSpacing`).
    var checkpointSpacing = Machine.defaultCheckpointSpacing

    private func analysisInputsChanged() {
        diagnosticsResultID = nil
        guard let cachedAnalysis else { return }
        staleAnalysis = cachedAnalysis
        self.cachedAnalysis = nil
    }

    init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        self.bytes = Array(text.utf8)
        let index = LineIndex(bytes)
        self.cachedLineIndex = index
        self.lineStarts = LineStarts(index)
    }

    /// Applies one `TextDocumentContentChangeEvent`: a range edit, or the whole text. A range
    /// at a place the text does not have (a line past the last, a character past its line's
    /// end) is refused, the text left as it was: the client's text is another, and clamping
    /// the range would make it silently different from the client's.
    func apply(_ change: TextDocumentContentChangeEvent, encoding: PositionEncoding) throws(ResponseError) {
        let text = change.text
        if let range = change.range {
            func offset(_ position: Position) throws(ResponseError) -> Int {
                guard let offset = lineStarts.offset(of: position.source, in: bytes, unit: encoding.unit) else {
                    let lines = lineStarts.lineCount
                    let place = position.line < lines
                        ? "character \(position.character) is past the end of line \(position.line)"
                        : "line \(position.line) is past the last line, \(lines - 1)"
                    throw .invalidParams("a change's range is outside the text of version \(version): \(place) "
                                         + "(\(encoding.rawValue) code units)")
                }
                return offset
            }
            let lower = try offset(range.start), upper = try offset(range.end)
            semanticTokensBaseline?.replaced(lower..<upper, in: bytes.count)
            let inserted = text.utf8.count
            let endedLine = TextReplacement.startsLine(at: upper, in: bytes)
            bytes.replaceSubrange(lower..<upper, with: text.utf8)
            lineStarts.replace(lower..<upper, withCount: inserted, in: bytes)
            cachedLineIndex = nil
            textChanged(TextReplacement(range: lower..<upper, count: inserted,
                                        endsAtLineStart: endedLine && TextReplacement.startsLine(at: lower + inserted, in: bytes)))
        } else {
            // What really changed: clients that send whole texts edit a little too.
            let new = Array(text.utf8)
            let shorter = min(bytes.count, new.count)
            var prefix = 0, suffix = 0
            while prefix < shorter, bytes[prefix] == new[prefix] { prefix += 1 }
            while suffix < shorter - prefix, bytes[bytes.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
            semanticTokensBaseline?.replaced(prefix..<(bytes.count - suffix), in: bytes.count)
            let replacement = TextReplacement(
                range: prefix..<(bytes.count - suffix), count: new.count - suffix - prefix,
                endsAtLineStart: TextReplacement.startsLine(at: bytes.count - suffix, in: bytes)
                    && TextReplacement.startsLine(at: new.count - suffix, in: new))
            bytes = new
            let index = LineIndex(bytes)
            cachedLineIndex = index
            lineStarts = LineStarts(index)
            textChanged(replacement)
        }
    }

    func setVersion(_ version: Int) { self.version = version }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The tokens of lines `lines` (clamped to the document), lexed from the text: lines
    /// begin tokens, so this is exactly what lexing the whole text gives for them.
    func forEachToken(inLines lines: Swift.Range<Int>, _ body: (Token) throws(ResponseError) -> Void) throws(ResponseError) {
        let first = max(0, min(lines.lowerBound, lineIndex.lineCount))
        let end = max(first, min(lines.upperBound, lineIndex.lineCount))
        guard first < end else { return }
        let lower = lineIndex.lineStarts[first]
        let upper = end < lineIndex.lineCount ? lineIndex.lineStarts[end] : bytes.count
        try bytes.withUnsafeBufferPointer { buffer throws(ResponseError) in
            var lexer = Lexer(bytes: UnsafeBufferPointer(rebasing: buffer[lower..<upper]), base: lower)
            while let token = lexer.next() { try body(token) }
        }
    }

    var hasAnalysis: Bool { cachedAnalysis != nil }

    /// The analysis if it has been made, without making it.
    var analysisIfMade: DocumentAnalysis? { cachedAnalysis }

    /// Lets the analysis go (it is made again when asked for); returns whether there was one.
    @discardableResult
    func releaseAnalysis() -> Bool {
        defer { cachedAnalysis = nil; staleAnalysis = nil; editsSinceAnalysis = nil }
        return cachedAnalysis != nil || staleAnalysis != nil
    }

    var analysis: DocumentAnalysis {
        lastUsed = ContinuousClock.now
        if let cachedAnalysis { return cachedAnalysis }
        let source = DocumentIncludes.source(uri: uri, bytes: bytes)
        let analysis = DocumentAnalysis(source, angleUnit: angleUnit, exact: exact, digits: digits, complex: complex,
                                        checkpointSpacing: checkpointSpacing,
                                        recycling: staleAnalysis,
                                        includes: includeFiles.map { DocumentIncludes(document: source, fileSystem: $0) })
        staleAnalysis = nil
        cachedAnalysis = analysis
        return analysis
    }

    // MARK: - Positions (the one conversion point is LineIndex)

    func offset(of position: Position, encoding: PositionEncoding) -> Int {
        lineIndex.offset(of: position.source, in: bytes, unit: encoding.unit)
    }

    func position(of offset: Int, encoding: PositionEncoding) -> Position {
        Position(lineIndex.position(ofLocal: offset, in: bytes, unit: encoding.unit))
    }

    /// The bytes of a range. Its ends are in order (`Range(json:)` refuses the others), and so
    /// are their offsets: a position past its line's end is the line's end, before the next.
    func offsets(of range: Range, encoding: PositionEncoding) -> Swift.Range<Int> {
        offset(of: range.start, encoding: encoding)..<offset(of: range.end, encoding: encoding)
    }

    func range(of range: Swift.Range<Int>, encoding: PositionEncoding) -> Range {
        Range(start: position(of: range.lowerBound, encoding: encoding),
              end: position(of: range.upperBound, encoding: encoding))
    }
}
