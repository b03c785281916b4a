import RPNTestSupport
import Testing
@testable import RPNLanguageServer

/// Where the edits since an analysis leave whole lines: moved, untouched, or touched (then no
/// answer from that analysis). Texts are ASCII, so bytes are characters.
@Suite struct EditsSinceAnalysisTests {
    /// `text` with `range` replaced by `inserted`, and the edit as the document records it.
    static func edit(_ text: [UInt8], _ range: Swift.Range<Int>, _ inserted: String) -> ([UInt8], TextReplacement) {
        var after = text
        after.replaceSubrange(range, with: inserted.utf8)
        let endsAtLineStart = TextReplacement.startsLine(at: range.upperBound, in: text)
            && TextReplacement.startsLine(at: range.lowerBound + inserted.utf8.count, in: after)
        return (after, TextReplacement(range: range, count: inserted.utf8.count, endsAtLineStart: endsAtLineStart))
    }

    /// The edits, applied in turn to `text`: the final text and the list.
    static func edits(_ text: String, _ steps: [(Swift.Range<Int>, String)]) -> (old: [UInt8], new: [UInt8], edits: EditsSinceAnalysis) {
        var bytes = Array(text.utf8), edits = EditsSinceAnalysis()
        for (range, inserted) in steps {
            let (after, replacement) = edit(bytes, range, inserted)
            bytes = after
            edits.append(replacement)
        }
        return (Array(text.utf8), bytes, edits)
    }

    /// The delta of the line of the current text holding `offset` (nil: touched).
    static func delta(_ e: (old: [UInt8], new: [UInt8], edits: EditsSinceAnalysis), line offset: Int) -> Int? {
        e.edits.delta(ofCurrent: .init(holding: offset..<offset, in: e.new))
    }

    @Test func aLineInsertedAboveMovesTheLinesBelow() {
        let e = Self.edits("1 2 +\n3 4 ×\n", [(0..<0, "7\n")])
        #expect(Self.delta(e, line: 0) == nil, "the new line is no line of the old text")
        #expect(Self.delta(e, line: 2) == 2, "1 2 + moved by two bytes")
        #expect(Self.delta(e, line: 8) == 2)
    }

    @Test func textInsertedAtALineStartWithoutALineBreakTouchesIt() {
        let e = Self.edits("1 2 +\n3 4 ×\n", [(6..<6, "9")])  // `93 4 ×`: 3 is now 93
        #expect(Self.delta(e, line: 7) == nil)
        #expect(Self.delta(e, line: 0) == 0, "the line before ends with its line break: untouched")
    }

    @Test func aLineBreakInsertedInsideALineTouchesBothHalves() {
        let e = Self.edits("ab cd\nx\n", [(1..<1, "\n")])  // `a` and `b cd`: the token ab is gone
        #expect(Self.delta(e, line: 0) == nil)
        #expect(Self.delta(e, line: 2) == nil, "b cd starts where ab was cut")
        #expect(Self.delta(e, line: 7) == 1)
    }

    @Test func aWholeLineDeletedAboveMovesTheLinesBelowBack() {
        let e = Self.edits("1\n2 3 +\n4\n", [(0..<2, "")])
        #expect(Self.delta(e, line: 0) == -2, "2 3 + now starts the text")
        #expect(Self.delta(e, line: 6) == -2)
    }

    @Test func aLineBreakDeletedJoinsTwoLines() {
        let e = Self.edits("1 2\n3 +\n", [(3..<4, "")])  // `1 23 +`
        #expect(Self.delta(e, line: 0) == nil)
    }

    @Test func anEditAtTheEndOfTheLastLineExtendsIt() {
        let e = Self.edits("1\n2 +", [(5..<5, "5")])  // `2 +5`: another token
        #expect(Self.delta(e, line: 2) == nil)
        #expect(Self.delta(e, line: 0) == 0)
        let deleted = Self.edits("1\n2 +5", [(5..<6, "")])
        #expect(Self.delta(deleted, line: 2) == nil, "what followed the last line was part of it")
    }

    @Test func anEditAfterALinesBreakLeavesIt() {
        let e = Self.edits("1 2 +\n3\n", [(6..<7, "45")])
        #expect(Self.delta(e, line: 0) == 0)
        #expect(Self.delta(e, line: 6) == nil)
    }

    @Test func aCarriageReturnGivenItsLineFeedKeepsTheLinesApart() {
        // `1\r` + `2`: inserting `\n` after the lone `\r` makes one line break of two bytes.
        let e = Self.edits("1\r2 +\n", [(2..<2, "\n")])
        #expect(Self.delta(e, line: 3) == 1, "2 + is the same line, one byte later")
        // Text inserted between the `\r` and the `\n` of `\r\n` is a line of its own (`x`),
        // which is no line of the text before; the lines around it keep their tokens.
        let split = Self.edits("1\r\n2 +\n", [(2..<2, "x")])
        #expect(Self.delta(split, line: 2) == nil)
        #expect(Self.delta(split, line: 4) == 1)
        #expect(Self.delta(split, line: 0) == 0)
    }

    @Test func editsComposeInOrder() {
        // A line inserted above, then one deleted above that, then an edit below.
        let e = Self.edits("a\nb\nc d\ne\n", [(0..<0, "x y\n"), (4..<6, ""), (10..<11, "ee")])
        // Now: "x y\nb\nc d\nee\n" with `c d` at 6, where it was at 4.
        #expect(e.new == Array("x y\nb\nc d\nee\n".utf8))
        #expect(Self.delta(e, line: 6) == 2)
        #expect(Self.delta(e, line: 4) == 2, "b")
        #expect(Self.delta(e, line: 10) == nil, "ee")
    }

