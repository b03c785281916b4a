/// The one facade the front ends call: tokenize, evaluate, describe, diagnose. Everything
/// here is pure; front ends own all I/O.
public enum RPN {
    /// The result of running a program.
    public struct Evaluation: Sendable {
        /// The final stack's values, oldest first; nil where there is none.
        public var values: [Number?]
        /// The civilized description of the final stack (nil unless trees were kept).
        public var description: String?
        /// Every diagnostic, in the order found.
        public var diagnostics: [Diagnostic]
        /// The machine after the run, for callers that want the trees or the variables.
        public var machine: Machine

        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    public static func tokenize(_ source: SourceFile) -> [Token] { Lexer.tokenize(source) }

    public static func tokenize(_ text: String) -> [Token] {
        Lexer.tokenize(SourceFile(name: "<text>", text: text))
    }

    /// Runs the sources in order on one stack, then evaluates the final stack.
    /// `includes` finds the files the programs include (none without it).
    public static func evaluate(_ sources: [SourceFile], options: EvaluationOptions = EvaluationOptions(),
                                variables: [(String, Number)] = [],
                                style: DescriptionStyle = DescriptionStyle(), includes: IncludeResolver? = nil) -> Evaluation {
        var machine = Machine(options: options)
        machine.includes = includes
        for (name, value) in variables { machine.setVariable(name, to: value) }
        for source in sources { machine.run(source) }
        let values = machine.values()
        let description = options.keepTrees ? machine.description(style: style) : nil
        return Evaluation(values: values, description: description, diagnostics: machine.allDiagnostics,
                          machine: machine)
    }

    public static func evaluate(_ text: String, options: EvaluationOptions = EvaluationOptions(),
                                variables: [(String, Number)] = [],
                                style: DescriptionStyle = DescriptionStyle()) -> Evaluation {
        evaluate([SourceFile(name: "<text>", text: text)], options: options, variables: variables, style: style)
    }

    /// The description of a program's final stack: `3 5 + √ π cos` ⇒ `√(3+5),cos(π)`.
    public static func describe(_ text: String, style: DescriptionStyle = DescriptionStyle(),
                                options: EvaluationOptions = EvaluationOptions()) -> String {
        var machine = Machine(options: options)
        machine.run(SourceFile(name: "<text>", text: text))
        return machine.description(style: style)
    }

    /// Whether `name` is exactly one variable name (not a word, not two tokens).
    public static func isVariableName(_ name: String) -> Bool {
        let tokens = tokenize(name)
        return tokens.count == 1 && tokens[0].kind == .variable && tokens[0].range == 0..<name.utf8.count
    }

    /// The one number a small program gives (`--set x=pi 2 /`, `:set x 3`), or why not.
    public static func number(_ text: String, angleUnit: AngleUnit = .radians, exact: Bool = true, complex: Bool = false,
                              variables: [(String, Number)] = []) -> Result<Number, Diagnostic.Message> {
        let evaluation = evaluate(text, options: .value(angleUnit: angleUnit, exact: exact, complex: complex),
                                  variables: variables)
        guard !evaluation.hasErrors, evaluation.values.count == 1, let value = evaluation.values[0] else {
            return .failure(Diagnostic.Message(evaluation.diagnostics.first?.message ?? "expected exactly one number"))
        }
        return .success(value)
    }

    /// The steps `rpn check` and editors run a program for before they only check it.
    public static let checkingSteps = EvaluationOptions.checkingSteps

    /// Every diagnostic of a program, variables it never stores being free (for editors and
    /// `rpn check`).
    /// Programs run only so far (`checkingSteps`): past that, a warning says so and the rest
    /// is still checked for stack effects, without running.
    /// `includes` finds the files the program includes (none without it).
    public static func diagnose(_ source: SourceFile, angleUnit: AngleUnit = .radians, exact: Bool = true,
                                maxSteps: Int = checkingSteps, includes: IncludeResolver? = nil) -> [Diagnostic] {
        var machine = Machine(options: .checking(angleUnit: angleUnit, exact: exact, maxSteps: maxSteps))
        machine.includes = includes
        machine.run(source)
        _ = machine.values()
        return machine.allDiagnostics
    }
}

extension Machine {
    /// The description of the current stack.
    public func description(style: DescriptionStyle = DescriptionStyle()) -> String {
        String(decoding: describe(style: style).bytes, as: UTF8.self)
    }

    public func describe(style: DescriptionStyle = DescriptionStyle()) -> (bytes: [UInt8], truncated: Bool) {
        printer(style: style).describe(stackNodes)
    }

    /// A printer of this machine's trees (several descriptions share one: making a printer
    /// costs more than a short description).
    public func printer(style: DescriptionStyle = DescriptionStyle()) -> InfixPrinter {
        InfixPrinter(nodes: nodes, store: store, variableNames: variables.names, links: links,
                     words: words, style: style)
    }

    /// The description of one node's tree.
    public func description(of node: Int32, style: DescriptionStyle = DescriptionStyle()) -> String {
        String(decoding: printer(style: style).describe([node]).bytes,
               as: UTF8.self)
    }

    /// The diagnostics plus, when some were dropped, a note saying how many, where the first
    /// dropped one points (the list is complete before it).
    public var allDiagnostics: [Diagnostic] { log.all }
}
