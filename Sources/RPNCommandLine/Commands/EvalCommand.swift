import RPNCore
import RPNJSON

/// `rpn [-e PROGRAM]... [FILE]...`: run programs in order on one stack and print the final
/// stack's values (or its description, or one JSON object).
public struct EvalCommand {
    public var inputs: [ProgramInput]
    /// Print the description instead of the values. A description is symbolic: variables the
    /// programs never give a value are free (as in `rpn check` and the editor), not errors.
    public var describe = false
    /// Print one JSON object: values, description, variables, the free variables (with
    /// `describe`), diagnostics.
    public var json = false
    public var ascii = false
    public var degrees = false
    /// Descriptions longer than this are cut, with a warning (`1 dup + dup + ...` doubles
    /// its description with every `dup +`).
    public var descriptionByteLimit = 1 << 28
    /// `NAME=VALUE` pairs from `--set` (see `VariableAssignments`).
    public var assignments: [String] = []
    /// Exact arithmetic; false is `--float`.
    public var exact = true
    /// `--digits N`: inexact values computed with N significant digits (MPFR); nil: doubles.
    public var digits: Int?
    /// `--complex`: real operands whose answer is not real give the complex answer (`-1 √` is
    /// 1i) instead of an error.
    public var complex = false
    /// How values print (`--fix 2`, `--fractions`, `--base 16`, ...).
    public var format = NumberFormat()
    /// `--max-steps`: nil for the default (see `StepLimit`).
    public var maxSteps: Int?
    /// Print a line for every token run, with the stack after it (see `TraceWriter`), on
    /// standard output before the result, which stays last. It steps into words, so
    /// descriptions inline them as with `expand`.
    public var trace = false
    /// Descriptions inline every word: `√(3^2+4^2)` rather than `hyp(3,4)`.
    public var expand = false
    /// `--list`: standard input is data, one number a line, a list on the stack before the
    /// programs run (`ListInput`); the programs come from `-e` or files.
    public var listInput = false

    public init(inputs: [ProgramInput]) { self.inputs = inputs }

    public static let usageHint = """
        usage: rpn -e PROGRAM | rpn FILE... | COMMAND | rpn check FILE...
          rpn -e '3 4 +'            prints 7
          rpn -d -e '3 5 + √'       prints √(3+5)
          echo '2 3 ^' | rpn        reads the program from standard input
          rpn                       on a terminal (standard input and output): the rpn> shell
        See 'rpn --help' for every option.

        """

    var angleUnit: AngleUnit { degrees ? .degrees : .radians }

    public func run(_ io: CommandLineIO) -> Int32 {
        defer { io.standardOutput.flush(); io.standardError.flush() }
        let variables: [(name: String, value: Number)]
        switch VariableAssignments.parse(assignments, angleUnit: angleUnit, exact: exact, complex: complex) {
        case .success(let parsed): variables = parsed
        case .failure(let error): io.failUsage(error.message); return ExitStatus.usage
        }
        if trace, json {
            io.failUsage("--trace prints lines of text and --json one JSON object: choose one")
            return ExitStatus.usage
        }
        var inputs = self.inputs
        var data: [Number]?
        if listInput {
            guard !inputs.isEmpty, !inputs.contains(.standardInput) else {
                io.failUsage("--list reads numbers from standard input: give the program with -e PROGRAM or a file")
                return ExitStatus.usage
            }
            let bytes: [UInt8]
            do { bytes = try io.readStandardInput() } catch { io.fail(error.message); return ExitStatus.failure }
            switch ListInput.parse(bytes, exact: exact) {
            case .success(let values): data = values
            case .failure(let failure):
                io.standardError.write("<stdin>:\(failure.line):\(failure.column): "
                    + DiagnosticRenderer.label(.error, colour: io.stderrColour) + " " + failure.message + "\n")
                return ExitStatus.failure
            }
        }
        if inputs.isEmpty {
            if io.standardInputIsTerminal {
                io.standardError.write(Self.usageHint)
                return ExitStatus.usage
            }
            inputs = [.standardInput]
        }
        let inputSources: SourceSet
        do { inputSources = try SourceSet.load(inputs, io) } catch { io.fail(error.message); return ExitStatus.failure }

        let options = evaluationOptions
        let style = DescriptionStyle(glyphs: ascii ? .ascii : .unicode, byteLimit: descriptionByteLimit)
        let includes = IncludeResolver(sources: inputSources, fileSystem: io.includeFiles)
        var machine = Machine(options: options, includes: includes)
        for (name, value) in variables { machine.setVariable(name, to: value) }
        if let data { machine.push(.list(data)) }
        if trace {
            let writer = TraceWriter(sources: includes, output: io.standardOutput, glyphs: style.glyphs, format: format)
            for file in inputSources.files { machine.run(file, trace: writer.step) }
            writer.finish(machine)
        } else {
            for file in inputSources.files { machine.run(file) }
        }
        // The inputs, and the files they included: diagnostics point into any of them.
        let sources = includes.sources
        machine.evaluateStack()
        var diagnostics = machine.allDiagnostics
        var description: [UInt8] = []
        if describe || json {  // not for a trace alone: its trees are for its lines
            let (bytes, truncated) = machine.describe(style: style)
            description = bytes
            if truncated {
                diagnostics.append(Diagnostic(.warning, .descriptionTruncated,
                                              "description cut at \(style.byteLimit) bytes", range: Diagnostic.nowhere))
            }
        }
        let failed = diagnostics.contains { $0.severity == .error }

        if json {
            let free = describe ? machine.freeVariables.sorted() : []  // sorted: JSON that diffs well
            io.standardOutput.write(JSONSerializer.serialize(Self.json(
                values: machine.values(), description: description, variables: machine.variables, free: free,
                diagnostics: diagnostics, sources: sources, words: WordJSON.array(machine, style: style))) + [0x0A])
            return failed ? ExitStatus.failure : ExitStatus.success
        }
        let renderer = DiagnosticRenderer(sources: sources, colour: io.stderrColour)
        io.standardError.write(renderer.render(all: diagnostics))
        if failed {
            // With an error, nothing on stdout in any mode: a description or values after an
            // error would read as the program's result to whatever reads stdout.
        } else if describe {
            description.append(0x0A)
            io.standardOutput.write(description)
        } else {
            var out: [UInt8] = []
            out.reserveCapacity(1 << 16)
            var cut = false
            // One value at a time: no array of them all (10^7 values would take 300 MB more).
            for level in 0..<machine.depth {
                if let value = machine.value(at: level) {
                    format.append(value, to: &out)
                    cut = cut || format.cutsDigits(of: value)
                } else {
                    out.append(contentsOf: "nan".utf8)
                }
                out.append(0x0A)
                if out.count >= 1 << 16 { io.standardOutput.write(out); out.removeAll(keepingCapacity: true) }
            }
            io.standardOutput.write(out)
            if cut { io.standardError.write(Array(Self.digitsCutNote(exact: exact).utf8)) }
        }
        return failed ? ExitStatus.failure : ExitStatus.success
    }

