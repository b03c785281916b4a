import RPNCommandLine
import RPNCore

/// `rpn plot -e PROGRAM [--from XMIN] [--to XMAX] [--svg FILE] [--var NAME] [--set NAME=VALUE]...
/// [--degrees] [--ascii]`: the function on top of the program's stack, plotted over one variable
/// in the terminal or as SVG.
public struct PlotCommand {
    public var program: String
    public var from: Double = -10
    public var to: Double = 10
    public var variable: String = "M"
    public var svgPath: String? = nil
    /// ASCII description in the title.
    public var ascii: Bool = false
    /// Trigonometry in degrees, in the program, the `--set` values and the bounds.
    public var degrees: Bool = false
    /// `--set NAME=VALUE` options, parsed as the evaluator parses them (`VariableAssignments`).
    public var assignments: [String] = []
    /// `--from` and `--to` as given on the command line: RPN programs of one number (`-5`,
    /// `π neg`, `a 2 ÷`), run with `degrees` and the assignments. When nil, `from` and `to`.
    public var fromText: String? = nil
    public var toText: String? = nil
    /// `--max-steps`: the steps of the run and of every sample together (nil: `StepLimit`'s
    /// default for runs that keep trees).
    public var maxSteps: Int?
    /// The SVG document's size in pixels.
    public var svgSize: (width: Int, height: Int) = SVGPlotRenderer.defaultSize
    /// Writes the SVG file (atomically; tests make it fail).
    var fileWriter = AtomicWriter()

    public init(program: String) { self.program = program }

    /// Runs the program (trees kept, variables free), then samples its top stack entry with the
    /// variable set to each x. Program errors are rendered like `rpn -e` renders them (exit 1);
    /// an empty stack is "nothing to plot" (exit 1); a bad range or variable name is a usage
    /// error (exit 64). The terminal plot fills `terminalSize` less one row for the prompt
    /// (80x24 when stdout is not a terminal; a terminal too small for a plot is an error, exit
    /// 1); with `svgPath` the SVG goes to that file and a one-line confirmation to stdout.
    public func run(_ io: CommandLineIO, terminalSize: (columns: Int, rows: Int)?) -> Int32 {
        defer { io.standardOutput.flush(); io.standardError.flush() }
        let errorColour = io.stderrColour
        func fail(_ message: String, _ status: Int32) -> Int32 {
            // A usage error also says where the options are explained.
            if status == ExitStatus.usage { io.failUsage(message, command: "rpn plot") } else { io.fail(message) }
            return status
        }
        let angleUnit: AngleUnit = degrees ? .degrees : .radians
        let variables: [(name: String, value: Number)]
        var from = self.from, to = self.to
        do {
            variables = try VariableAssignments.parse(assignments, angleUnit: angleUnit).get()
            if let fromText {
                from = try VariableAssignments.number(fromText, option: "--from", angleUnit: angleUnit,
                                                      variables: variables).get()
            }
            if let toText {
                to = try VariableAssignments.number(toText, option: "--to", angleUnit: angleUnit,
                                                    variables: variables).get()
            }
        } catch {
            return fail(error.message, ExitStatus.usage)
        }
        guard from.isFinite, to.isFinite else { return fail("--from and --to must be finite numbers", ExitStatus.usage) }
        guard from < to else {
            return fail("--from \(NumberFormatting.ascii(from)) must be less than --to \(NumberFormatting.ascii(to))",
                        ExitStatus.usage)
        }
        if let problem = PlotRange.problem(from: from, to: to) { return fail(problem, ExitStatus.usage) }
        guard RPN.isVariableName(variable) else {
            return fail("--var \(variable): not a variable name", ExitStatus.usage)
        }

        var sources = SourceSet()
        let source = sources.add(name: "-e", bytes: Array(program.utf8))
        var machine = Machine(options: .plot(angleUnit: angleUnit, maxSteps: maxSteps))
        for (name, value) in variables { machine.setVariable(name, to: value) }
        machine.run(source)
        let diagnostics = machine.allDiagnostics
        if diagnostics.contains(where: { $0.severity == .error }) {
            io.standardError.write(DiagnosticRenderer(sources: sources, colour: errorColour).render(all: diagnostics))
            return ExitStatus.failure
        }
        guard let top = machine.stackNodes.last, top >= 0 else { return fail("nothing to plot", ExitStatus.failure) }
        let title = machine.description(of: top, style: DescriptionStyle(glyphs: ascii ? .ascii : .unicode,
                                                                         byteLimit: Plot.titleBytes))
        let reads = machine.variablesRead(by: [top])
        if !reads.isEmpty, !reads.contains(variable) {
            return fail("\(title) does not depend on \(variable); it reads \(PlotFunction.list(reads)): use --var \(reads[0])",
                        ExitStatus.usage)
        }

        var (columns, rows) = (80, 24)
        if let terminalSize, svgPath == nil {
            switch TerminalPlotRenderer.size(forTerminal: terminalSize.columns, terminalSize.rows, reservedRows: 1) {
            case .success(let size): (columns, rows) = size
            case .failure(let small): return fail(small.message + " (--svg FILE writes it to a file)", ExitStatus.failure)
            }
        }
        let count = svgPath == nil ? TerminalPlotRenderer.sampleCount(width: columns)
                                   : SVGPlotRenderer.sampleCount(width: svgSize.width)
        let reported = machine.diagnostics.count
        var complex = false
        let points = PlotSampler.sample(from: from, to: to, count: count) { x in
            machine.setVariable(variable, to: .real(x))
            return PlotFunction.y(machine.value(of: top), complex: &complex)
        }
        if !points.contains(where: { $0.y != nil }) {
            // Say why: what failed while sampling, or the other variables nothing sets.
            io.standardError.write(DiagnosticRenderer(sources: sources, colour: errorColour)
                .render(all: Array(machine.diagnostics.dropFirst(reported))))
            let unset = machine.freeVariables(of: [top]).filter { $0 != variable }
            let why = unset.isEmpty ? "" : "; unset: " + unset.map { "'\($0)'" }.joined(separator: ", ")
            return fail("nothing to plot: \(title) has no value on [\(NumberFormatting.ascii(from)), "
                        + "\(NumberFormatting.ascii(to))]\(why)", ExitStatus.failure)
        }
        var plot = Plot(title: title, variable: variable, points: points)
        // Issue 19: analysis over a free variable: roots and extrema, dots in the SVG (the
        // terminal's picture stays as it was: the shell's :plot lists them under it).
        if !complex, svgPath != nil { plot.marks = machine.features(of: top, variable: variable, samples: points.map { ($0.x, $0.y) }) }
        if complex {
            plot.note = Plot.realPartNote
            io.standardError.write("rpn: note: \(Plot.realPartNote)\n")
        }

        guard let svgPath else {
            io.standardOutput.write(TerminalPlotRenderer.render(plot, width: columns, height: rows, braille: true,
                                                                colour: io.colourAllowed && io.standardOutput.isTerminal))
            return ExitStatus.success
        }
        let svg = SVGPlotRenderer.render(plot, width: svgSize.width, height: svgSize.height)
        do { try fileWriter.write(Array(svg.utf8), to: svgPath) } catch {
            return fail("cannot write \(error.path): \(error.reason)", ExitStatus.failure)
        }
        // A note for people, on stderr: the file may be standard output (`--svg /dev/stdout`).
        io.standardError.write("wrote \(TerminalText.shown(svgPath)): \(TerminalText.shown(title)) for \(variable) from "
                               + "\(NumberFormatting.ascii(from)) to \(NumberFormatting.ascii(to))\n")
        return ExitStatus.success
    }
}
