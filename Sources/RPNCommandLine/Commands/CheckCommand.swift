import RPNCore

/// `rpn check FILE...`: diagnostics only, each file on its own, for editors and CI.
/// Variables a file never stores are free, as in the language server.
public struct CheckCommand {
    public var inputs: [ProgramInput]
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
        var reports: [String] = []
        for input in inputs.isEmpty ? [.standardInput] : inputs {
            let sources: SourceSet
            do { sources = try SourceSet.load([input], io) } catch {
                io.fail(error.message)
                failed = true
                continue
            }
            let diagnostics = EvalCommand.ordered(RPN.diagnose(sources.files[0],
                                                               angleUnit: degrees ? .degrees : .radians))
            failed = failed || diagnostics.contains { $0.severity == .error }
            if json {
                reports.append("{\"file\":\(JSON.quoted(input.name)),\"diagnostics\":"
                               + EvalCommand.diagnosticsJSON(diagnostics, sources) + "}")
            } else {
                let renderer = DiagnosticRenderer(sources: sources, colour: io.stderrColour)
                for diagnostic in diagnostics { io.standardError.write(renderer.render(diagnostic)) }
            }
        }
        if json { io.standardOutput.write("[" + reports.joined(separator: ",") + "]\n") }
        return failed ? ExitStatus.failure : ExitStatus.success
    }
}
