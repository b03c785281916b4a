import RPNCore

/// `rpn [-e PROGRAM]... [FILE]...`: run programs in order on one stack and print the final
/// stack's values (or its description, or one JSON object).
public struct EvalCommand {
    public var inputs: [ProgramInput]
    public var describe = false
    public var json = false
    public var ascii = false
    public var degrees = false
    /// `NAME=VALUE` pairs from `--set`; VALUE is itself a tiny RPN program (`2`, `-1.5`, `pi 2 /`).
    public var assignments: [String] = []

    public init(inputs: [ProgramInput]) { self.inputs = inputs }

    public static let usageHint = """
        usage: rpn -e PROGRAM | rpn FILE... | COMMAND | rpn check FILE...
          rpn -e '3 4 +'            prints 7
          rpn -d -e '3 5 + √'       prints √(3+5)
          echo '2 3 ^' | rpn        reads the program from standard input
        See 'rpn --help' for every option.

        """

    public func run(_ io: CommandLineIO) -> Int32 {
        defer { io.standardOutput.flush(); io.standardError.flush() }
        let variables: [(String, Double)]
        switch Self.parseAssignments(assignments) {
        case .success(let parsed): variables = parsed
        case .failure(let error): io.fail(error.message); return ExitStatus.usage
        }
        var inputs = self.inputs
        if inputs.isEmpty {
            if io.standardInputIsTerminal {
                io.standardError.write(Self.usageHint)
                return ExitStatus.usage
            }
            inputs = [.standardInput]
        }
        let sources: SourceSet
        do { sources = try SourceSet.load(inputs, io) } catch { io.fail(error.message); return ExitStatus.failure }

        let options = EvaluationOptions(angleUnit: degrees ? .degrees : .radians, keepTrees: describe || json)
        let style = DescriptionStyle(glyphs: ascii ? .ascii : .unicode)
        var machine = Machine(options: options)
        for (name, value) in variables { machine.setVariable(name, to: value) }
        for file in sources.files { machine.run(file) }
        let values = machine.values()
        var diagnostics = machine.allDiagnostics
        var description: [UInt8] = []
        if options.keepTrees {
            let (bytes, truncated) = machine.describe(style: style)
            description = bytes
            if truncated {
                diagnostics.append(Diagnostic(.warning, .descriptionTruncated,
                                              "description cut at \(style.byteLimit) bytes", range: 0..<0))
            }
        }
        let failed = diagnostics.contains { $0.severity == .error }

        if json {
            io.standardOutput.write(Self.json(values: values, description: description, diagnostics: diagnostics,
                                              variables: machine.variables, sources: sources))
            return failed ? ExitStatus.failure : ExitStatus.success
        }
        let renderer = DiagnosticRenderer(sources: sources, colour: io.stderrColour)
        for diagnostic in Self.ordered(diagnostics) { io.standardError.write(renderer.render(diagnostic)) }
        if describe {
            description.append(0x0A)
            io.standardOutput.write(description)
        } else if !failed {
            var out: [UInt8] = []
            out.reserveCapacity(1 << 16)
            for value in values {
                NumberFormatting.append(value ?? .nan, minus: [UInt8(ascii: "-")], to: &out)
                out.append(0x0A)
                if out.count >= 1 << 16 { io.standardOutput.write(out); out.removeAll(keepingCapacity: true) }
            }
            io.standardOutput.write(out)
        }
        return failed ? ExitStatus.failure : ExitStatus.success
    }

    /// Diagnostics in source order (they are found partly while running, partly at the end).
    static func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }
            .map(\.element)
    }

    static func parseAssignments(_ assignments: [String]) -> Result<[(String, Double)], InputError> {
        var result: [(String, Double)] = []
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "=") else {
                return .failure(InputError("--set \(assignment): expected NAME=VALUE"))
            }
            let name = String(assignment[..<equals])
            guard RPN.isVariableName(name) else {
                return .failure(InputError("--set \(assignment): '\(name)' is not a variable name"))
            }
            switch RPN.number(String(assignment[assignment.index(after: equals)...])) {
            case .success(let value): result.append((name, value))
            case .failure(let why): return .failure(InputError("--set \(assignment): \(why.text)"))
            }
        }
        return .success(result)
    }

    static func json(values: [Double?], description: [UInt8], diagnostics: [Diagnostic], variables: Variables,
                     sources: SourceSet) -> String {
        var text = "{\"values\":[" + values.map(JSON.number).joined(separator: ",") + "],"
        text += "\"description\":" + JSON.quoted(String(decoding: description, as: UTF8.self)) + ","
        text += "\"variables\":{" + variables.bound.map { JSON.quoted($0.name) + ":" + JSON.number($0.value) }
            .joined(separator: ",") + "},"
        text += "\"diagnostics\":" + diagnosticsJSON(ordered(diagnostics), sources) + "}\n"
        return text
    }

    static func diagnosticsJSON(_ diagnostics: [Diagnostic], _ sources: SourceSet) -> String {
        "[" + diagnostics.map { d in
            "{\"severity\":\"\(d.severity.rawValue)\",\"code\":\"\(d.code.rawValue)\",\"message\":"
                + JSON.quoted(d.message) + "," + SourceSpan.json(d.range, in: sources)
                + (d.replacement.map { ",\"replacement\":" + JSON.quoted($0) } ?? "") + "}"
        }.joined(separator: ",") + "]"
    }
}
