#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation
import RPNCore
import RPNShell
import RPNTestSupport
import Testing

@Suite struct PlotCommandTests {
    @Test func plotsTheTopOfTheStackInTheTerminal() {
        let harness = Harness()
        var command = PlotCommand(program: "3 M M × 4 ÷")
        command.from = -4
        command.to = 4
        #expect(command.run(harness.io, terminalSize: nil) == 0)
        #expect(harness.err == "")
        let lines = PlotFixture.lines(harness.out)
        #expect(lines.count == 24)
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines[0].trimmingCharacters(in: .whitespaces) == "M×M÷4")
        #expect(lines.last!.contains("-4") && lines.last!.contains("4"))
    }

    @Test func usesTheTerminalSizeLessThePromptRow() {
        let harness = Harness(terminal: true)
        var command = PlotCommand(program: "M sin")
        command.ascii = true
        #expect(command.run(harness.io, terminalSize: (columns: 100, rows: 30)) == 0)
        let lines = PlotFixture.lines(harness.out)
        #expect(lines.count == 29)
        #expect(lines.allSatisfy { $0.count <= 100 })
        #expect(lines[0].trimmingCharacters(in: .whitespaces) == "sin(M)")
    }

    @Test func asciiTitles() {
        let harness = Harness()
        var command = PlotCommand(program: "1 M ÷")
        command.ascii = true
        #expect(command.run(harness.io, terminalSize: nil) == 0)
        #expect(PlotFixture.lines(harness.out)[0].trimmingCharacters(in: .whitespaces) == "1/M")
    }

    @Test(arguments: [
        ("1 0 ÷ M +", "-e:1:5: error: division by zero\n1 0 ÷ M +\n    ^\n"),
        ("M +", "-e:1:3: error: + needs 2 operands, found 1\nM +\n  ^\n"),
        ("M 1 ?", "-e:1:5: error: unknown token '?'\nM 1 ?\n    ^\n"),
        ("", "rpn: error: nothing to plot\n"),
        ("M drop", "rpn: error: nothing to plot\n"),
        ("M √", "-e:1:3: error: square root of negative number -10\nM √\n  ^\n"
            + "rpn: error: nothing to plot: √(M) has no value on [-10, -1]\n"),
        ("M y +", "rpn: error: nothing to plot: M+y has no value on [-10, -1]; unset: 'y'\n"),
        // Only the variables the plotted entry reads: z was dropped.
        ("z drop M y +", "rpn: error: nothing to plot: M+y has no value on [-10, -1]; unset: 'y'\n"),
        ("M sqr ×", "-e:1:3: warning: 'sqr' is a free variable; did you mean 'sqrt'?\nM sqr ×\n  ^^^\n"
            + "rpn: error: nothing to plot: M×sqr has no value on [-10, -1]; unset: 'sqr'\n"),
        ("M 0 ÷", "-e:1:5: error: division by zero\nM 0 ÷\n    ^\nrpn: error: nothing to plot: M÷0 has no value on [-10, -1]\n"),
    ])
    func programErrorsExitOne(program: String, message: String) {
        let harness = Harness()
        var command = PlotCommand(program: program)
        command.to = -1
        #expect(command.run(harness.io, terminalSize: nil) == 1)
        #expect(harness.out == "")
        #expect(harness.err == message)
    }

    @Test(arguments: [
        (5.0, 5.0, "M", "rpn: error: --from 5 must be less than --to 5\n"),
        (3, -3, "M", "rpn: error: --from 3 must be less than --to -3\n"),
        (-Double.infinity, 1, "M", "rpn: error: --from and --to must be finite numbers\n"),
        (0, 1, "3", "rpn: error: --var 3: not a variable name\n"),
        (0, 1, "x y", "rpn: error: --var x y: not a variable name\n"),
        (0, 1, "sin", "rpn: error: --var sin: not a variable name\n"),
    ])
    func usageErrorsExit64(from: Double, to: Double, variable: String, message: String) {
        let harness = Harness()
        var command = PlotCommand(program: "M")
        command.from = from
        command.to = to
        command.variable = variable
        #expect(command.run(harness.io, terminalSize: nil) == 64)
        #expect(harness.err == message + "See 'rpn plot --help' for every option.\n")  // a usage error's second line
        #expect(harness.out == "")
    }

    @Test(arguments: [
        ("x x ×", "M", "rpn: error: x×x does not depend on M; it reads x: use --var x\n"),
        ("x y ×", "M", "rpn: error: x×y does not depend on M; it reads x and y: use --var x\n"),
        ("M 2 ×", "x", "rpn: error: M×2 does not depend on x; it reads M: use --var M\n"),
    ])
    func aVariableTheExpressionDoesNotReadIsAUsageError(program: String, variable: String, message: String) {
        let harness = Harness()
        var command = PlotCommand(program: program)
        command.variable = variable
        #expect(command.run(harness.io, terminalSize: nil) == 64)
        #expect(harness.err == message + "See 'rpn plot --help' for every option.\n")  // a usage error's second line
        #expect(harness.out == "")
    }

    @Test func anotherVariable() {
        let harness = Harness()
        var command = PlotCommand(program: "x x × M +")
        command.variable = "x"
        command.from = -2
        command.to = 2
        // M is free and unset: no value anywhere.
        #expect(command.run(harness.io, terminalSize: nil) == 1)
        #expect(harness.err.contains("unset: 'M'"))

        let good = Harness()
        command.program = "x x × 1 +"
        #expect(command.run(good.io, terminalSize: (columns: 50, rows: 12)) == 0)
        #expect(good.err == "")
        let lines = PlotFixture.lines(good.out)
        #expect(lines.count == 11)
        #expect(lines[0].trimmingCharacters(in: .whitespaces) == "x×x+1")
    }

    @Test func writesSVGFiles() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/f & g.svg"
            let harness = Harness()
            var command = PlotCommand(program: "1 M ÷")
            command.from = -5
            command.to = 5
            command.svgPath = path
            #expect(command.run(harness.io, terminalSize: (columns: 80, rows: 24)) == 0)
            #expect(harness.out == "")
            #expect(harness.err == "wrote \(path): 1÷M for M from -5 to 5\n")
            let svg = try String(contentsOfFile: path, encoding: .utf8)
            let reader = try PlotSVGTests.parse(svg)
            #expect(reader.titles == ["1÷M"])
            #expect((reader.curves.first?.filter { $0 == "M" }.count ?? 0) >= 2)

            // Over an existing file: replaced, not appended to.
            command.program = "M"
            #expect(command.run(Harness().io, terminalSize: nil) == 0)
            let again = try String(contentsOfFile: path, encoding: .utf8)
            #expect(try PlotSVGTests.parse(again).titles == ["M"])
            #expect(again.components(separatedBy: "<svg").count == 2)
        }
    }

    @Test func reportsUnwritableFiles() {
        let harness = Harness()
        var command = PlotCommand(program: "M")
        command.svgPath = "/nonexistent-rpn-dir/plot.svg"
        #expect(command.run(harness.io, terminalSize: nil) == 1)
        #expect(harness.err == "rpn: error: cannot write /nonexistent-rpn-dir/plot.svg: No such file or directory\n")
        #expect(harness.out == "")
    }
}

