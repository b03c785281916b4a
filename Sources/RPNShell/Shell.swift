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
    /// Whether Ctrl-C was pressed since it was last asked (asking clears it). `main` owns the
    /// signal handler; long evaluations and long output ask this now and then.
    public var interrupted: () -> Bool

    public init(output: OutputSink, colour: Bool, terminalSize: @escaping () -> (columns: Int, rows: Int),
                favorites: FavoritesStore,
                readFile: @escaping (String) throws(InputError) -> [UInt8] = InputReader.readFile,
                writeFile: @escaping (String, [UInt8]) throws(InputError) -> Void = FileWriter.write,
                interrupted: @escaping () -> Bool = { false }) {
        self.output = output
        self.colour = colour
        self.terminalSize = terminalSize
        self.favorites = favorites
        self.readFile = readFile
        self.writeFile = writeFile
        self.interrupted = interrupted
    }
}

/// The interactive calculator: reads lines, runs them on the session, shows the stack.
public final class Shell {
    public let session: Session
    let environment: ShellEnvironment
    /// Width of the prompt, so carets line up under what was typed.
    public var prompt = "rpn> "
    public private(set) var finished = false
    /// Longest stretch of the stack's description shown after each line, in bytes.
    var descriptionBytes = 200
    /// Longest description `:describe` prints.
    var describeBytes = 1 << 20

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

    /// One line: a `:` command, RPN for the stack, or (empty) ENTER.
    public func handle(_ line: String) {
        _ = environment.interrupted()  // a Ctrl-C pressed before this line is not meant for it
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        if trimmed.hasPrefix(":") {
            command(String(trimmed))
        } else if trimmed.isEmpty {
            // The HP habit: ENTER on an empty line duplicates the top of the stack.
            if session.depth > 0 { calculate(Builtin[.dup].glyph) }
        } else {
            calculate(line)
        }
    }

    /// Runs a typed line, or a file's text (`file`: its name) for `:load`.
    func calculate(_ text: String, file: String? = nil) {
        let unit = session.angleUnit, exact = session.isExact
        switch session.enter(text, name: file, interrupted: environment.interrupted) {
        case .accepted(let warnings):
            show(warnings, typed: file == nil ? text : nil)
            if session.angleUnit != unit { say(note(Self.angleNote(session.angleUnit))) }
            if session.isExact != exact { say(note(Self.arithmeticNote(exact: session.isExact))) }
            showStack()
        case .rejected(let errors):
            show(errors, typed: file == nil ? text : nil)
            say(note(file == nil ? "the stack is unchanged; Up recalls the line to fix it"
                                 : "nothing was loaded; the stack is unchanged"))
        case .interrupted:
            say(note("interrupted; the stack is unchanged"))
        }
    }

    static func angleNote(_ unit: AngleUnit) -> String {
        "angles in \(unit == .degrees ? "degrees" : "radians") for the trigonometry typed from now on"
    }

    static func arithmeticNote(exact: Bool) -> String {
        exact ? "exact: integers and fractions stay exact; √2, sin, ln... are approximations"
              : "float: every value an IEEE double, as 0.1 0.2 + = 0.30000000000000004 shows"
    }

    func showStack() {
        let display = session.display(levels: StackDisplay.levels, descriptionBytes: descriptionBytes)
        var stackDisplay = StackDisplay(colour: environment.colour)
        stackDisplay.format = session.format
        stackDisplay.columns = environment.terminalSize().columns
        output.write(stackDisplay.render(display))
    }

    /// Diagnostics of the line just entered: a caret under the typed line when they are in it
    /// and it fits on one terminal row; otherwise `NAME:LINE:COL:` with the source line (a
    /// loaded file, an earlier line whose entry now fails, a line that wrapped).
    func show(_ diagnostics: [Diagnostic], typed: String?) {
        let renderer = DiagnosticRenderer(sources: session.sources, colour: environment.colour)
        let line = session.sources.files.last
        let fits = typed.map { DisplayWidth.of(prompt) + DisplayWidth.of($0) < environment.terminalSize().columns } ?? false
        for diagnostic in Diagnostic.ordered(diagnostics) {
            if fits, let line, line.contains(diagnostic.range.lowerBound) {
                let carets = renderer.carets(for: diagnostic)
                let pad = String(repeating: " ", count: DisplayWidth.of(prompt))
                output.write(pad + (environment.colour ? "\u{1B}[1;32m" + carets + "\u{1B}[0m" : carets) + " "
                             + renderer.label(diagnostic.severity) + " " + diagnostic.message + "\n")
            } else {
                output.write(renderer.render(diagnostic))
            }
        }
    }

