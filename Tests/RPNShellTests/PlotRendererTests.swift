#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation
@testable import RPNShell
import Testing

@Suite struct PlotTerminalTests {
    static func render(_ program: String, from: Double, to: Double, width: Int = 60, height: Int = 16,
                       braille: Bool = true) -> [String] {
        let plot = PlotFixture.plot(program, from: from, to: to, count: TerminalPlotRenderer.sampleCount(width: width))
        return PlotFixture.lines(TerminalPlotRenderer.render(plot, width: width, height: height, braille: braille))
    }

    /// The dot columns set in one braille character (0 left, 1 right) by row (0...3).
    static func dots(_ c: Character) -> [(column: Int, row: Int)] {
        guard PlotFixture.isBraille(c) else { return [] }
        let bits = c.unicodeScalars.first!.value - 0x2800
        let layout: [(UInt32, Int, Int)] = [(0x01, 0, 0), (0x02, 0, 1), (0x04, 0, 2), (0x40, 0, 3),
                                            (0x08, 1, 0), (0x10, 1, 1), (0x20, 1, 2), (0x80, 1, 3)]
        return layout.filter { bits & $0.0 != 0 }.map { ($0.1, $0.2) }
    }

    @Test(arguments: [
        ("1 M ÷", -5.0, 5.0, 60, 16, true), ("M", -1, 1, 40, 12, true), ("M M ×", -3, 3, 80, 24, false),
        ("M sin", -10, 10, 200, 50, true), ("M tan", -5, 5, 30, 8, false), ("1e300 M ×", -1, 1, 50, 10, true),
        ("M", 0, 1, 10, 4, true), ("M", 0, 1, 8, 4, true), ("M", 0, 1, 9, 3, true), ("M", 0, 1, 1, 1, true),
        ("M", 0, 1, 5, 2, false), ("M √", -4, -1, 40, 10, true), ("M M ×", -3, 3, 40, 10, true),
    ])
    func exactlyHeightLinesOfAtMostWidth(program: String, from: Double, to: Double, width: Int, height: Int,
                                         braille: Bool) {
        let text = TerminalPlotRenderer.render(PlotFixture.plot(program, from: from, to: to, count: 4 * width),
                                               width: width, height: height, braille: braille)
        #expect(text.hasSuffix("\n"))
        let lines = PlotFixture.lines(text)
        #expect(lines.count == height)
        for line in lines { #expect(line.count <= width, "\(line)") }
        #expect(!text.contains("\u{1B}"))
    }

    @Test func diagonalRunsCornerToCorner() throws {
        let lines = Self.render("M", from: -1, to: 1, width: 40, height: 12)
        let top = lines[1], bottom = lines[10]
        // The top row's curve ends in its last cell, at the top right dot.
        let last = try #require(top.last)
        #expect(Self.dots(last).contains { $0.column == 1 && $0.row == 0 })
        // A diagonal across at most 40 columns and 10 rows crosses a row in at most 4 cells (5 with
        // rounding): the top row's curve is one short run that ends the line.
        let cells = Array(top)
        let run = cells.reversed().prefix { PlotFixture.isBraille($0) }.count
        #expect(run >= 2 && run <= 5, "\(top)")
        #expect(cells.filter { PlotFixture.isBraille($0) }.count == run, "one run, nothing else: \(top)")
        // The bottom row's curve starts right after the labels, at the bottom left dot; nothing left of it.
        let firstIndex = try #require(bottom.firstIndex(where: PlotFixture.isBraille))
        #expect(Self.dots(bottom[firstIndex]).contains { $0.column == 0 && $0.row == 3 })
        #expect(bottom[..<firstIndex].trimmingCharacters(in: .whitespaces) == "-1")
        #expect(top.firstIndex(where: PlotFixture.isBraille).map { top.distance(from: top.startIndex, to: $0) } ?? 0 > 30)
        // Through the origin: the axes cross where the curve passes, in the middle rows.
        let middle = lines[1...10].filter { $0.contains("┬") || $0.contains("─") }
        #expect(middle.count == 1)
    }

    @Test func parabolaIsSymmetric() {
        let lines = Self.render("M M ×", from: -3, to: 3, width: 61, height: 20)
        // The plot area: the columns after the y labels, up to the width.
        // The y labels are right-aligned numbers followed by one blank.
        var labelWidth = 0
        for line in lines[1...18] {
            let leading = line.prefix { $0 == " " }.count
            let token = line.dropFirst(leading).prefix { $0 != " " }
            if Double(String(token)) != nil { labelWidth = max(labelWidth, leading + token.count) }
        }
        var mirrored = 0
        for line in lines[1...18] {
            let cells = Array(line.padding(toLength: 61, withPad: " ", startingAt: 0)).dropFirst(labelWidth + 1)
            let area = Array(cells)
            var set: Set<Int> = []
            for (i, c) in area.enumerated() { for d in Self.dots(c) { set.insert(2 * i + d.column) } }
            let width = 2 * area.count
            #expect(set == Set(set.map { width - 1 - $0 }), "\(lines.joined(separator: "\n"))")
            mirrored += set.isEmpty ? 0 : 1
        }
        #expect(mirrored >= 15)
    }

    @Test(arguments: [true, false])
    func oneOverMHasNoVerticalLineAtZero(braille: Bool) throws {
        let lines = Self.render("1 M ÷", from: -5, to: 5, width: 60, height: 16, braille: braille)
        let rows = Array(lines[1..<15])
        let axisRow = try #require(rows.first { $0.contains("┼") })
        let column = try #require(Array(axisRow).firstIndex(of: "┼"))
        let blocks: Set<Character> = ["▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"]
        func curve(_ c: Character) -> Bool { braille ? PlotFixture.isBraille(c) : blocks.contains(c) }
        let inColumn = rows.map { row -> Bool in
            let characters = Array(row)
            return column < characters.count && curve(characters[column])
        }
        #expect(inColumn.contains(false))
        // Around y = 0 the column at x = 0 is only axis.
        let middle = try #require(rows.firstIndex(of: axisRow))
        #expect(!inColumn[middle - 1] && !inColumn[middle] && !inColumn[middle + 1])
        // Both branches are there: curve left of the axis below it, right of it above it.
        let geometry = PlotGeometry(PlotFixture.plot("1 M ÷", from: -5, to: 5, count: 240))
        let polylines = geometry.polylines(PlotFixture.plot("1 M ÷", from: -5, to: 5, count: 240).points)
        #expect(polylines.count >= 2)
        for line in polylines { #expect(line.allSatisfy { $0.u < 0.5 } || line.allSatisfy { $0.u > 0.5 }) }
    }

    @Test func titleIsCentered() {
        let lines = Self.render("1 M ÷ sin", from: -1, to: 1, width: 60, height: 16)
        let title = "sin(1÷M)"
        #expect(lines[0] == String(repeating: " ", count: (60 - title.count) / 2) + title)
    }

    @Test func axesAndTickLabels() {
        let lines = Self.render("M 2 × 1 +", from: -2, to: 2, width: 60, height: 16)
        #expect(lines.last!.split(separator: " ") == ["-2", "-1", "0", "1", "2"])
        let yLabels = lines[1..<15].compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { Double($0) != nil }
        #expect(yLabels == ["4", "2", "0", "-2"])
        #expect(lines.filter { $0.contains("┼") }.count == 1)  // the axes cross at the origin
        #expect(lines.filter { $0.contains("│") }.count >= 8)
        #expect(lines.filter { $0.contains("─") }.count == 1)
    }

    @Test func axesAlongTheEdgesWhenZeroIsOutside() {
        let lines = Self.render("M", from: 1, to: 3, width: 40, height: 10)
        // y from 1 to 3: the x axis is the bottom row, the y axis the first plot column.
        #expect(lines[8].contains("┬") && lines[8].contains("─"))
        #expect(lines[1..<8].allSatisfy { $0.contains("┤") || $0.contains("│") || $0.contains("┐") }, "\(lines.joined(separator: "\n"))")
        #expect(lines.last!.split(separator: " ").first == "1")
    }

    @Test func longTitlesAreCutAndEmptyPlotsSaySo() {
        let plot = Plot(title: String(repeating: "x", count: 100), variable: "M",
                        points: [PlotPoint(x: 0, y: nil), PlotPoint(x: 1, y: nil)])
        let lines = PlotFixture.lines(TerminalPlotRenderer.render(plot, width: 30, height: 8))
        #expect(lines[0] == String(repeating: "x", count: 29) + "…")
        #expect(lines.contains { $0.contains("no values") })
        #expect(lines.count == 8)
    }

    @Test func colourWrapsTheCurveAndTitle() {
        let plot = PlotFixture.plot("M", from: -1, to: 1, count: 100)
        let text = TerminalPlotRenderer.render(plot, width: 30, height: 8, colour: true)
        #expect(text.contains("\u{1B}[36m"))
        #expect(text.hasPrefix("\u{1B}[1m") || text.contains("\u{1B}[1mM"))
        #expect(PlotFixture.lines(text).count == 8)
    }
}

@Suite struct PlotSVGTests {
    /// Parses the document, returning the title texts and the curve's path data.
    final class Reader: NSObject, XMLParserDelegate {
        var texts: [String] = []
        var titles: [String] = []
        var curves: [String] = []
        var root: [String: String] = [:]
        private var inText = false, inTitle = false, current = ""

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if name == "svg" { root = attributes }
            if name == "path", attributes["stroke"] == "#1f77b4" { curves.append(attributes["d"] ?? "") }
            if name == "text" || name == "title" { current = "" }
            inText = name == "text"; inTitle = name == "title"
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { current += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" { texts.append(current) }
            if name == "title" { titles.append(current) }
        }
    }

    static func parse(_ svg: String) throws -> Reader {
        let parser = XMLParser(data: Data(svg.utf8))
        let reader = Reader()
        parser.delegate = reader
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        return reader
    }

    @Test func oneOverMIsWellFormedWithTwoBranches() throws {
        let plot = PlotFixture.plot("1 M ÷", from: -5, to: 5, count: SVGPlotRenderer.sampleCount(width: 640))
        let svg = SVGPlotRenderer.render(plot)
        let reader = try Self.parse(svg)
        #expect(reader.root["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(reader.root["viewBox"] == "0 0 640 400")
        #expect(reader.root["width"] == "640" && reader.root["height"] == "400")
        #expect(reader.titles == ["1÷M"])
        #expect(reader.texts.contains("1÷M"))
        #expect(reader.texts.contains("0") && reader.texts.contains("-4") && reader.texts.contains("4"))
        #expect(reader.curves.count == 1)
        let d = try #require(reader.curves.first)
        #expect(d.hasPrefix("M"))
        #expect(d.filter { $0 == "M" }.count >= 2)
        #expect(!d.contains("e") && !d.contains("nan") && !d.contains("inf"))
    }

    @Test(arguments: [("M sin", 1), ("M", 1), ("M √", 1)])
    func continuousCurvesAreOneSubpath(program: String, subpaths: Int) throws {
        let reader = try Self.parse(SVGPlotRenderer.render(PlotFixture.plot(program, from: 0, to: 10, count: 400),
                                                           width: 300, height: 200))
        #expect(reader.curves.first?.filter { $0 == "M" }.count == subpaths)
        #expect(reader.root["viewBox"] == "0 0 300 200")
    }

    @Test func textIsEscaped() throws {
        let title = #"a<b & "c" 'd' > e"#
        let plot = Plot(title: title, variable: "x<y", points: [PlotPoint(x: 0, y: 1), PlotPoint(x: 1, y: 2)])
        let reader = try Self.parse(SVGPlotRenderer.render(plot))
        #expect(reader.titles == [title])
        #expect(reader.texts.contains(title) && reader.texts.contains("x<y"))
    }

    @Test func noValuesStillMakesADocument() throws {
        let plot = Plot(title: "M √", variable: "M", points: [PlotPoint(x: -2, y: nil), PlotPoint(x: -1, y: nil)])
        let reader = try Self.parse(SVGPlotRenderer.render(plot))
        #expect(reader.curves.isEmpty)
        #expect(reader.texts.contains("no values"))
    }
}
