import RPNCommandLine
import RPNCore

/// `:plot [VAR] [XMIN XMAX] [svg FILE] | :plot fav N [VAR] [XMIN XMAX] [svg FILE]`: a graph in the
/// terminal, or in an SVG file (`rpn plot --svg`'s picture).
extension Shell {
    func registerPlotCommand() {
        on("plot", usage: ":plot [VAR] [XMIN XMAX] [svg FILE] | :plot fav N [VAR] [XMIN XMAX] [svg FILE]",
           summary: "graph the top expression (or favorite N) against VAR, M by default, here or into an SVG file; rpn plot --var does it outside",
           useRank: 9, completing: { [unowned self] before, typed in
               // `fav` first, or VAR first or after `fav N`; bounds are numbers; a file after `svg`
               if before.last == Self.svgWord { return fileCompletions([], typed) }
               switch before.count {
               case 0: return ShellCommand.offering(["fav"] + session.variableNames)(before, typed)
               case 2 where before[0] == "fav": return ShellCommand.offering(session.variableNames)(before, typed)
               default: return (typed, [])
               }
           }
        ) { [unowned self] arguments throws(CommandError) in
            let (range, favorite, variable, svg) = try Self.plotArguments(arguments)
            plot(range: range ?? -10...10, favorite: favorite, variable: variable, svg: svg)
        }
    }

    /// The word before the SVG file's name.
    static let svgWord = "svg"

    /// `[fav N] [VAR] [XMIN XMAX] [svg FILE]`; bounds in either order, each one RPN number (pi
    /// works). A last word `svg` wants a file after it (a variable named svg takes bounds).
    static func plotArguments(_ arguments: CommandArguments) throws(CommandError)
        -> (range: ClosedRange<Double>?, favorite: Int?, variable: String?, svg: String?) {
        var rest = arguments.words
        var favorite: Int?, variable: String?, svg: String?
        if rest.count >= 2, rest[rest.count - 2] == svgWord {
            svg = rest.removeLast()
            rest.removeLast()
        } else if rest.last == svgWord, rest.count < 3 || RPN.isVariableName(rest[rest.count - 3]) == false {
            throw arguments.usageError
        }
        if rest.first == "fav" {
            guard rest.count >= 2, let number = Int(rest[1]) else { throw arguments.usageError }
            favorite = number
            rest.removeFirst(2)
        }
        if let first = rest.first, RPN.isVariableName(first) {
            variable = first
            rest.removeFirst()
        }
        if rest.isEmpty { return (nil, favorite, variable, svg) }
        guard rest.count == 2, !rest.contains(where: RPN.isVariableName) else { throw arguments.usageError }
        var bounds: [Double] = []
        for word in rest {
            switch RPN.number(word).map(\.doubleValue) {
            case .success(let value) where value.isFinite: bounds.append(value)
            case .success: throw CommandError(":plot needs finite bounds (\(TerminalText.shown(word)) is not)")
            case .failure(let why): throw CommandError("\(TerminalText.shown(word)): \(why.text)")
            }
        }
        guard bounds[0] != bounds[1] else {
            throw CommandError(":plot needs two different bounds (both are \(NumberFormatting.ascii(bounds[0])))")
        }
        return (Swift.min(bounds[0], bounds[1])...Swift.max(bounds[0], bounds[1]), favorite, variable, svg)
    }

