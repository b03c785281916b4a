/// Where the shell keeps its files, named once: the shell opens them by these names, and what
/// documents them (`man rpn`, `:help files`, `rpn fav --help`) shows them. Each is a path under
/// one of the XDG base directories: `$XDG_STATE_HOME` (default `~/.local/state`) for the
/// history and the saved sessions, `$XDG_DATA_HOME` (default `~/.local/share`) for favorites.
public enum ShellFileLocations {
    /// `$XDG_STATE_HOME` when it is not set, under the home directory.
    public static let stateHomeDefault = ".local/state"
    /// `$XDG_DATA_HOME` when it is not set, under the home directory.
    public static let dataHomeDefault = ".local/share"
    /// The shell's folder under the state home: the history and the sessions' folder are in it.
    public static let stateFolder = "rpn"
    public static let historyName = "history"
    public static let sessionsName = "sessions"
    /// A saved session is `NAME` and this.
    public static let sessionSuffix = ".rpn"
    /// The favorites, under the data home.
    public static let favorites = "rpn/favorites.json"

    /// Paths as a reader sees them: `$XDG_STATE_HOME/rpn/history` and its default
    /// `~/.local/state/rpn/history`.
    public static func stateDocumented(_ path: String) -> (path: String, default: String) {
        ("$XDG_STATE_HOME/\(stateFolder)/\(path)", "~/\(stateHomeDefault)/\(stateFolder)/\(path)")
    }

    public static var historyDocumented: (path: String, default: String) { stateDocumented(historyName) }

    public static var sessionDocumented: (path: String, default: String) { stateDocumented("\(sessionsName)/NAME\(sessionSuffix)") }

    public static var favoritesDocumented: (path: String, default: String) {
        ("$XDG_DATA_HOME/\(favorites)", "~/\(dataHomeDefault)/\(favorites)")
    }
}
