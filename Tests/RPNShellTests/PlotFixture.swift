import RPNShell
import RPNCore

/// Plots of RPN programs for the renderer tests, sampled the way `PlotCommand` samples.
enum PlotFixture {
    static func plot(_ program: String, from: Double, to: Double, count: Int, variable: String = "M") -> Plot {
        var machine = Machine(options: EvaluationOptions(keepTrees: true, freeVariables: true))
        machine.run(SourceFile(name: "-e", text: program))
        let top = machine.stackNodes.last!
        let points = PlotSampler.sample(from: from, to: to, count: count) { x in
            machine.setVariable(variable, to: .real(x))
            return machine.value(of: top)?.finiteDouble
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