    /// `:plot`: the top expression (or a favorite's) over `variable` (M unless given), sized to
    /// the terminal. Says why instead when the range is too narrow for doubles, the expression
    /// reads other variables (and which `:plot VAR` would do), the terminal is too small, or
    /// the expression has no value anywhere on the range. With `svg`, the picture goes to that
    /// file (at `rpn plot --svg`'s size, whatever the terminal's) and one line says so.
    func plot(range: ClosedRange<Double>, favorite: Int?, variable requested: String?, svg: String? = nil) {
        if let why = PlotRange.problem(from: range.lowerBound, to: range.upperBound) {
            problem(why)
            return
        }
        let machine: Machine, node: Int32
        if let favorite {
            do {
                let favorites = try environment.favorites.load()
                guard favorite >= 1, favorite <= favorites.count else {
                    problem("no favorite \(favorite) (there are \(favorites.count))")
                    return
                }
                let scratch = Session(angleUnit: session.angleUnit)
                guard case .accepted = scratch.enter(favorites[favorite - 1].program) else {
                    problem("favorite \(favorite) has errors")
                    return
                }
                (machine, node) = (scratch.state.machine, scratch.topNode ?? -1)
            } catch {
                problem(error.message)
                return
            }
        } else {
            (machine, node) = (session.state.machine, session.topNode ?? -1)
        }
        guard node >= 0 else {
            problem(favorite == nil ? "nothing to plot: the stack is empty" : "nothing to plot: favorite \(favorite!) leaves nothing")
            return
        }
        let title = machine.description(of: node, style: DescriptionStyle(glyphs: session.style.glyphs,
                                                                          byteLimit: Plot.titleBytes))
        var function = PlotFunction(machine: machine, node: node)
        let variable = requested ?? "M"
        let reads = function.variablesRead
        if !reads.isEmpty, !reads.contains(variable) {
            let command = (favorite.map { ":plot fav \($0) " } ?? ":plot ") + reads[0]
            problem("\(title) does not depend on \(variable); it reads \(PlotFunction.list(reads)): try \(command) "
                    + "[XMIN XMAX] (rpn plot --var \(reads[0]) from the command line)")
            return
        }
        let terminal = environment.terminalSize()
        // Three rows stay for the prompt, the command and the next prompt.
        let size: (width: Int, height: Int)
        if svg != nil {
            size = SVGPlotRenderer.defaultSize
        } else {
            switch TerminalPlotRenderer.size(forTerminal: terminal.columns, terminal.rows, reservedRows: 3) {
            case .success(let fits): size = fits
            case .failure(let small):
                problem(small.message + " (:plot … svg FILE writes it to a file)")
                return
            }
        }
        let (points, complex) = function.sample(variable, from: range.lowerBound, to: range.upperBound,
                                                count: svg != nil ? SVGPlotRenderer.sampleCount(width: size.width)
                                                    : TerminalPlotRenderer.sampleCount(width: size.width))
        guard points.contains(where: { $0.y != nil }) else {
            let unset = function.unsetVariables(besides: variable)
            var why = "nothing to plot: \(title) has no value on [\(NumberFormatting.ascii(range.lowerBound)), "
                + "\(NumberFormatting.ascii(range.upperBound))]"
            if !unset.isEmpty {
                why += "; unset: " + unset.map { "'\($0)'" }.joined(separator: ", ")
                why += unset.count == 1 ? " (:set \(unset[0]) VALUE gives it a value)" : " (:set NAME VALUE gives one a value)"
            }
            problem(why)
            return
        }
        // The note on complex values takes a row of the picture's, so that the command stays
        // in view (unless the picture is as small as a plot gets).
        // Issue 19: analysis over a free variable: roots and extrema, listed on a row of the picture's too.
        var plot = Plot(title: title, variable: variable, points: points)
        if !complex { plot.marks = function.features(variable, points) }
        if let svg {
            let text = SVGPlotRenderer.render(plot, width: size.width, height: size.height)
            do throws(InputError) { try environment.writeFile(svg, Array(text.utf8)) } catch {
                problem(error.message)
                return
            }
            say("wrote \(TerminalText.shown(svg)): \(TerminalText.shown(title)) for \(variable) from "
                + "\(NumberFormatting.ascii(range.lowerBound)) to \(NumberFormatting.ascii(range.upperBound))")
            if complex { say(note(Plot.realPartNote)) }
            return
        }
        // The marks' line only where the picture can give a row up; cut to the width.
        let marks = plot.marksText.flatMap { size.height - (complex ? 1 : 0) > TerminalPlotRenderer.minimumHeight ? $0 : nil }
            .map { $0.count <= size.width ? $0 : String($0.prefix(size.width - 1)) + "…" }
        let rows = (complex ? 1 : 0) + (marks == nil ? 0 : 1)
        let height = Swift.max(TerminalPlotRenderer.minimumHeight, size.height - rows)
        let picture = TerminalPlotRenderer.render(plot, width: size.width, height: height, colour: environment.colour)
        output.write(picture.hasSuffix("\n") ? picture : picture + "\n")
        if let marks { output.write(TerminalText.shown(marks) + "\n") }
        if complex { say(note(Plot.realPartNote)) }
    }
}
