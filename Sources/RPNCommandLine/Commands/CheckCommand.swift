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
    /// `--max-steps`: how far a program runs before the rest is only checked (nil:
    /// `RPN.checkingSteps`).
    public var maxSteps: Int?

    public init(inputs: [ProgramInput]) { self.inputs = inputs }

    public func run(_ io: CommandLineIO) -> Int32 {
        defer { io.standardOutput.flush(); io.standardError.flush() }
        if inputs.isEmpty, io.standardInputIsTerminal {
            io.standardError.write("usage: \(CommandLineUsage.check)   ('-' reads standard input)\n")
            return ExitStatus.usage
        }
        var failed = false
        var reports: [JSONValue] = []
        for input in inputs.isEmpty ? [.standardInput] : inputs {
            let sources: SourceSet
            do { sources = try SourceSet.load([input], io) } catch {
                io.fail(error.message)
                failed = true
                if json {
                    reports.append(["file": .string(input.name), "error": .string(error.message), "diagnostics": [],
                                    "words": []])
                }
                continue
            }
            // The file, then the files it includes: diagnostics in them are reported at their
            // own line and column, with the chain of includes that led there.
            let includes = IncludeResolver(sources: sources, fileSystem: io.includeFiles)
            let diagnostics = RPN.diagnose(sources.files[0], angleUnit: angleUnit, maxSteps: maxSteps ?? RPN.checkingSteps,
                                           includes: includes)
            failed = failed || diagnostics.contains { $0.severity == .error }
            if json {
                reports.append(["file": .string(input.name), "diagnostics": DiagnosticJSON.array(diagnostics, in: includes.sources),
                                "words": WordJSON.array(definitions(of: sources, io), style: DescriptionStyle())])
            } else {
                let renderer = DiagnosticRenderer(sources: includes.sources, colour: io.stderrColour)
                io.standardError.write(renderer.render(all: diagnostics))
            }
        }
        if json { io.standardOutput.write(JSONSerializer.serialize(.array(reports)) + [0x0A]) }
        return failed ? ExitStatus.failure : ExitStatus.success
    }

    var angleUnit: AngleUnit { degrees ? .degrees : .radians }

    /// A machine that has made the file's definitions (and those of the files it includes),
    /// for their effects and descriptions. Definitions are compiled, not run: one step is
    /// enough (`RPN.diagnose` keeps its machine to itself).
    func definitions(of sources: SourceSet, _ io: CommandLineIO) -> Machine {
        var machine = Machine(options: .definitionsOnly(angleUnit: angleUnit))
        machine.includes = IncludeResolver(sources: sources, fileSystem: io.includeFiles)
        machine.run(sources.files[0])
        return machine
    }
}
