import Platform
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
    /// Where `include` reads files (`:load`ed files' includes are relative to their folder).
    public var includeFiles: IncludeFileSystem
    /// The path `readFile` reads for a name (`~/x.rpn` in the home directory): a loaded
    /// file's includes are relative to that.
    public var filePath: (String) -> String
    /// Shows a text longer than the screen through a pager; false when it did not (no pager,
    /// or it could not start), and the shell prints the text itself. `main` wires `$PAGER`
    /// at a terminal; the default pages nothing.
    public var page: (String) -> Bool
    /// The names in a directory, for Tab after `:load` and `:save` (`~` already expanded by
    /// `filePath`); none by default.
    public var directoryNames: (String) -> [String]
    /// Where the session's state is remembered between runs (none unless asked).
    public var memory: ShellMemory

    public init(output: OutputSink, colour: Bool, terminalSize: @escaping () -> (columns: Int, rows: Int),
                favorites: FavoritesStore,
                readFile: @escaping (String) throws(InputError) -> [UInt8] = InputReader.readFile,
                writeFile: @escaping (String, [UInt8]) throws(InputError) -> Void = FileWriter.write,
                interrupted: @escaping () -> Bool = { false }, includeFiles: IncludeFileSystem = .disk,
                filePath: @escaping (String) -> String = { $0 }, page: @escaping (String) -> Bool = { _ in false },
                directoryNames: @escaping (String) -> [String] = { _ in [] },
                memory: ShellMemory = .none) {
        self.output = output
        self.colour = colour
        self.terminalSize = terminalSize
        self.favorites = favorites
        self.readFile = readFile
        self.writeFile = writeFile
        self.interrupted = interrupted
        self.includeFiles = includeFiles
        self.filePath = filePath
        self.page = page
        self.directoryNames = directoryNames
        self.memory = memory
    }
}

/// The interactive calculator: reads lines, runs them on the session, shows the stack.
public final class Shell {
    public let session: Session
    let environment: ShellEnvironment
    /// `rpn> `, or `...> ` while a definition waits for its `;`. Its width places carets under
    /// what was typed.
    public var prompt: String { pendingDefinition == nil ? "rpn> " : DefinitionContinuation.prompt }
    /// The lines of a definition typed so far, joined with newlines, while it waits for its `;`.
    private(set) var pendingDefinition: String?
    /// Whether the open definition's head (`: NAME ( effect )`) may still be coming: its lines
    /// are judged as they are entered until the body begins.
    var headIncomplete = false
    public internal(set) var finished = false
    /// Longest stretch of the stack's description shown after each line, in bytes.
    var descriptionBytes = 200
    /// Longest description `:describe` prints.
    var describeBytes = 1 << 20
    /// The `:` commands (see `registerCommands`).
    var commands = ShellCommandTable()
    /// The session's `revision` last handed to `environment.memory` (see `rememberState`).
    var rememberedRevision: Int?
    /// Whether the last attempt to remember the state failed (said once, not after every line).
    var rememberingFails = false

    public init(session: Session, environment: ShellEnvironment) {
        self.session = session
        self.environment = environment
        session.includeFiles = environment.includeFiles
        registerCommands()
    }

    var output: OutputSink { environment.output }

    /// Reads and handles lines until `:quit` or the end of input; returns the exit status.
    public func run(readLine: (String) -> LineInput) -> Int32 {
        while !finished {
            switch readLine(prompt) {
            case .line(let line): handle(line)
            case .interrupted: abandonDefinition()
            case .end:
                // Ctrl-D at `...>` gives up the definition; at `rpn>` it leaves.
                if pendingDefinition != nil { abandonDefinition() } else { finished = true }
            }
            output.flush()
        }
        // Written on leaving too: with several shells on one session the last to leave wins.
        rememberState(always: true)
        output.flush()
        return 0
    }

    /// Bytes of state text past which freed memory is given back after each write.
    static let bigState = 1 << 20

    /// Hands the session's state to `environment.memory` when it changed (an accepted line,
    /// undo, redo, :clear, :new, a display mode; not a rejected line), or `always`.
    func rememberState(always: Bool = false) {
        guard environment.memory.sessionName != nil else { return }
        let revision = session.revision
        if !always, rememberedRevision == revision { return }
        let text = session.journalText
        if let problem = environment.memory.save(text) {
            if !rememberingFails { self.problem(problem) }
            rememberingFails = true
        } else {
            rememberedRevision = revision
            rememberingFails = false
        }
        // The text of a session holding a big :load is megabytes made anew after each line:
        // the freed copies go back to the system rather than stay in malloc's free lists.
        if text.utf8.count > Self.bigState { MemoryRelease.releaseFreedMemory() }
    }

