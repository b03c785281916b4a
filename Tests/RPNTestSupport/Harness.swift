import RPNCommandLine

/// An in-memory process for running a command in-process: captured standard output and error,
/// fake files and standard input, and what the command is told about terminals and colour.
/// `terminal` makes standard input, output and error terminals. Colour is off unless a test
/// allows it (as NO_COLOR unset does): outputs compare as plain text.
public struct Harness {
    public let files: FakeFiles
    public var stdin: [UInt8]?
    public var terminal: Bool
    public var colourAllowed: Bool
    public let stdout: OutputSink
    public let stderr: OutputSink

    public init(files: [String: String] = [:], stdin: String? = nil, terminal: Bool = false, colourAllowed: Bool = false) {
        self.files = FakeFiles(files)
        self.stdin = stdin.map { Array($0.utf8) }
        self.terminal = terminal
        self.colourAllowed = colourAllowed
        stdout = .capture(isTerminal: terminal)
        stderr = .capture(isTerminal: terminal)
    }

    public var io: CommandLineIO {
        let stdin = self.stdin
        return CommandLineIO(
            standardOutput: stdout, standardError: stderr, standardInputIsTerminal: terminal,
            colourAllowed: colourAllowed, readFile: files.read,
            readStandardInput: { () throws(InputError) -> [UInt8] in stdin ?? [] },
            includeFiles: files.includeFileSystem)
    }

    /// What was written to standard output and error (after the command flushed them).
    public var out: String { stdout.capturedText }
    public var err: String { stderr.capturedText }
}
