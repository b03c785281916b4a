import RPNCore

/// Everything a command touches outside itself, handed in by `main` (or a test).
public struct CommandLineIO {
    public var standardOutput: OutputSink
    public var standardError: OutputSink
    public var standardInputIsTerminal: Bool
    /// False when `NO_COLOR` says so (see `colourAllowed(noColor:)`); colour is used only when
    /// this holds and the sink is a terminal.
    public var colourAllowed: Bool
    public var readFile: (String) throws(InputError) -> [UInt8]
    public var readStandardInput: () throws(InputError) -> [UInt8]
    /// Where `include` reads the files programs name.
    public var includeFiles: IncludeFileSystem

    public init(standardOutput: OutputSink, standardError: OutputSink, standardInputIsTerminal: Bool,
                colourAllowed: Bool,
                readFile: @escaping (String) throws(InputError) -> [UInt8] = InputReader.readFile,
                readStandardInput: @escaping () throws(InputError) -> [UInt8] = InputReader.readStandardInput,
                includeFiles: IncludeFileSystem = .disk) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.standardInputIsTerminal = standardInputIsTerminal
        self.colourAllowed = colourAllowed
        self.readFile = readFile
        self.readStandardInput = readStandardInput
        self.includeFiles = includeFiles
    }

    /// Whether colour is allowed, given the value of `NO_COLOR` (nil: not set). As no-color.org
    /// says: set and not empty turns colour off; set to nothing changes nothing.
    public static func colourAllowed(noColor: String?) -> Bool {
        noColor?.isEmpty ?? true
    }

    public var stderrColour: Bool { colourAllowed && standardError.isTerminal }

    /// Writes `rpn: error: MESSAGE` on standard error: a failure that concerns no place in a
    /// program (a file that cannot be read, a bad option).
    public func fail(_ message: String) {
        standardError.write(DiagnosticRenderer.headline(.error, colour: stderrColour) + message + "\n")
    }

    /// A usage error: `rpn: error: MESSAGE` and where the options are explained, two lines of
    /// every kind of usage error, ours and the argument parser's (`command`: the command whose
    /// `--help` explains them, `rpn` or `rpn check`…).
    public func failUsage(_ message: String, command: String = "rpn") {
        fail(message)
        standardError.write(Self.helpPointer(command))
    }

    /// The line after a usage error.
    public static func helpPointer(_ command: String) -> String { "See '\(command) --help' for every option.\n" }
}

public enum ExitStatus {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usage: Int32 = 64
}