    @Test func theAnalysedTextsLinesMoveForwardTheSameWay() {
        let e = Self.edits("1 2 +\n3 4 ×\n5\n", [(0..<0, "7\n"), (15..<16, "6")])
        #expect(e.edits.delta(ofAnalysed: .init(holding: 6..<11, in: e.old)) == 2, "3 4 × moved down a line")
        #expect(e.edits.delta(ofAnalysed: .init(holding: 13..<14, in: e.old)) == nil, "5 became 6")
        #expect(e.edits.delta(ofAnalysed: .init(holding: 0..<1, in: e.old)) == 2)
    }

    @Test func aPlaceInsideAnEditIsNearestToTheEditsStart() {
        let e = Self.edits("1 2 +\nsq\n", [(8..<8, "rt x")])  // `sqrt x`
        #expect(e.edits.analysedOffset(near: 8) == 8)
        #expect(e.edits.analysedOffset(near: 10) == 8, "inside what was typed")
        #expect(e.edits.analysedOffset(near: 12) == 8)
        #expect(e.edits.analysedOffset(near: 13) == 9, "the line break after it")
        #expect(e.edits.analysedOffset(near: 3) == 3)
    }

    @Test func anEditThatChangesNothingIsNotKept() {
        var edits = EditsSinceAnalysis()
        edits.append(TextReplacement(range: 4..<4, count: 0, endsAtLineStart: false))
        #expect(edits.isEmpty)
    }

    @Test func linesHoldingARange() {
        let text = Array("ab\r\ncd\nef".utf8)
        #expect(EditsSinceAnalysis.Lines(holding: 1..<1, in: text) == .init(bytes: 0..<4, endsWithLineBreak: true))
        #expect(EditsSinceAnalysis.Lines(holding: 0..<4, in: text) == .init(bytes: 0..<4, endsWithLineBreak: true),
                "an end at a line's start does not hold that line")
        #expect(EditsSinceAnalysis.Lines(holding: 1..<5, in: text) == .init(bytes: 0..<7, endsWithLineBreak: true))
        #expect(EditsSinceAnalysis.Lines(holding: 8..<8, in: text) == .init(bytes: 7..<9, endsWithLineBreak: false))
        #expect(EditsSinceAnalysis.Lines(holding: 9..<9, in: text) == .init(bytes: 7..<9, endsWithLineBreak: false))
    }

    /// Random texts and edits: whenever lines are said to be untouched, the other text has the
    /// same bytes there, starting a line (and ending the text when they did), so the lexer
    /// reads the same tokens in them. And lines far from every edit are never said touched.
    @Test func untouchedLinesAreTheSameLinesOnBothSides() {
        var random = SeededGenerator(state: 17)
        let pieces = ["1", "ab", " ", "\n", "\r", "\r\n", "+", "xy z"]
        func text(_ count: Int) -> String { (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined() }
        func lines(of bytes: [UInt8]) -> [EditsSinceAnalysis.Lines] {
            var result: [EditsSinceAnalysis.Lines] = [], start = 0
            while true {
                let lines = EditsSinceAnalysis.Lines(holding: start..<start, in: bytes)
                result.append(lines)
                guard lines.endsWithLineBreak else { return result }
                start = lines.bytes.upperBound
            }
        }
        func same(_ lines: EditsSinceAnalysis.Lines, _ bytes: [UInt8], _ delta: Int, _ other: [UInt8]) -> Bool {
            let there = (lines.bytes.lowerBound + delta)..<(lines.bytes.upperBound + delta)
            guard there.lowerBound >= 0, there.upperBound <= other.count,
                  TextReplacement.startsLine(at: there.lowerBound, in: other) else { return false }
            return bytes[lines.bytes].elementsEqual(other[there]) && (lines.endsWithLineBreak || there.upperBound == other.count)
        }
        var untouched = 0
        for _ in 0..<400 {
            var steps: [(Swift.Range<Int>, String)] = []
            var bytes = Array(text(Int.random(in: 0...30, using: &random)).utf8)
            let old = bytes
            var lowest = Int.max
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let lower = Int.random(in: 0...bytes.count, using: &random)
                let upper = Int.random(in: lower...min(bytes.count, lower + 4), using: &random)
                let inserted = text(Int.random(in: 0...2, using: &random))
                steps.append((lower..<upper, inserted))
                bytes.replaceSubrange(lower..<upper, with: inserted.utf8)
                lowest = min(lowest, lower)
            }
            let e = Self.edits(String(decoding: old, as: UTF8.self), steps)
            for line in lines(of: e.new) {
                if let delta = e.edits.delta(ofCurrent: line) {
                    #expect(same(line, e.new, -delta, e.old), "\(old) \(steps) \(line)")
                    untouched += 1
                }
                if line.endsWithLineBreak, line.bytes.upperBound < lowest {
                    #expect(e.edits.delta(ofCurrent: line) == 0, "a line before every edit")
                }
            }
            for line in lines(of: e.old) {
                if let delta = e.edits.delta(ofAnalysed: line) { #expect(same(line, e.old, delta, e.new)) }
            }
        }
        #expect(untouched > 200, "the property was checked on lines that moved or stayed")
    }
}
