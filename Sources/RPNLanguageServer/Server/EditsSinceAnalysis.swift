/// The edits applied to a document since the text of its newest finished analysis, in order,
/// and where they leave whole lines: a request whose lines no edit touched can be answered
/// from that analysis, its places moved by what the edits inserted and deleted before them,
/// instead of waiting for the analysis of the new version (see `AnalysisView`).
///
/// Lines are the unit because tokens never span a line break: lines with the same bytes, each
/// beginning a line on both sides, hold the same tokens. What the tokens mean (a value, a
/// word's effect) may still depend on text elsewhere that an edit changed; that is the price
/// of an answer now, and the analysis of the new version follows at once.
///
/// Pure: offsets in, offsets out; the texts themselves are not kept.
struct EditsSinceAnalysis: Equatable {
    private(set) var replacements: [TextReplacement] = []

    var isEmpty: Bool { replacements.isEmpty }

    mutating func append(_ replacement: TextReplacement) {
        guard !replacement.range.isEmpty || replacement.count > 0 else { return }  // it changed nothing
        replacements.append(replacement)
    }

    /// Whole lines of a text: from a line's start to the start of the line after the last (its
    /// line break included), or to the end of the text.
    struct Lines: Equatable {
        var bytes: Swift.Range<Int>
        /// False for lines that run to the end of the text: an edit there extends the last line.
        var endsWithLineBreak: Bool

        /// The lines holding `range` of `bytes` (with an exclusive end: a range that ends at a
        /// line's start does not hold that line; an empty one holds the line it is on).
        init(holding range: Swift.Range<Int>, in bytes: [UInt8]) {
            var start = min(range.lowerBound, bytes.count)
            while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
            var end = max(start, min(range.isEmpty ? range.lowerBound : range.upperBound - 1, bytes.count))
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            guard end < bytes.count else {
                self.init(bytes: start..<end, endsWithLineBreak: false)
                return
            }
            if bytes[end] == 0x0D, end + 1 < bytes.count, bytes[end + 1] == 0x0A { end += 1 }
            self.init(bytes: start..<(end + 1), endsWithLineBreak: true)
        }

        init(bytes: Swift.Range<Int>, endsWithLineBreak: Bool) {
            self.bytes = bytes
            self.endsWithLineBreak = endsWithLineBreak
        }
    }

    /// How far lines of the current text moved since the analysed text (their offsets there are
    /// theirs here minus it); nil when an edit touched them.
    func delta(ofCurrent lines: Lines) -> Int? {
        var lines = lines, delta = 0
        for edit in replacements.reversed() {
            guard !Self.touches(edit.inserted, endingAtLineStart: edit.endsAtLineStart, lines) else { return nil }
            if edit.inserted.upperBound <= lines.bytes.lowerBound {  // after the edit: moved by it
                lines.bytes = (lines.bytes.lowerBound - edit.shift)..<(lines.bytes.upperBound - edit.shift)
                delta += edit.shift
            }
        }
        return delta
    }

    /// How far lines of the analysed text moved since (their offsets in the current text are
    /// theirs there plus it); nil when an edit touched them.
    func delta(ofAnalysed lines: Lines) -> Int? {
        var lines = lines, delta = 0
        for edit in replacements {
            guard !Self.touches(edit.range, endingAtLineStart: edit.endsAtLineStart, lines) else { return nil }
            if edit.range.upperBound <= lines.bytes.lowerBound {
                lines.bytes = (lines.bytes.lowerBound + edit.shift)..<(lines.bytes.upperBound + edit.shift)
                delta += edit.shift
            }
        }
        return delta
    }

    /// The place in the analysed text nearest to `offset` of the current text: exact outside
    /// the edits, the start of an edit for a place inside what it inserted. For answers that
    /// only need to know what comes before a place (completion's candidates).
    func analysedOffset(near offset: Int) -> Int {
        var offset = offset
        for edit in replacements.reversed() {
            if offset >= edit.inserted.upperBound {
                offset -= edit.shift
            } else if offset > edit.range.lowerBound {
                offset = edit.range.lowerBound
            }
        }
        return offset
    }

    /// Whether an edit (its bytes in the same text as `lines`) touches them: shares a byte with
    /// them, or ends where they begin without a line start on both sides there (it joins the
    /// first line to what comes before), or begins where lines without a final line break end
    /// (it extends the last). An edit ending at their start, at a line start on both sides, or
    /// beginning after their line break, leaves every token in them as it was.
    static func touches(_ edit: Swift.Range<Int>, endingAtLineStart: Bool, _ lines: Lines) -> Bool {
        let reachesEnd = edit.lowerBound < lines.bytes.upperBound
            || (edit.lowerBound == lines.bytes.upperBound && !lines.endsWithLineBreak)
        let reachesStart = edit.upperBound > lines.bytes.lowerBound
            || (edit.upperBound == lines.bytes.lowerBound && !endingAtLineStart)
        return reachesEnd && reachesStart
    }
}
