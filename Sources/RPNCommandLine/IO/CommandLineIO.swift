/// Everything a command touches outside itself, handed in by `main` (or a test).
public struct CommandLineIO {
    public var standardOutput: OutputSink
    public var standardError: OutputSink
    public var standardInputIsTerminal: Bool
    /// False when `NO_COLOR` is set; colour is used only when this holds and the sink is a terminal.
    public var colourAllowed: Bool
    public var readFile: (String) throws(InputError) -> [UInt8]
    public var readStandardInput: () throws(InputError) -> [UInt8]

    public init(standardOutput: OutputSink, standardError: OutputSink, standardInputIsTerminal: Bool,
                colourAllowed: Bool,
                readFile: @escaping (String) throws(InputError) -> [UInt8] = InputReader.readFile,
                readStandardInput: @escaping () throws(InputError) -> [UInt8] = InputReader.readStandardInput) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.standardInputIsTerminal = standardInputIsTerminal
        self.colourAllowed = colourAllowed
        self.readFile = readFile
        self.readStandardInput = readStandardInput
    }

    var stderrColour: Bool { colourAllowed && standardError.isTerminal }

    func fail(_ message: String) {
        standardError.write((stderrColour ? "rpn: \u{1B}[1;31merror:\u{1B}[0m " : "rpn: error: ") + message + "\n")
    }
}

public enum ExitStatus {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usage: Int32 = 64
}
