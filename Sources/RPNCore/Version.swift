extension RPN {
    /// The version of rpn, written here only: `rpn --version`, the shell's banner and the
    /// language server's `serverInfo` read it (tests/tidy checks that no copy exists).
    public static let version = "0.1.0"
}
