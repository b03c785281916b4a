import RPNCommandLine
import RPNCore

/// What a line reader gives back.
public enum LineInput: Equatable {
    case line(String)
    /// Ctrl-C: the line was abandoned; the session goes on.
    case interrupted
    /// Ctrl-D on an empty line, or the end of input.
    case end
}

/// Everything the shell touches outside itself, handed in by `main` or a test.
public struct ShellEnvironment {
    public var output: OutputSink
    public var colour: Bool
    public var terminalSize: () -> (columns: Int, rows: Int)
    public var favorites: FavoritesStore
    public var readFile: (String) throws(InputError) -> [UInt8]
    public var writeFile: (String, [UInt8]) throws(InputError) -> Void

    public init(output: OutputSink, colour: Bool, terminalSize: @escaping () -> (columns: Int, rows: Int),
                favorites: FavoritesStore,
                readFile: @escaping (String) throws(InputError) -> [UInt8] = InputReader.readFile,
                writeFile: @escaping (String, [UInt8]) throws(InputError) -> Void = FileWriter.write) {
        self.output = output
        self.colour = colour
        self.terminalSize = terminalSize
        self.favorites = favorites
        self.readFile = readFile
        self.writeFile = writeFile
    }
}

/// The interactive calculator: reads lines, runs them on the session, shows the stack.
public final class Shell {
    public let session: Session
    let environment: ShellEnvironment
    /// Width of the prompt, so carets line up under what was typed.
    public var prompt = "rpn> "
    public private(set) var finished = false

    public init(session: Session, environment: ShellEnvironment) {
        self.session = session
        self.environment = environment
    }

    var output: OutputSink { environment.output }

    /// Reads and handles lines until `:quit` or the end of input; returns the exit status.
    public func run(readLine: (String) -> LineInput) -> Int32 {
        while !finished {
            switch readLine(prompt) {
            case .line(let line): handle(line)
            case .interrupted: break
            case .end: finished = true
            }
            output.flush()
        }
        return 0
    }

    /// One line: a `:` command or RPN for the stack.
    public func handle(_ line: String) {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        if trimmed.hasPrefix(":") {
            command(String(trimmed))
        } else if !trimmed.isEmpty {
            calculate(line)
        }
    }

    func calculate(_ line: String) {
        switch session.enter(line) {
        case .accepted: showStack()
        case .rejected(let errors): showErrors(errors)
        }
    }

    func showStack() {
        output.write(StackDisplay(colour: environment.colour).render(session.entries, description: session.description))
    }

    func showErrors(_ errors: [Diagnostic]) {
        let renderer = DiagnosticRenderer(sources: session.sources, colour: environment.colour)
        for error in errors {
            let carets = renderer.carets(for: error)
            let pad = String(repeating: " ", count: prompt.count)
            output.write(pad + (environment.colour ? "\u{1B}[1;32m" + carets + "\u{1B}[0m" : carets) + " "
                         + renderer.label(error.severity) + " " + error.message + "\n")
        }
        output.write(note("the stack is unchanged; Up recalls the line to fix it") + "\n")
    }

    func say(_ text: String) { output.write(text + "\n") }

    func problem(_ text: String) {
        say((environment.colour ? "\u{1B}[1;31merror:\u{1B}[0m " : "error: ") + text)
    }

    func note(_ text: String) -> String { environment.colour ? "\u{1B}[2m" + text + "\u{1B}[0m" : text }

    // MARK: - Commands

    func command(_ line: String) {
        switch ShellCommand.parse(line) {
        case .failure(.unknown(let name, let suggestion)):
            problem("unknown command ':\(name)'" + (suggestion.map { "; did you mean ':\($0)'?" } ?? "; :help lists them"))
        case .failure(.usage(let text)):
            problem(text)
        case .success(let command):
            run(command)
        }
    }

    func run(_ command: ShellCommand) {
        switch command {
        case .help: say(Self.help)
        case .vars:
            let variables = session.variables
            if variables.isEmpty { say(note("no variables have values")) }
            for (name, value) in variables { say("  \(name) = \(NumberFormatting.ascii(value))") }
        case .set(let name, let valueText):
            setVariable(name, valueText)
        case .unset(let name):
            if !session.unsetVariable(name) { problem("'\(name)' has no value") } else { showStack() }
        case .clear:
            session.clear()
            showStack()
        case .undo:
            if session.undo() { showStack() } else { problem("nothing to undo") }
        case .redo:
            if session.redo() { showStack() } else { problem("nothing to redo") }
        case .describe:
            say(session.description.isEmpty ? note("(empty stack)") : session.description)
        case .ascii:
            session.style.glyphs = .ascii
            showStack()
        case .unicode:
            session.style.glyphs = .unicode
            showStack()
        case .degrees:
            session.setAngleUnit(.degrees)
            say(note("angles in degrees"))
            showStack()
        case .radians:
            session.setAngleUnit(.radians)
            say(note("angles in radians"))
            showStack()
        case .save(let path):
            let text = session.program + (session.program.isEmpty ? "" : "\n")
            do {
                try environment.writeFile(path, Array(text.utf8))
                say(note("saved \(session.state.lines.count) line\(session.state.lines.count == 1 ? "" : "s") to \(path)"))
            } catch { problem(error.message) }
        case .load(let path):
            do {
                let bytes = try environment.readFile(path)
                calculate(String(decoding: bytes, as: UTF8.self))
            } catch { problem(error.message) }
        case .favoriteAdd: addFavorite()
        case .favorites: listFavorites()
        case .favoriteLoad(let number):
            do {
                let favorites = try environment.favorites.load()
                guard number >= 1, number <= favorites.count else {
                    problem("no favorite \(number) (there are \(favorites.count))")
                    return
                }
                calculate(favorites[number - 1].program)
            } catch { problem(error.message) }
        case .favoriteRemove(let number):
            do {
                let before = try environment.favorites.load()
                try environment.favorites.remove(number: number)
                if number >= 1, number <= before.count { say(note("removed \(number)  \(before[number - 1].description)")) }
            } catch { problem(error.message) }
        case .plot(let range, let favorite, let variable):
            plot(range: range ?? -10...10, favorite: favorite, variable: variable)
        case .quit:
            finished = true
        }
    }

