#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation
import RPNShell
import RPNTestSupport
import Testing

/// `rpn plot` over ranges at the edges of double precision: huge, tiny, two numbers wide; and
/// functions that are constant, nearly constant, overflowing or nowhere defined. Each either
/// draws a sane picture (finite, distinct, ordered tick labels; the curve where it belongs) or
/// is refused with a message that says why.
@Suite struct PlotDegenerateRangeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var program: String
        var from: Double
        var to: Double
        var testDescription: String { "\(program) on [\(from), \(to)]" }
        init(_ program: String, _ from: Double, _ to: Double) {
            self.program = program
            self.from = from
            self.to = to
        }
    }

    static let drawable: [Case] = [
        Case("M", -1e308, 1e308),
        Case("M", -Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude),
        Case("M", 1e308, Double.greatestFiniteMagnitude),
        Case("M", -subnormal("1e-310"), subnormal("1e-310")),
        Case("M", 0, subnormal("1e-320")),
        Case("M", 1, 1.000000001),
        Case("M", 1e15, 1e15 + 1e6),
        Case("M 1e-310 ×", -1, 1),
        Case("M 1e-320 ×", -1, 1),
        Case("M 1e308 ×", -10, 10),
        Case("M exp", -1000, 1000),
        Case("M M ×", -1e155, 1e155),
        Case("1 M 1e-15 × +", -1, 1),
        Case("M sin 2 ^ M cos 2 ^ +", -10, 10),
        Case("5", -10, 10),
        Case("0", -1, 1),
        Case("1e-300", -1, 1),
        Case("1.7976931348623157e308", -1, 1),
        Case("-1.7976931348623157e308", -1, 1),
        Case("1 M ÷", -1e-300, 1e-300),
    ]

    /// The y tick labels of a terminal plot (the numbers at the start of the plot rows), top down.
    static func yLabels(_ lines: [String]) -> [String] {
        lines.dropFirst().dropLast().compactMap { line in
            let token = line.split(separator: " ").first.map(String.init) ?? ""
            return token.first.map { $0.isNumber || $0 == "-" } == true ? token : nil
        }
    }

    /// Labels are numbers, finite, distinct and in order (`increasing` or decreasing).
    static func expectOrdered(_ labels: [String], increasing: Bool, _ context: String) {
        let values = labels.map { Double($0) }
        #expect(values.allSatisfy { $0?.isFinite == true }, "not all finite numbers: \(labels)\n\(context)")
        let numbers = values.compactMap { $0 }
        #expect(Set(labels).count == labels.count, "repeated labels: \(labels)\n\(context)")
        for (a, b) in zip(numbers, numbers.dropFirst()) {
            #expect(increasing ? a < b : a > b, "out of order: \(labels)\n\(context)")
        }
    }

    @Test(arguments: drawable)
    func theTerminalPlotIsSane(_ test: Case) throws {
        let harness = Harness()
        var command = PlotCommand(program: test.program)
        command.from = test.from
        command.to = test.to
        #expect(command.run(harness.io, terminalSize: nil) == 0, "\(harness.err)")
        #expect(harness.err == "")
        let text = harness.out
        #expect(!text.lowercased().contains("nan") && !text.lowercased().contains("inf"), "\(text)")
        let lines = PlotFixture.lines(text)
        #expect(lines.count == 24)
        #expect(lines.allSatisfy { $0.count <= 80 })
        let y = Self.yLabels(lines)
        #expect(y.count >= 2, "\(text)")
        Self.expectOrdered(y, increasing: false, text)
        let x = (lines.last ?? "").split(separator: " ").map(String.init)
        #expect(x.count >= 2, "\(text)")
        Self.expectOrdered(x, increasing: true, text)
        #expect(lines.contains { $0.contains { PlotFixture.isBraille($0) } }, "a curve: \(text)")
    }

    @Test(arguments: drawable)
    func theSVGIsSane(_ test: Case) throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/plot.svg"
            let harness = Harness()
            var command = PlotCommand(program: test.program)
            command.from = test.from
            command.to = test.to
            command.svgPath = path
            #expect(command.run(harness.io, terminalSize: nil) == 0, "\(harness.err)")
            let svg = try String(contentsOfFile: path, encoding: .utf8)
            #expect(!svg.lowercased().contains("nan") && !svg.lowercased().contains("inf"))
            let reader = try SVGReader.parse(svg)
            let curve = try #require(reader.curvePoints.first, "a curve")
            #expect(!curve.isEmpty)
            for point in reader.curvePoints.joined() {
                #expect(point.x.isFinite && point.y.isFinite && (0...640).contains(point.x) && (0...400).contains(point.y))
            }
            let yTicks = reader.texts.filter { $0.anchor == "end" && !$0.italic }.sorted { $0.y < $1.y }.map(\.text)
            let xTicks = reader.texts.filter { $0.anchor == "middle" && $0.y > 340 && !$0.italic }.sorted { $0.x < $1.x }.map(\.text)
            #expect(yTicks.count >= 2 && xTicks.count >= 2, "\(svg)")
            Self.expectOrdered(yTicks, increasing: false, svg)
            Self.expectOrdered(xTicks, increasing: true, svg)
            // Every label inside the document (7 px covers a digit, e, + or - at 12 px).
            for text in reader.texts where text.fontSize == 12 {
                let width = Double(text.text.count) * 7
                let minX = text.anchor == "end" ? text.x - width : text.anchor == "middle" ? text.x - width / 2 : text.x
                #expect(minX >= 0 && minX + width <= 640, "'\(text.text)' at \(text.x) runs off the page")
            }
        }
    }

    /// y = x from one end of the doubles to the other is the diagonal, corner to corner.
    static let identityRanges: [(Double, Double)] = [
        (-1e308, 1e308), (-.greatestFiniteMagnitude, .greatestFiniteMagnitude), (0, subnormal("1e-320")), (1e15, 1e15 + 1e6),
    ]

    @Test(arguments: identityRanges)
    func theIdentityIsTheDiagonal(from: Double, to: Double) throws {
        let plot = PlotFixture.plot("M", from: from, to: to, count: SVGPlotRenderer.sampleCount(width: 640))
        let reader = try SVGReader.parse(SVGPlotRenderer.render(plot))
        let curve = Array(reader.curvePoints.joined())
        let first = try #require(curve.first), last = try #require(curve.last)
        let area = try #require(reader.plotArea)
        #expect((first.x - area.minX).magnitude < 1 && (first.y - area.maxY).magnitude < 1, "starts bottom left: \(first)")
        #expect((last.x - area.maxX).magnitude < 1 && (last.y - area.minY).magnitude < 1, "ends top right: \(last)")
        // On the diagonal all the way.
        for point in curve {
            let u = (point.x - area.minX) / area.width, v = (area.maxY - point.y) / area.height
            #expect((u - v).magnitude < 0.01, "\(point)")
        }
    }

    @Test(arguments: [
        (1.0, 1.0000000000000002, "1", "1.0000000000000002", "2"),
        (0, .leastNonzeroMagnitude, "0", "5e-324", "2"),
        (-.leastNonzeroMagnitude, .leastNonzeroMagnitude, "-5e-324", "5e-324", "3"),
        (1e300, 1e300 * (1 + 1e-14), "1e+300", "1.00000000000001e+300", "68"),
    ])
    func rangesTooNarrowForDoublesAreRefused(from: Double, to: Double, fromText: String, toText: String, count: String) {
        let harness = Harness()
        var command = PlotCommand(program: "M")
        command.from = from
        command.to = to
        #expect(command.run(harness.io, terminalSize: nil) == 64)
        #expect(harness.out == "")
        #expect(harness.err == "rpn: error: the range from \(fromText) to \(toText) is too narrow to plot: it holds only "
            + "\(count) double-precision numbers, and a plot needs at least 1000\nSee 'rpn plot --help' for every option.\n")
    }

    @Test(arguments: [
        ("M 1e308 × 1e308 ×", 10.0, 20.0, "rpn: error: nothing to plot: M×1e+308×1e+308 has no value on [10, 20]\n"),
        ("M acos M 2 + acos +", -0.5, 1, "rpn: error: nothing to plot: acos(M)+acos(M+2) has no value on [-0.5, 1]\n"),
    ])
    func nowhereDefinedFunctionsSaySo(program: String, from: Double, to: Double, message: String) {
        let harness = Harness()
        var command = PlotCommand(program: program)
        command.from = from
        command.to = to
        #expect(command.run(harness.io, terminalSize: nil) == 1)
        #expect(harness.err.hasSuffix(message), "\(harness.err)")
        #expect(harness.out == "")
    }
}

