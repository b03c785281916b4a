import Platform
import RPNCommandLine
import RPNCore

/// Builds the real shell (libedit, history file, favorites file, terminal size) and runs it.
/// Everything is created here, at the top, and passed down.
public enum InteractiveShell {
    public static let banner = "rpn \(RPN.version): RPN calculator. :help lists words and commands; Ctrl-D leaves."

    /// Runs the shell on `session`, which the caller may have set up from the command line's
    /// options (`rpn --degrees --ascii --set x=3`). `interrupted` says whether Ctrl-C was
    /// pressed since it was last asked: `main` owns the SIGINT handler behind it (and the
    /// locale), so the library changes no process state. `sessionName`: the saved session
    /// restored at start and written after every change (`rpn --session NAME`); nil
    /// (`rpn --fresh`): none read, none written. A restored session keeps its state and the
    /// options asked are applied on top of it.
    public static func run(environment: [String: String], output: OutputSink, colour: Bool,
                           session: Session = Session(), sessionName: String? = defaultSessionName,
                           interrupted: @escaping () -> Bool) -> Int32 {
        let historyPath = statePath(environment).map { directory -> String? in
            (try? FileSystem.makeDirectories(directory)) != nil ? FileSystem.joined(directory, ShellFileLocations.historyName) : nil
        } ?? nil
        output.write((colour ? "\u{1B}[2m" + banner + "\u{1B}[0m" : banner) + "\n")
        var session = session
        var memory = ShellMemory.none
        if let directory = statePath(environment) {
            // `--fresh` writes nothing, but `:sessions` still lists what there is.
            memory.sessionNames = { StateFile.names(in: StateFile.directory(stateDirectory: directory)) }
        }
        var restored = false
        if let sessionName, let directory = statePath(environment) {
            let file = StateFile(directory: StateFile.directory(stateDirectory: directory), name: sessionName)
            let start = Self.start(from: file, options: session, interrupted: interrupted)
            for (text, isProblem) in start.messages {
                output.write((isProblem ? DiagnosticRenderer.label(.error, colour: colour) + " " + text
                              : colour ? "\u{1B}[2m" + text + "\u{1B}[0m" : text) + "\n")
            }
            if let started = start.session {
                session = started
                restored = true
            }
            if start.remember {
                memory = ShellMemory(sessionName: sessionName, save: file.write,
                                     sessionNames: { StateFile.names(in: file.directory) })
            }
        }
        let favorites = FileFavoritesStore(path: FileFavoritesStore.defaultPath(environment: environment))
        let files = ShellFiles(homeDirectory: HomeDirectory.resolve(environment: environment))
        let shell = Shell(session: session, environment: ShellEnvironment(
            output: output, colour: colour, terminalSize: terminalSize, favorites: favorites,
            readFile: files.read, writeFile: files.write, interrupted: interrupted,
            filePath: { (try? files.expanded($0)) ?? $0 }, page: pager(environment), directoryNames: files.names,
            memory: memory))
        let editor = LineEditor(historyPath: historyPath, complete: { [unowned shell] in shell.completions(before: $0) })
        if restored { shell.showStack() }
        shell.rememberState()
        output.flush()
        return shell.run(readLine: editor.readLine)
    }

    /// Long help and `:stack` at a terminal: `$PAGER`, else `less -R`, run with the text on its
    /// standard input; elsewhere (output to a file or pipe) the text is printed.
    static func pager(_ environment: [String: String]) -> (String) -> Bool {
        guard Terminal.isTerminal(1) else { return { _ in false } }
        let command = environment["PAGER"].flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 } ?? "less -R"
        return { text in PipedCommand.run(command, input: Array(text.utf8)) }
    }

    /// The saved session in `file`, with the command line's `options` applied on top (nil:
    /// there was none, or it could not be replayed); what to say about it; whether to write
    /// the file from now on (not when it could not be read, nor kept aside: never overwritten).
    static func start(from file: StateFile, options: Session, interrupted: () -> Bool)
        -> (session: Session?, messages: [(text: String, problem: Bool)], remember: Bool) {
        let bytes: [UInt8]
        switch file.read() {
        case .success(nil): return (nil, [], true)
        case .success(let read?): bytes = read
        case .failure(let failure): return (nil, [(failure.message + "; this shell will not save the session", true)], false)
        }
        let outcome: Result<(session: Session, lines: Int), Session.RestoreProblem>
        if let text = String(validating: bytes, as: UTF8.self) {
            outcome = Session.restoring(text, interrupted: interrupted)
        } else {
            outcome = .failure(Session.RestoreProblem(line: 1, column: 1, message: "not UTF-8 text"))
        }
        switch outcome {
        case .success(let (session, lines)):
            session.apply(optionsOf: options)
            return (session, [("restored \(lines) line\(lines == 1 ? "" : "s") from \(TerminalText.shown(file.path))", false)], true)
        case .failure(let problem):
            let place = "cannot restore the session from \(TerminalText.shown(file.path)):\(problem.line):\(problem.column): "
                + TerminalText.shown(problem.message)
            // Ctrl-C is no fault of the file: it stays as it is, and this shell leaves it alone.
            if problem.interrupted { return (nil, [(place + "; the file was left as it is and this shell will not save the session", true)], false) }
            switch file.keepAside() {
            case .success(let kept):
                return (nil, [(place + "; it was kept as \(TerminalText.shown(kept)); starting empty", true)], true)
            case .failure(let failure):
                return (nil, [(place + "; " + failure.message + "; this shell will not save the session", true)], false)
            }
        }
    }

    /// The session `rpn` restores without `--session NAME`.
    public static let defaultSessionName = StateFile.defaultName

    /// Whether `name` can name a saved session (`rpn --session NAME`).
    public static func isSessionName(_ name: String) -> Bool { StateFile.isSessionName(name) }

    /// `$XDG_STATE_HOME/rpn`, or `~/.local/state/rpn`.
    static func statePath(_ environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty { return FileSystem.joined(state, ShellFileLocations.stateFolder) }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return FileSystem.joined(FileSystem.joined(home, ShellFileLocations.stateHomeDefault), ShellFileLocations.stateFolder)
    }

    static func terminalSize() -> (columns: Int, rows: Int) { Terminal.size(of: 1) ?? (80, 24) }
}
