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
    /// locale), so the library changes no process state.
    public static func run(environment: [String: String], output: OutputSink, colour: Bool,
                           session: Session = Session(), interrupted: @escaping () -> Bool) -> Int32 {
        let historyPath = statePath(environment).map { directory -> String? in
            (try? FileSystem.makeDirectories(directory)) != nil ? directory + "/history" : nil
        } ?? nil
        let favorites = FileFavoritesStore(path: FileFavoritesStore.defaultPath(environment: environment))
        let files = ShellFiles(homeDirectory: HomeDirectory.resolve(environment: environment))
        let shell = Shell(session: session, environment: ShellEnvironment(
            output: output, colour: colour, terminalSize: terminalSize, favorites: favorites,
            readFile: files.read, writeFile: files.write, interrupted: interrupted,
            filePath: { (try? files.expanded($0)) ?? $0 }, page: pager(environment), directoryNames: files.names))
        let editor = LineEditor(historyPath: historyPath, complete: { [unowned shell] in shell.completions(before: $0) })
        output.write((colour ? "\u{1B}[2m" + banner + "\u{1B}[0m" : banner) + "\n")
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

    /// `$XDG_STATE_HOME/rpn`, or `~/.local/state/rpn`.
    static func statePath(_ environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty { return state + "/rpn" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/rpn"
    }

    static func terminalSize() -> (columns: Int, rows: Int) { Terminal.size(of: 1) ?? (80, 24) }
}