    /// One line: a `:` command, RPN for the stack, (empty) ENTER, or the next line of a
    /// definition that waits for its `;`.
    public func handle(_ line: String) {
        _ = environment.interrupted()  // a Ctrl-C pressed before this line is not meant for it
        defer { rememberState() }
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        // At `...>` too a command runs at once (`:words`, `:cancel`): RPN has no `:` glued to
        // a name, so such a line can never be meant as part of the definition.
        if let open = pendingDefinition, !ShellCommand.isCommand(trimmed) {
            let text = open + "\n" + line
            let stillOpen = DefinitionContinuation.isOpen(line, continuing: true)
            // A `:` in a line that leaves the definition open could only fail it at the `;`:
            // said now, and the line is left out (Up recalls it; `:cancel` drops the rest).
            if stillOpen, refuseNestedDefinition(in: text, lineStart: open.utf8.count + 1) { return }
            pendingDefinition = text
            if !stillOpen {
                pendingDefinition = nil
                calculate(text)
            } else if headIncomplete {
                judgeHead(of: text, lineStart: open.utf8.count + 1)
            }
            return
        }
        if ShellCommand.isCommand(trimmed) {
            command(String(trimmed))
        } else if trimmed.isEmpty {
            // The HP habit: ENTER on an empty line duplicates the top of the stack.
            if session.depth > 0 { calculate(Builtin[.dup].glyph) }
        } else {
            enter(line)
        }
    }

    /// Typed RPN: run now, or kept (the prompt says `...>`) while a definition in it waits
    /// for its `;`.
    func enter(_ line: String) {
        if DefinitionContinuation.isOpen(line) {
            pendingDefinition = line
            judgeHead(of: line, lineStart: 0)
        } else {
            calculate(line)
        }
    }

    /// Ctrl-C or Ctrl-D at `...>`: the definition's lines are dropped, nothing ran.
    func abandonDefinition() {
        guard pendingDefinition != nil else { return }
        pendingDefinition = nil
        say(note("definition abandoned; the stack is unchanged"))
    }

    /// Drops the open definition; says which (`definition of 'twice' dropped`), or nil when
    /// none was open.
    func dropDefinition() -> String? {
        guard let text = pendingDefinition else { return nil }
        pendingDefinition = nil
        let bytes = Array(text.utf8), tokens = RPN.tokenize(text)
        let region = ProgramRegion.regions(of: tokens, textEnd: bytes.count).last
        guard let name = region?.nameToken else { return "definition dropped" }
        return "definition of \(TerminalText.quoted(String(decoding: bytes[tokens[name].range], as: UTF8.self))) dropped"
    }

    /// Runs a typed line, or a text named `file`: a file for `:load` (read from `path`), a
    /// favorite for `:fav N`.
    func calculate(_ text: String, file: String? = nil, path: String? = nil) {
        let unit = session.angleUnit, exact = session.isExact, digits = session.digits, complex = session.isComplex
        let definitions = session.definitionCount
        switch session.enter(text, name: file, path: path, interrupted: environment.interrupted) {
        case .accepted(let warnings):
            show(warnings, typed: file == nil ? text : nil)
            if session.angleUnit != unit { say(note(Self.angleNote(session.angleUnit))) }
            if session.isExact != exact || session.digits != digits {
                say(note(Self.arithmeticNote(exact: session.isExact, digits: session.digits)))
            }
            if session.isComplex != complex { say(note(Self.complexNote(session.isComplex))) }
            announceDefinitions(from: definitions)
            showStack()
        case .rejected(let errors):
            show(errors, typed: file == nil ? text : nil)
            // Up recalls one line: of a definition typed over several, only its last.
            say(note(file != nil ? "nothing was loaded; the stack is unchanged"
                     : text.contains("\n") ? "the stack is unchanged"
                     : "the stack is unchanged; Up recalls the line to fix it"))
        case .interrupted:
            say(note("interrupted; the stack is unchanged"))
        }
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
    /// loaded file, an earlier line whose entry now fails, a line that wrapped, a definition
    /// typed over several lines).
    func show(_ diagnostics: [Diagnostic], typed: String?) {
        let renderer = DiagnosticRenderer(sources: session.sources, colour: environment.colour)
        let line = session.lastLineSource
        let fits = typed.map { !$0.contains("\n") && DisplayWidth.of(prompt) + DisplayWidth.of($0) < environment.terminalSize().columns } ?? false
        for diagnostic in Diagnostic.ordered(diagnostics) {
            if fits, let line, line.contains(diagnostic.range.lowerBound) {
                let carets = renderer.carets(for: diagnostic)
                let pad = String(repeating: " ", count: DisplayWidth.of(prompt))
                output.write(pad + (environment.colour ? "\u{1B}[1;32m" + carets + "\u{1B}[0m" : carets) + " "
                             + renderer.label(diagnostic.severity) + " " + diagnostic.message + "\n"
                             + renderer.relatedNotes(for: diagnostic))
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

    /// Long text (help, `:stack`, `:show`): through the pager when it is longer than the
    /// screen, else written as it is.
    func showLong(_ text: String) {
        let (columns, rows) = environment.terminalSize()
        var lines = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where lines < rows {
            lines += max(1, (DisplayWidth.of(String(line)) + columns - 1) / max(1, columns))
        }
        if lines >= rows {
            output.flush()
            if environment.page(text + "\n") {
                _ = environment.interrupted()  // a Ctrl-C in the pager was the pager's
                return
            }
        }
        writeInterruptibly(text)
    }

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
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
