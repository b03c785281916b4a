import CEditLine
import RPNCommandLine
#if canImport(Glibc)
import Glibc
#endif

/// Builds the real shell (libedit, history file, favorites file, terminal size) and runs it.
/// Everything is created here, at the top, and passed down.
public enum InteractiveShell {
    public static let banner = "rpn 0.1.0: RPN calculator. :help lists words and commands; Ctrl-D leaves."

    public static func run(environment: [String: String], output: OutputSink, colour: Bool) -> Int32 {
        let historyPath = statePath(environment).map { directory -> String? in
            (try? FileSystem.makeDirectories(directory)) != nil ? directory + "/history" : nil
        } ?? nil
        let favorites = FileFavoritesStore(path: FileFavoritesStore.defaultPath(environment: environment))
        let files = ShellFiles(homeDirectory: HomeDirectory.resolve(environment: environment))
        let shell = Shell(session: Session(), environment: ShellEnvironment(
            output: output, colour: colour, terminalSize: terminalSize, favorites: favorites,
            readFile: files.read, writeFile: files.write))
        let editor = LineEditor(historyPath: historyPath, complete: { [unowned shell] in shell.completions(for: $0) })
        output.write((colour ? "\u{1B}[2m" + banner + "\u{1B}[0m" : banner) + "\n")
        output.flush()
        return shell.run(readLine: editor.readLine)
    }

    /// `$XDG_STATE_HOME/rpn`, or `~/.local/state/rpn`.
    static func statePath(_ environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty { return state + "/rpn" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/rpn"
    }

    static func terminalSize() -> (columns: Int, rows: Int) {
        var columns: Int32 = 0, rows: Int32 = 0
        shim_terminal_size(1, &columns, &rows)
        return columns > 0 && rows > 0 ? (Int(columns), Int(rows)) : (80, 24)
    }
}