/// A subnormal double from its decimal spelling (a literal would warn that it loses precision).
func subnormal(_ text: String) -> Double { Double(text)! }

/// What the SVG tests look at: texts with their positions, the curve's points, the plot area.
final class SVGReader: NSObject, XMLParserDelegate {
    struct Text {
        var text: String
        var x: Double
        var y: Double
        var anchor: String
        var italic: Bool
        var fontSize: Double
    }

    struct Point: CustomStringConvertible {
        var x: Double
        var y: Double
        var description: String { "(\(x), \(y))" }
    }

    struct Area {
        var minX: Double, minY: Double, width: Double, height: Double
        var maxX: Double { minX + width }
        var maxY: Double { minY + height }
    }

    var texts: [Text] = []
    /// The curve's subpaths, each a list of points.
    var curvePoints: [[Point]] = []
    var plotArea: Area?
    private var current: Text?
    private var inClipPath = false

    static func parse(_ svg: String) throws -> SVGReader {
        let parser = XMLParser(data: Data(svg.utf8))
        let reader = SVGReader()
        parser.delegate = reader
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        return reader
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch name {
        case "clipPath": inClipPath = true
        case "rect" where inClipPath:
            plotArea = Area(minX: Double(attributes["x"] ?? "") ?? .nan, minY: Double(attributes["y"] ?? "") ?? .nan,
                            width: Double(attributes["width"] ?? "") ?? .nan, height: Double(attributes["height"] ?? "") ?? .nan)
        case "text":
            current = Text(text: "", x: Double(attributes["x"] ?? "") ?? .nan, y: Double(attributes["y"] ?? "") ?? .nan,
                           anchor: attributes["text-anchor"] ?? "start", italic: attributes["font-style"] == "italic",
                           fontSize: Double(attributes["font-size"] ?? "12") ?? 12)
        case "path" where attributes["stroke"] == "#1f77b4":
            curvePoints += Self.subpaths(attributes["d"] ?? "")
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { current?.text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "clipPath" { inClipPath = false }
        if name == "text", let text = current { texts.append(text); current = nil }
    }

    /// The points of path data made of M, L and h0 commands (what the renderer writes).
    static func subpaths(_ d: String) -> [[Point]] {
        var result: [[Point]] = []
        var scanner = Substring(d)
        func number() -> Double {
            scanner = scanner.drop { $0 == " " }
            let text = scanner.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "e" || $0 == "+" }
            scanner = scanner.dropFirst(text.count)
            return Double(text) ?? .nan
        }
        while let command = scanner.first {
            scanner = scanner.dropFirst()
            switch command {
            case "M":
                let x = number(), y = number()
                result.append([Point(x: x, y: y)])
            case "L":
                let x = number(), y = number()
                result[result.count - 1].append(Point(x: x, y: y))
            case "h":
                let dx = number()
                if let last = result.last?.last { result[result.count - 1].append(Point(x: last.x + dx, y: last.y)) }
            default:
                result.append([Point(x: .nan, y: .nan)])  // anything else is a failure to notice
            }
        }
        return result
    }
}