    func say(_ text: String) { output.write(text + "\n") }

    func problem(_ text: String) {
        say(DiagnosticRenderer.label(.error, colour: environment.colour) + " " + text)
    }

    func note(_ text: String) -> String { environment.colour ? "\u{1B}[2m" + text + "\u{1B}[0m" : text }

    /// Writes long text in pieces, stopping at Ctrl-C.
    func writeInterruptibly(_ text: String) {
        var rest = Substring(text)
        while !rest.isEmpty {
            if environment.interrupted() {
                say("\n" + note("interrupted"))
                return
            }
            let piece = rest.prefix(1 << 14)
            output.write(String(piece))
            output.flush()
            rest = rest.dropFirst(piece.count)
        }
        say("")
    }

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
        case .help: say(Self.help(width: environment.terminalSize().columns))
        case .vars:
            let variables = session.variables
            if variables.isEmpty { say(note("no variables have values")) }
            let columns = environment.terminalSize().columns
            for (name, value) in variables {
                say("  \(name) = \(session.format.string(value, limit: Swift.max(24, columns - name.count - 6)))")
            }
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
            let (text, truncated) = session.description(limit: describeBytes)
            if text.isEmpty { say(note("(empty stack)")); return }
            writeInterruptibly(text)
            if truncated { say(note("(cut at \(describeBytes >> 20) MiB)")) }
        case .ascii:
            session.style.glyphs = .ascii
            showStack()
        case .unicode:
            session.style.glyphs = .unicode
            showStack()
        case .degrees, .radians:
            session.setAngleUnit(command == .degrees ? .degrees : .radians)
            say(note(Self.angleNote(session.angleUnit)))
            showStack()
        case .exact(let exact):
            session.setExact(exact)
            say(note(Self.arithmeticNote(exact: exact)))
            showStack()
        case .displayMode(let mode):
            session.format.mode = mode
            showStack()
        case .fractions:
            session.format.fractions.toggle()
            say(note(session.format.fractions ? "fractions: 1/3, 3/4" : "fractions off: 0.3333333333333333, 0.75"))
            showStack()
        case .grouping:
            session.format.grouping.toggle()
            say(note(session.format.grouping ? "digits grouped: 1,234,567" : "digits not grouped: 1234567"))
            showStack()
        case .base(let base):
            session.format.base = base
            showStack()
        case .save(let path):
            let text = session.program + (session.program.isEmpty ? "" : "\n")
            do {
                try environment.writeFile(path, Array(text.utf8))
                say(note("saved \(session.lineCount) line\(session.lineCount == 1 ? "" : "s") to \(path)"))
            } catch { problem(error.message) }
        case .load(let path):
            do {
                let bytes = try environment.readFile(path)
                calculate(String(decoding: bytes, as: UTF8.self), file: path)
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
                if number >= 1, number <= before.count {
                    say(note("removed ") + FavoritesCommand.line(number: number, width: 1, before[number - 1],
                                                                 columns: environment.terminalSize().columns - 8)
                        .dropLast())
                }
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
        switch RPN.number(valueText, angleUnit: session.angleUnit, exact: session.isExact,
                          variables: session.variables.map { ($0.name, $0.value) }) {
        case .success(let value):
            if case .rejected(let errors) = session.setVariable(name, to: value, text: valueText) {
                show(errors, typed: nil)
                say(note("\(name) keeps its value; the stack is unchanged"))
                return
            }
            say("  \(name) = \(session.format.string(value, limit: Swift.max(24, environment.terminalSize().columns - name.count - 6)))")
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
            let favorite = Favorite(program: session.program, description: session.description(limit: Favorite.descriptionBytes).text)
            let list = try environment.favorites.add(favorite)
            say(note("added ") + FavoritesCommand.line(number: list.count, width: 1, favorite,
                                                       columns: environment.terminalSize().columns - 6).dropLast())
        } catch { problem(error.message) }
    }

