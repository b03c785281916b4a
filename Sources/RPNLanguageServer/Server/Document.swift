import RPNCore
import RPNJSON

/// One open text document: its bytes, the line index over them, and the analysis of the
/// current version (computed on demand, dropped on every edit).
final class Document {
    let uri: String
    private(set) var version: Int
    private(set) var bytes: [UInt8]
    private(set) var lineIndex: LineIndex
    private var cachedAnalysis: DocumentAnalysis?
    /// The previous version's analysis, kept only to recycle its storage.
    private var staleAnalysis: DocumentAnalysis?
    /// Trigonometry's unit (the `angleUnit` setting); changing it re-analyses.
    var angleUnit = AngleUnit.radians {
        didSet {
            guard angleUnit != oldValue, let cachedAnalysis else { return }
            staleAnalysis = cachedAnalysis
            self.cachedAnalysis = nil
        }
    }

    init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        self.bytes = Array(text.utf8)
        self.lineIndex = LineIndex(bytes)
    }

    /// Applies one `TextDocumentContentChangeEvent`: a range edit, or the whole text.
    func apply(_ change: JSONValue, encoding: PositionEncoding) throws(ResponseError) {
        guard let text = change["text"]?.stringValue else { throw .invalidParams("a content change needs text") }
        if let rangeJSON = change["range"], !rangeJSON.isNull {
            let range = try Range(json: rangeJSON)
            var lower = offset(of: range.start, encoding: encoding)
            var upper = offset(of: range.end, encoding: encoding)
            if lower > upper { swap(&lower, &upper) }
            bytes.replaceSubrange(lower..<upper, with: text.utf8)
        } else {
            bytes = Array(text.utf8)
        }
        lineIndex = LineIndex(bytes)
        if let cachedAnalysis { staleAnalysis = cachedAnalysis }
        cachedAnalysis = nil
    }

    func setVersion(_ version: Int) { self.version = version }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    var analysis: DocumentAnalysis {
        if let cachedAnalysis { return cachedAnalysis }
        let analysis = DocumentAnalysis(SourceFile(name: uri, bytes: bytes), angleUnit: angleUnit,
                                        recycling: staleAnalysis)
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

    func range(of range: Swift.Range<Int>, encoding: PositionEncoding) -> Range {
        Range(start: position(of: range.lowerBound, encoding: encoding),
              end: position(of: range.upperBound, encoding: encoding))
    }
}