    /// Said once when a value printed fewer digits than the display mode asks for: it carries no
    /// more (a double 17, a `--digits N` value N).
    public static func digitsCutNote(exact: Bool) -> String {
        "rpn: note: some values carry fewer digits than the display shows; they print the digits they have"
            + (exact ? " (--digits N computes N)\n" : " (--float computes in doubles: drop it and use --digits N)\n")
    }

    /// The significant digits a display mode needs of values of ordinary size: where doubles
    /// do not carry them and `--digits` is not given, the run computes with that many (FIX
    /// 30 of `2 √` prints 31 true digits, not a double's 17 and 14 invented ones). A value
    /// above 10^24 under FIX may still need more: it then prints the digits it has.
    public static func digitsNeeded(by format: NumberFormat) -> Int? {
        switch format.mode {
        case .standard: return nil
        // FIX n of a value below 1000 shows up to n + 3 significant digits.
        case .fixed(let n): return n + 3 > BigFloat.doubleDigits ? n + 25 : nil
        case .scientific(let n), .engineering(let n): return n + 1 > BigFloat.doubleDigits ? n + 3 : nil
        }
    }

    /// The options of the run. Descriptions, JSON and traces keep trees, which cost memory with
    /// every step: they get a smaller step budget unless `--max-steps` says otherwise.
    public var evaluationOptions: EvaluationOptions {
        var options = EvaluationOptions.commandLine(
            angleUnit: angleUnit, exact: exact, treesFor: describe ? "rpn -d" : json ? "rpn --json" : trace ? "rpn --trace" : nil,
            freeVariables: describe, expandWords: expand || trace, maxSteps: maxSteps,
            digits: digits ?? (exact ? Self.digitsNeeded(by: format) : nil))
        options.complex = complex
        return options
    }

    static func json(values: [Number?], description: [UInt8], variables: Variables, free: [String],
                     diagnostics: [Diagnostic], sources: SourceSet, words: JSONValue) -> JSONValue {
        [
            "values": .array(values.map(ValueJSON.number)),
            "exact": .array(values.map(ValueJSON.exact)),
            "inexact": .array(values.map(ValueJSON.inexact)),
            "digits": .array(values.map(ValueJSON.digits)),
            "description": .string(String(decoding: description, as: UTF8.self)),
            "variables": .object(JSONObject(variables.bound.map { ($0.name, ValueJSON.number($0.value)) })),
            "free": .array(free.map(JSONValue.string)),
            "diagnostics": DiagnosticJSON.array(diagnostics, in: sources),
            "words": words,
        ]
    }
}
