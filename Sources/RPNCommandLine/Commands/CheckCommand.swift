import RPNCore
import RPNJSON

/// `rpn check FILE...`: diagnostics only, each file on its own, for editors and CI.
/// Variables a file never stores are free, as in the language server.
public struct CheckCommand {
    public var inputs: [ProgramInput]
    /// Print `[{"file", "diagnostics"}, ...]` on standard output; a file that cannot be read
    /// has an `"error"` member saying why (and the failure is on standard error too).
    public var json = false
    public var degrees = false

    public init(inputs: [ProgramInput]) { self.inputs = inputs }

    public func run(_ io: CommandLineIO) -> Int32 {
        defer { io.standardOutput.flush(); io.standardError.flush() }
        if inputs.isEmpty, io.standardInputIsTerminal {
            io.standardError.write("usage: rpn check [--json] FILE...   ('-' reads standard input)\n")
            return ExitStatus.usage
        }
        var failed = false
        var reports: [JSONValue] = []
        for input in inputs.isEmpty ? [.standardInput] : inputs {
            let sources: SourceSet
            do { sources = try SourceSet.load([input], io) } catch {
                io.fail(error.message)
                failed = true
                if json { reports.append(["file": .string(input.name), "error": .string(error.message), "diagnostics": []]) }
                continue
            }
            let diagnostics = RPN.diagnose(sources.files[0], angleUnit: degrees ? .degrees : .radians)
            failed = failed || diagnostics.contains { $0.severity == .error }
            if json {
                reports.append(["file": .string(input.name), "diagnostics": DiagnosticJSON.array(diagnostics, in: sources)])
            } else {
                let renderer = DiagnosticRenderer(sources: sources, colour: io.stderrColour)
                io.standardError.write(renderer.render(all: diagnostics))
            }
        }
        if json { io.standardOutput.write(JSONSerializer.serialize(.array(reports)) + [0x0A]) }
        return failed ? ExitStatus.failure : ExitStatus.success
    }
}
