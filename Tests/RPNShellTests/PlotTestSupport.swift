import RPNCommandLine
import RPNShell
import RPNCore

/// An in-memory process for `PlotCommand`: captured stdout and stderr.
struct PlotHarness {
    let stdout: OutputSink
    let stderr: OutputSink
    let terminal: Bool

    init(terminal: Bool = false) {
        self.terminal = terminal
        stdout = .capture(isTerminal: terminal)
        stderr = .capture(isTerminal: terminal)
    }

    var io: CommandLineIO {
        CommandLineIO(standardOutput: stdout, standardError: stderr, standardInputIsTerminal: terminal,
                      colourAllowed: false,
                      readFile: { (path: String) throws(InputError) -> [UInt8] in throw InputError("no files: \(path)") },
                      readStandardInput: { () throws(InputError) -> [UInt8] in [] })
    }

    var out: String { stdout.capturedText }
    var err: String { stderr.capturedText }
}

/// Plots of RPN programs for the renderer tests, sampled the way `PlotCommand` samples.
enum PlotFixture {
    static func plot(_ program: String, from: Double, to: Double, count: Int, variable: String = "M") -> Plot {
        var machine = Machine(options: EvaluationOptions(keepTrees: true, freeVariables: true))
        machine.run(SourceFile(name: "-e", text: program))
        let top = machine.stackNodes.last!
        let points = PlotSampler.sample(from: from, to: to, count: count) { x in
            machine.setVariable(variable, to: x)
            return machine.value(of: top)
        }
        return Plot(title: machine.description(of: top), variable: variable, points: points)
    }

    /// The rendered lines, without the final newline.
    static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    static func isBraille(_ c: Character) -> Bool {
        guard let scalar = c.unicodeScalars.first, c.unicodeScalars.count == 1 else { return false }
        return (0x2801...0x28FF).contains(scalar.value)
    }
}