    func setVariable(_ name: String, _ valueText: String) {
        guard RPN.isVariableName(name) else {
            problem("'\(name)' is not a variable name")
            return
        }
        switch RPN.number(valueText, angleUnit: session.angleUnit, variables: session.variables.map { ($0.name, $0.value) }) {
        case .success(let value):
            session.setVariable(name, to: value)
            showStack()
        case .failure(let why):
            problem("\(valueText): \(why.text)")
        }
    }

    func addFavorite() {
        guard !session.program.isEmpty else {
            problem("nothing to save yet: type a program first")
            return
        }
        do {
            let list = try environment.favorites.add(Favorite(program: session.program, description: session.description))
            say(note("added \(list.count)  ") + session.description)
        } catch { problem(error.message) }
    }

    func listFavorites() {
        do {
            let favorites = try environment.favorites.load()
            if favorites.isEmpty { say(note("no favorites yet: :fav saves the current program")) }
            let width = String(favorites.count).count
            for (index, favorite) in favorites.enumerated() {
                output.write(FavoritesCommand.line(number: index + 1, width: width, favorite))  // as `rpn fav list`
            }
        } catch { problem(error.message) }
    }

    /// `:plot`: the top expression (or a favorite's) over `variable` (M unless given), sized to
    /// the terminal. Says why instead when the range is too narrow for doubles, the expression
    /// reads other variables (and which `:plot VAR` would do), the terminal is too small, or
    /// the expression has no value anywhere on the range.
    func plot(range: ClosedRange<Double>, favorite: Int?, variable requested: String?) {
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
        let title = machine.description(of: node, style: session.style)
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
        switch TerminalPlotRenderer.size(forTerminal: terminal.columns, terminal.rows, reservedRows: 3) {
        case .success(let fits): size = fits
        case .failure(let small):
            problem(small.message)
            return
        }
        let points = function.sample(variable, from: range.lowerBound, to: range.upperBound,
                                     count: TerminalPlotRenderer.sampleCount(width: size.width))
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
        let picture = TerminalPlotRenderer.render(Plot(title: title, variable: variable, points: points),
                                                  width: size.width, height: size.height, colour: environment.colour)
        output.write(picture.hasSuffix("\n") ? picture : picture + "\n")
    }

    // MARK: - Completion and help

    /// Completions for the word being typed: words, constants, stack words, the session's
    /// variables and stores, and `:` commands.
    public func completions(for prefix: String) -> [String] {
        if prefix.hasPrefix(":") {
            return ShellCommand.names.map { ":" + $0 }.filter { $0.hasPrefix(prefix) }
        }
        for arrow in ["→", "->"] where prefix.hasPrefix(arrow) {
            return session.variableNames.map { arrow + $0 }.filter { $0.hasPrefix(prefix) }.sorted()
        }
        let lowered = prefix.lowercased()
        let words = Builtin.wordNames.filter { $0.hasPrefix(lowered) }
        let variables = session.variableNames.filter { $0.hasPrefix(prefix) }
        return Array(Set(words + variables)).sorted()
    }

    static let help: String = {
        var lines = ["Type RPN: numbers, operators and words act on the stack; the stack is shown after each line.", ""]
        let kinds: [(WordKind, String)] = [(.binaryOperator, "operators"), (.function, "functions"),
                                           (.constant, "constants"), (.stackWord, "stack words")]
        for (kind, title) in kinds {
            lines.append(title + ":")
            for word in Builtin.all where word.kind == kind {
                let spellings = word.spellings.joined(separator: " ")
                lines.append("  " + spellings.padding(to: 14) + word.stackEffect.padding(to: 20) + word.summary)
            }
        }
        lines.append("variables: any other name (M, x, rate); →M or ->M stores the top of the stack in M")
        lines.append("")
        lines.append("commands:")
        for entry in ShellCommand.catalogue {
            lines.append("  " + entry.usage.padding(to: 44) + entry.summary)
        }
        lines.append("")
        lines.append("Tab completes words, variables and commands; Up and Ctrl-R search the history; Ctrl-C abandons a line; Ctrl-D leaves.")
        return lines.joined(separator: "\n")
    }()
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
