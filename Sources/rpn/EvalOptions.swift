import ArgumentParser
import Platform
import RPNCommandLine
import RPNCore
import RPNShell

/// The options of the default command: running programs (`rpn -e ...`, `rpn FILE...`).
struct EvalOptions: ParsableArguments {
    @Option(name: [.customShort("e"), .customLong("expression")], parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A program to run; repeat to run several in order.", valueName: "PROGRAM"))
    var programs: [String] = []

    @Flag(name: [.customShort("d"), .customLong("describe")],
          help: "Print the infix description instead of values; variables never given a value are free.")
    var describe = false

    @Flag(help: ArgumentHelp("Print one JSON object with the values, the description and the diagnostics.",
                             discussion: "With --describe, variables never given a value are free and listed in \"free\"."))
    var json = false

    @Flag(help: ArgumentHelp("Print every token run, with the stack after it, then the result.",
                             discussion: "One line a step: line:col, the token (in a word, its name first), the top of the "
                                 + "stack with descriptions and values. It steps into words, so descriptions inline them "
                                 + "as with --expand."))
    var trace = false

    @Flag(help: "Descriptions inline every word: √(3^2+4^2) rather than hyp(3,4).")
    var expand = false

    @Flag(help: ArgumentHelp("Read standard input as data, one number a line, a list on the stack before the program runs.",
                             discussion: "seq 1 100 | rpn --list -e mean prints 50.5."))
    var list = false

    // .unconditional: `--max-steps -5` is the value -5, refused with the reason, not a missing value.
    @Option(name: .customLong("max-steps"), parsing: .unconditional,
            help: ArgumentHelp("Stop a run after N steps (default 10^9; 10^7 with -d, --json or --trace, whose trees "
                               + "take about 32 bytes a step).", valueName: "N"))
    var maxSteps: String?

    @Option(name: .customLong("set"),
            help: ArgumentHelp("Give a variable a value (repeatable); VALUE is RPN and may use earlier --set variables.",
                               valueName: "NAME=VALUE"))
    var assignments: [String] = []

    @Flag(help: "Describe with * / - sqrt pi instead of × ÷ − √ π.")
    var ascii = false

    @Flag(help: "Trigonometric functions take and give degrees (in --set values too).")
    var degrees = false

    @Flag(help: ArgumentHelp("Compute in IEEE doubles throughout instead of exact integers and fractions.",
                             discussion: "0.1 0.2 + then prints 0.30000000000000004."))
    var float = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Compute inexact values (roots, logarithms, trigonometry, π, e) with N significant digits (MPFR) instead of IEEE doubles; N from 1 to 1000000.",
                               discussion: "Exact values stay exact. rpn --digits 30 -e '2 √' prints 1.41421356237309504880168872421.",
                               valueName: "N"))
    var digits: Int?

    @Flag(help: ArgumentHelp("Give complex answers where a real has none: -1 √ is 1i, -8 1 3 ÷ ^ the principal root.",
                             discussion: "Without it those are errors; complex values (3 4i +) are complex either way."))
    var complex = false

    @Flag(help: "Print complex values in polar form, modulus∠argument (degrees with --degrees): 3 4i + is 5∠0.9272952180016122.")
    var polar = false

    @Flag(help: "Start the shell empty and remember nothing: the saved session is neither read nor written.")
    var fresh = false

    @Option(help: ArgumentHelp("The shell's saved session to restore and keep (default: default); :sessions lists them.",
                               valueName: "NAME"))
    var session: String?

    /// `--digits` checked: in range, and not with `--float`.
    func precision() throws -> Int? {
        guard let digits else { return nil }
        guard BigFloat.digitRange.contains(digits) else {
            throw ValidationError("--digits takes 1 to \(BigFloat.digitRange.upperBound) digits, got \(digits)")
        }
        if float { throw ValidationError("--digits computes inexact values with N digits and --float computes in doubles: choose one") }
        return digits
    }

    // .unconditional: `--fix -1` is the value -1, refused with the range, not a missing value.
    @Option(parsing: .unconditional, help: ArgumentHelp("Print values with N digits after the point (HP FIX).", valueName: "N"))
    var fix: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Print values in scientific notation with N digits after the point (HP SCI).",
                               valueName: "N"))
    var sci: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Print values in engineering notation, exponents multiples of 3 (HP ENG).",
                               valueName: "N"))
    var eng: Int?

    @Flag(help: "Print values in the standard form (the default): exact values exactly, others shortest.")
    var std = false

    @Flag(help: "Print exact non-integers as fractions: 1/3, 3/4.")
    var fractions = false

    @Flag(help: "Group the digits of the integer part in threes: 1,234,567.5.")
    var group = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Print integers in base 16, 8, 2 or 10 (0xFF, 0o17, 0b101).", valueName: "BASE"))
    var base: Int?

    /// How values print, from --fix/--sci/--eng/--std, --fractions, --group and --base.
    func numberFormat() throws -> NumberFormat {
        var format = NumberFormat()
        let modes = [fix.map { NumberFormat.Mode.fixed($0) }, sci.map { .scientific($0) }, eng.map { .engineering($0) },
                     std ? .standard : nil].compactMap { $0 }
        guard modes.count <= 1 else {
            throw ValidationError("choose one of --fix, --sci, --eng and --std")
        }
        for (digits, name) in [(fix, "--fix"), (sci, "--sci"), (eng, "--eng")] {
            if let digits, !(0...NumberFormat.maximumDigits).contains(digits) {
                throw ValidationError("\(name) takes 0 to \(NumberFormat.maximumDigits) digits, got \(digits)")
            }
        }
        format.mode = modes.first ?? .standard
        format.fractions = fractions
        format.grouping = group
        if polar { format.polar = degrees ? .degrees : .radians }
        if let base {
            guard [2, 8, 10, 16].contains(base) else { throw ValidationError("--base takes 16, 8, 2 or 10, got \(base)") }
            format.base = base
        }
        return format
    }

    /// `--max-steps` as a number, or why it is not one.
    func stepLimit() throws -> Int? {
        guard let maxSteps else { return nil }
        return try StepLimit.parse(maxSteps).mapError { ValidationError($0.message) }.get()
    }

    /// `files` come from the command: the completion scripts' command tree has none (see
    /// RPNCompletions).
    func run(files: [String]) throws {
        let io = processIO()
        if let session, !InteractiveShell.isSessionName(session) {
            throw ValidationError("--session takes a name of letters, digits, '.', '_' and '-' (up to 64, not starting with '.'), got '\(session)'")
        }
        if programs.isEmpty, files.isEmpty, Terminal.isTerminal(0), Terminal.isTerminal(1) {
            // A person at a terminal: the calculator, started with the options that apply to it.
            throw ExitCode(runShell(io))
        }
        var command = EvalCommand(inputs: programs.enumerated().map { .expression($1, index: $0 + 1) }
                                  + ProgramInput.files(files))
        command.describe = describe
        command.json = json
        command.ascii = ascii
        command.degrees = degrees
        command.assignments = assignments
        command.exact = !float
        command.format = try numberFormat()
        command.digits = try precision()
        command.complex = complex
        command.maxSteps = try stepLimit()
        command.trace = trace
        command.expand = expand
        command.listInput = list
        try finish(command.run(io))
    }

    /// The shell in degrees, with ASCII descriptions and the `--set` variables, as asked.
    /// `--json` and `--describe` print one result of a program: with no program they make no
    /// sense (the shell always describes), so they are refused rather than dropped.
    func runShell(_ io: CommandLineIO) -> Int32 {
        defer { io.standardError.flush() }
        let descriptions = "the shell shows descriptions as it goes"
        for (given, name, why) in [(json, "--json", descriptions), (describe, "--describe", descriptions),
                                   (trace, "--trace", "the shell shows the stack after every line"),
                                   (expand, "--expand", "it changes the description of a program's result"),
                                   (list, "--list", "it reads the program's data from standard input"),
                                   (maxSteps != nil, "--max-steps", "it limits a program's run; in the shell, Ctrl-C stops one")]
        where given {
            io.failUsage("\(name) needs a program (-e PROGRAM, a FILE, or standard input); \(why)")
            return ExitStatus.usage
        }
        let angleUnit: AngleUnit = degrees ? .degrees : .radians
        let format: NumberFormat
        let digits: Int?
        do { (format, digits) = (try numberFormat(), try precision()) } catch { io.failUsage("\(error)"); return ExitStatus.usage }
        let variables: [(name: String, value: Number)]
        switch VariableAssignments.parse(assignments, angleUnit: angleUnit, exact: !float, complex: complex) {
        case .success(let parsed): variables = parsed
        case .failure(let error): io.failUsage(error.message); return ExitStatus.usage
        }
        let session = Session(angleUnit: angleUnit, variables: variables, exact: !float, digits: digits, complex: complex,
                              format: format)
        if ascii { session.style.glyphs = .ascii }
        let output = OutputSink.standardOutput()
        Interrupts.installForShell()
        let status = InteractiveShell.run(environment: processEnvironment(), output: output,
                                          colour: io.colourAllowed, session: session,
                                          sessionName: fresh ? nil : self.session ?? InteractiveShell.defaultSessionName,
                                          interrupted: Interrupts.take)
        output.flush()
        return status
    }
}
