import RPNCore
import RPNTestSupport
import Testing
@testable import RPNShell

/// A plot of an expression whose values are complex (issue 18) draws their real part and says
/// the imaginary part was left out: on stderr for `rpn plot`, on a line in the shell, as a
/// caption in SVG. `M M 1i × +` is M + M·i, whose real part is M.
@Suite struct ComplexPlotTests {
    /// (program, whether the note is due): a real function has none.
    @Test(arguments: [("M M 1i × +", true), ("M 1i ×", true), ("M 2 ×", false)])
    func theCommandLineSaysSoOnStandardError(_ program: String, _ noted: Bool) {
        let harness = Harness()
        var command = PlotCommand(program: program)
        command.from = -4
        command.to = 4
        #expect(command.run(harness.io, terminalSize: nil) == 0)
        #expect(harness.err == (noted ? "rpn: note: \(Plot.realPartNote)\n" : ""))
        #expect(PlotFixture.lines(harness.out).count == 24)
    }

    @Test func theRealPartIsWhatIsDrawn() {
        var complex = false
        #expect(PlotFunction.y(.complex(re: .integer(.small(3)), im: .integer(.small(4))), complex: &complex) == 3)
        #expect(complex)
        complex = false
        #expect(PlotFunction.y(.integer(.small(3)), complex: &complex) == 3 && !complex)
    }

    @Test func theShellSaysSoOnALine() {
        let shell = Shell.inMemory()
        _ = shell.type("M M 1i × +")
        let text = shell.type(":plot -4 4")
        #expect(text.hasSuffix("\n" + Plot.realPartNote + "\n"), "\(text)")
        _ = shell.type("M 2 ×")
        #expect(!shell.type(":plot -4 4").contains(Plot.realPartNote))
    }

    /// The note takes a row of the picture's: the plot and its note fill the screen as a real
    /// plot does, and the command stays in view.
    @Test func theNoteFitsTheScreen() {
        let shell = Shell.inMemory()
        _ = shell.type("M 2 ×")
        let real = shell.type(":plot -4 4").split(separator: "\n", omittingEmptySubsequences: false).count
        _ = shell.type("M M 1i × +")
        let complex = shell.type(":plot -4 4").split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(complex == real)
    }

    @Test func svgShowsTheNoteAsACaption() throws {
        var plot = Plot(title: "M+M×1i", variable: "M", points: [PlotPoint(x: 0, y: 0), PlotPoint(x: 1, y: 1)])
        plot.note = Plot.realPartNote
        let svg = SVGPlotRenderer.render(plot)
        let reader = try PlotSVGTests.parse(svg)
        #expect(reader.titles == ["M+M×1i"])
        #expect(reader.texts.contains(Plot.realPartNote))
        #expect(svg.contains("<desc>\(Plot.realPartNote)</desc>"))
    }
}