/// Issue 19: analysis over a free variable: a plot marks the roots and extrema it finds.
@Suite struct PlotMarksTests {
    func svg(_ program: String, from: Double, to: Double) throws -> String {
        let harness = Harness()
        var command = PlotCommand(program: program)
        command.variable = "x"
        command.from = from
        command.to = to
        command.svgPath = NSTemporaryDirectory() + "rpn-plot-marks-\(UUID().uuidString).svg"
        defer { try? FileManager.default.removeItem(atPath: command.svgPath!) }
        #expect(command.run(harness.io, terminalSize: nil) == 0)
        return try String(contentsOfFile: command.svgPath!, encoding: .utf8)
    }

    @Test func theSVGDrawsADotForEach() throws {
        let svg = try svg("x 3 ^ 3 x × -", from: -4, to: 4)
        // Three roots (0, ±√3), a maximum at −1 and a minimum at 1.
        #expect(svg.components(separatedBy: "<circle").count - 1 == 5)
        #expect(svg.contains("aria-label=\"maximum (-1, 2)\""))
        #expect(svg.contains("aria-label=\"root (1.7320508075688772, 0)\""))
    }

    @Test func aPoleIsNoRoot() throws {
        #expect(!(try svg("x tan", from: 0.5, to: 2)).contains("<circle"))
    }

    @Test func theMarksText() {
        var plot = Plot(title: "x^2−2", variable: "x", points: [])
        #expect(plot.marksText == nil)
        plot.marks = [FeaturePoint(kind: .root, x: -1.4142135623730951, y: 0), FeaturePoint(kind: .root, x: 1.4142135623730951, y: 0),
                      FeaturePoint(kind: .minimum, x: 0, y: -2)]
        #expect(plot.marksText == "roots: x = -1.4142135623730951, x = 1.4142135623730951; minimum: (0, -2)")
    }
}
