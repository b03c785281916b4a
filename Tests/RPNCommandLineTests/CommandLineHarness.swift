import RPNCommandLine

/// An in-memory process: captured stdout/stderr, fake files and stdin.
struct Harness {
    var files: [String: [UInt8]] = [:]
    var stdin: [UInt8]? = nil
    var terminal = false
    var colourAllowed = true
    let stdout: OutputSink
    let stderr: OutputSink

    init(files: [String: String] = [:], stdin: String? = nil, terminal: Bool = false) {
        self.files = files.mapValues { Array($0.utf8) }
        self.stdin = stdin.map { Array($0.utf8) }
        self.terminal = terminal
        stdout = .capture(isTerminal: terminal)
        stderr = .capture(isTerminal: terminal)
    }

    var io: CommandLineIO {
        let files = self.files
        let stdin = self.stdin
        return CommandLineIO(
            standardOutput: stdout, standardError: stderr, standardInputIsTerminal: terminal,
            colourAllowed: colourAllowed,
            readFile: { (path: String) throws(InputError) -> [UInt8] in
                guard let bytes = files[path] else { throw InputError("cannot open '\(path)': No such file or directory") }
                return bytes
            },
            readStandardInput: { () throws(InputError) -> [UInt8] in stdin ?? [] })
    }

    var out: String { stdout.capturedText }
    var err: String { stderr.capturedText }
}