    func listFavorites() {
        do {
            let favorites = try environment.favorites.load()
            if favorites.isEmpty { say(note("no favorites yet: :fav saves the current program")) }
            let width = String(favorites.count).count
            for (index, favorite) in favorites.enumerated() {
                // as `rpn fav list` prints them, cut to the terminal
                output.write(FavoritesCommand.line(number: index + 1, width: width, favorite,
                                                   columns: environment.terminalSize().columns))
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

    /// Completions for the word that ends at the cursor: `textBeforeCursor` is the line up to
    /// the cursor. The word is what the lexer would read as one name, so `3 4+sq` completes
    /// `sq`; a store's arrow belongs to it (`→ra` completes to `→rate`).
    public func completions(before textBeforeCursor: String) -> (word: String, candidates: [String]) {
        let trimmed = textBeforeCursor.drop { $0 == " " || $0 == "\t" }
        if trimmed.hasPrefix(":"), !trimmed.contains(" ") {
            return (String(trimmed), completions(for: String(trimmed)))
        }
        var start = textBeforeCursor.endIndex
        while start > textBeforeCursor.startIndex {
            let previous = textBeforeCursor.index(before: start)
            let c = textBeforeCursor[previous]
            guard c == "_" || c.isNumber || (c.isLetter && c != "π") else { break }
            start = previous
        }
        for arrow in ["→", "->"] where textBeforeCursor[..<start].hasSuffix(arrow) {
            start = textBeforeCursor.index(start, offsetBy: -arrow.count)
            break
        }
        let word = String(textBeforeCursor[start...])
        return (word, word.isEmpty ? [] : completions(for: word))
    }

    /// Completions of one word: words, constants, stack words, the session's variables and
    /// stores, and `:` commands.
    public func completions(for prefix: String) -> [String] {
        if prefix.hasPrefix(":") {
            return ShellCommand.names.map { ":" + $0 }.filter { $0.hasPrefix(prefix) }
        }
        for arrow in ["→", "->"] where prefix.hasPrefix(arrow) {
            return session.variableNames.map { arrow + $0 }.filter { $0.hasPrefix(prefix) }.sorted()
        }
        // Words match in any case, constants only as spelled (`E` is a variable, not e).
        let words = Builtin.wordNames.filter { name in
            Builtin.named(name).map { $0.spelling(name, completes: prefix) } ?? false
        }
        let variables = session.variableNames.filter { $0.hasPrefix(prefix) }
        return Array(Set(words + variables)).sorted()
    }

    /// `:help`, wrapped to `width` columns.
    static func help(width: Int) -> String {
        var lines: [String] = []
        func paragraph(_ text: String) { lines += wrap(text, width: width, indent: "") }
        func row(_ left: String, _ leftWidth: Int, _ right: String) {
            let indent = String(repeating: " ", count: leftWidth)
            if leftWidth + 20 > width {
                lines += wrap(String(left.dropFirst(2)), width: width, indent: "  ")
                lines += wrap(right, width: width, indent: "    ")
            } else if left.count >= leftWidth {
                // A long usage gets a line of its own, its summary aligned below.
                lines += wrap(String(left.dropFirst(2)), width: width, indent: "  ")
                lines += wrap(right, width: width, indent: indent)
            } else {
                var wrapped = wrap(right, width: width - leftWidth, indent: "")
                lines.append(left.padding(to: leftWidth) + wrapped.removeFirst())
                lines += wrapped.map { indent + $0 }
            }
        }
        paragraph("Type RPN: numbers, operators and words act on the stack; the stack is shown after each line. "
                  + "Enter on an empty line duplicates the top entry, as ENTER does on an HP calculator.")
        lines.append("")
        let kinds: [(WordKind, String)] = [(.binaryOperator, "operators"), (.function, "functions"),
                                           (.constant, "constants"), (.stackWord, "stack words"),
                                           (.directive, "directives")]
        for (kind, title) in kinds {
            lines.append(title + ":")
            for word in Builtin.all where word.kind == kind {
                row("  " + word.spellings.joined(separator: " ").padding(to: 14) + word.stackEffect, 38, word.summary)
            }
        }
        lines.append("")
        paragraph("Variables: any other name (M, x, rate). →M or ->M stores the top of the stack in M. "
                  + "Variables are symbolic until the end: an entry that reads M uses M's latest value, so "
                  + "1 →M M 2 →M M + is 4 (dc and HP calculators give 3). An entry whose variables have no "
                  + "value shows ?; storing it is an error.")
        lines.append("")
        lines.append("commands:")
        for entry in ShellCommand.catalogue {
            row("  " + entry.usage, 46, entry.summary)
        }
        lines.append("")
        paragraph("Tab completes words, variables and commands; Up and Ctrl-R search the history; "
                  + "Ctrl-C abandons a line or stops a long computation; Ctrl-D leaves.")
        return lines.joined(separator: "\n")
    }

    /// Greedy word wrap; a word longer than the width gets a line of its own.
    static func wrap(_ text: String, width: Int, indent: String) -> [String] {
        let width = max(width, 20)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, indent.count + line.count + 1 + word.count > width {
                lines.append(indent + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(indent + line)
        return lines
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
