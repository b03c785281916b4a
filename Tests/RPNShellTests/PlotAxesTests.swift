#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation
import RPNShell
import RPNTestSupport
import Testing

/// What the axes promise: 0 is labelled on the y axis whenever the curve reaches it; the SVG's
/// variable name never sits on the curve or on another label; terminals too small for a plot
/// get a message instead of a picture that wraps.
@Suite struct PlotAxesTests {
    /// The y labels of a terminal picture, top down (see `PlotDegenerateRangeTests.yLabels`).
    static func yLabels(_ text: String) -> [String] { PlotDegenerateRangeTests.yLabels(PlotFixture.lines(text)) }

    @Test(arguments: [("M M ×", -10.0, 10.0), ("M M ×", -3, 3), ("M M × neg", -10, 10), ("M abs", -7, 7),
                      ("M M × 1 -", -1, 1), ("M 4 ^", -2, 2)])
    func zeroIsLabelledWhenTheCurveReachesIt(program: String, from: Double, to: Double) throws {
        // In the terminal, sized as `rpn plot` sizes it.
        let harness = Harness()
        var command = PlotCommand(program: program)
        command.from = from
        command.to = to
        #expect(command.run(harness.io, terminalSize: nil) == 0)
        #expect(Self.yLabels(harness.out).contains("0"), "\(harness.out)")
        // As SVG.
        let plot = PlotFixture.plot(program, from: from, to: to, count: SVGPlotRenderer.sampleCount(width: 640))
        let reader = try SVGReader.parse(SVGPlotRenderer.render(plot))
        #expect(reader.texts.contains { $0.anchor == "end" && !$0.italic && $0.text == "0" })
    }

    /// The text's box, from its anchor, its baseline and a generous width per character (the
    /// widest sans-serif capitals are about 0.85 em).
    static func box(_ text: SVGReader.Text) -> (minX: Double, maxX: Double, minY: Double, maxY: Double) {
        let width = Double(text.text.count) * text.fontSize * 0.9
        let minX = text.anchor == "end" ? text.x - width : text.anchor == "middle" ? text.x - width / 2 : text.x
        return (minX, minX + width, text.y - text.fontSize, text.y + text.fontSize * 0.3)
    }

    static let labelCases: [(String, Double, Double, String)] = [
        ("1 M ÷", -5, 5, "M"), ("M sin", -10, 10, "M"), ("M", -10, 10, "M"), ("0", -1, 1, "M"),
        ("M neg", -10, 10, "M"), ("M 9.5 - abs", -10, 10, "M"), ("M 9.5 - abs neg", -10, 10, "M"),
        ("M 10 ÷ sin", 0, 31.4, "M"), ("rate 2 ×", -1, 1, "rate"), ("x 1 - x 1 + ÷", -3, 3, "x"),
        ("1 M 9.9 - ÷", -10, 10, "M"), ("M exp", -5, 5, "M"), ("M exp neg", -5, 5, "M"),
    ]

    @Test(arguments: labelCases)
    func theVariableLabelIsClearOfTheCurveAndTheOtherLabels(program: String, from: Double, to: Double,
                                                            variable: String) throws {
        let plot = PlotFixture.plot(program, from: from, to: to, count: SVGPlotRenderer.sampleCount(width: 640),
                                    variable: variable)
        let reader = try SVGReader.parse(SVGPlotRenderer.render(plot))
        let label = try #require(reader.texts.first { $0.italic }, "the variable's label")
        #expect(label.text == variable)
        let box = Self.box(label)
        // Every point of every segment of the curve, with the stroke's half width around it.
        let stroke = 1.5
        for line in reader.curvePoints {
            for (a, b) in zip(line, line.dropFirst()) + (line.count == 1 ? [(line[0], line[0])] : []) {
                for step in 0...50 {
                    let t = Double(step) / 50
                    let x = a.x + (b.x - a.x) * t, y = a.y + (b.y - a.y) * t
                    let inside = x > box.minX - stroke && x < box.maxX + stroke && y > box.minY - stroke && y < box.maxY + stroke
                    #expect(!inside, "the curve at (\(x), \(y)) runs through the label \(box)")
                }
            }
        }
        for other in reader.texts where !other.italic {
            let o = Self.box(other)
            let overlaps = o.minX < box.maxX && box.minX < o.maxX && o.minY < box.maxY && box.minY < o.maxY
            #expect(!overlaps, "'\(other.text)' overlaps the label")
        }
    }

    @Test(arguments: [
        ((columns: 19, rows: 30), "the terminal is 19 columns wide and 30 rows high; a plot needs at least 20 columns and 9 rows"),
        ((columns: 80, rows: 8), "the terminal is 80 columns wide and 8 rows high; a plot needs at least 20 columns and 9 rows"),
        ((columns: 5, rows: 3), "the terminal is 5 columns wide and 3 rows high; a plot needs at least 20 columns and 9 rows"),
    ] as [((columns: Int, rows: Int), String)])
    func rpnPlotRefusesTerminalsTooSmall(size: (columns: Int, rows: Int), message: String) {
        let harness = Harness(terminal: true)
        #expect(PlotCommand(program: "M").run(harness.io, terminalSize: size) == 1)
        #expect(harness.out == "")
        #expect(harness.err == "rpn: error: \(message) (--svg FILE writes it to a file)\n")
    }

    @Test(arguments: [(20, 9), (21, 10), (200, 9)])
    func rpnPlotFillsTerminalsJustBigEnough(columns: Int, rows: Int) {
        let harness = Harness(terminal: true)
        #expect(PlotCommand(program: "M sin").run(harness.io, terminalSize: (columns, rows)) == 0)
        let lines = PlotFixture.lines(harness.out)
        #expect(lines.count == rows - 1)
        #expect(lines.allSatisfy { $0.count <= columns })
    }
}
