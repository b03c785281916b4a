/// Each front end's run options, chosen here and nowhere else (issue 16, item 6: the front
/// ends ask the core). A front end names its profile and passes only what its user chose
/// (angle unit, exactness, `--max-steps`); whether trees are kept, how far a run goes, what
/// the step-limit message advises and whether stopping is an error are the profile's.
extension EvaluationOptions {
    /// Steps a run that keeps no trees may take: a long run costs time, not memory.
    public static let evaluationSteps = 1_000_000_000
    /// Steps a run that keeps a tree for descriptions may take: the tree grows by about 32
    /// bytes a step, so 10^7 steps are some 320 MB.
    public static let treeKeepingSteps = 10_000_000
    /// Steps `rpn check` and editors run a program for before they only check the rest.
    public static let checkingSteps = 1_000_000

    static let raiseAdvice = "raise it with --max-steps N"

    /// `rpn -e PROGRAM`, `rpn FILE`. `treesFor` names the option that keeps trees (`rpn -d`,
    /// `rpn --json`, `rpn --trace`), nil for values only; with it the run gets the smaller
    /// budget, and its message says why. A limit given with `--max-steps` is the user's
    /// choice and needs no explanation. `freeVariables`: a description is symbolic (`-d`).
    public static func commandLine(angleUnit: AngleUnit, exact: Bool, treesFor command: String?,
                                   freeVariables: Bool = false, expandWords: Bool = false,
                                   maxSteps: Int? = nil, digits: Int? = nil) -> EvaluationOptions {
        var options = EvaluationOptions(angleUnit: angleUnit, keepTrees: command != nil, freeVariables: freeVariables,
                                        exact: exact)
        (options.maxSteps, options.stepLimitAdvice) = budget(given: maxSteps, keepingTreesFor: command)
        options.expandWords = expandWords
        options.digits = digits
        return options
    }

    /// `rpn plot`: trees of the free variable, the budget of runs that keep trees.
    public static func plot(angleUnit: AngleUnit, maxSteps: Int? = nil) -> EvaluationOptions {
        commandLine(angleUnit: angleUnit, exact: true, treesFor: "rpn plot", freeVariables: true, maxSteps: maxSteps)
    }

    /// `rpn check` and `RPN.diagnose`: a program runs `maxSteps` steps at most, then the rest
    /// is only checked, with a warning rather than an error.
    public static func checking(angleUnit: AngleUnit, exact: Bool = true,
                                maxSteps: Int = checkingSteps) -> EvaluationOptions {
        var options = EvaluationOptions(angleUnit: angleUnit, keepTrees: true, freeVariables: true, exact: exact)
        options.maxSteps = maxSteps
        options.stepLimitIsError = false
        options.stepLimitAdvice = "checking runs a program for \(maxSteps) steps at most; what follows is checked "
            + "for stack effects but not run"
        return options
    }

    /// A machine that only makes a file's definitions (`rpn check --json`'s words): they are
    /// compiled, not run, so one step is enough.
    public static func definitionsOnly(angleUnit: AngleUnit) -> EvaluationOptions {
        var options = EvaluationOptions(angleUnit: angleUnit, keepTrees: false, freeVariables: true)
        options.maxSteps = 1
        options.stepLimitIsError = false
        return options
    }

    /// The `rpn>` shell: trees for the stack display, variables free until set, and a store
    /// needs a value now (a variable there is bound now or never). Ctrl-C, not a step
    /// budget, stops a long run.
    /// `digits`: inexact values with that many digits (`rpn --digits N`, `:digits N`).
    public static func shell(angleUnit: AngleUnit, exact: Bool, digits: Int? = nil, complex: Bool = false) -> EvaluationOptions {
        var options = EvaluationOptions(angleUnit: angleUnit, keepTrees: true, freeVariables: true, storesNeedValues: true,
                                        exact: exact)
        options.digits = exact ? digits : nil
        options.complex = complex
        return options
    }

    /// `rpn fav add`: the program is run once to see that it has a result to keep.
    public static let favorite = EvaluationOptions(freeVariables: true)

    /// One number from a small program (`--set x=pi 2 /`, `:set x 3`, `RPN.number`).
    public static func value(angleUnit: AngleUnit, exact: Bool, digits: Int? = nil, complex: Bool = false) -> EvaluationOptions {
        var options = EvaluationOptions(angleUnit: angleUnit, keepTrees: false, exact: exact)
        options.digits = exact ? digits : nil
        options.complex = complex
        return options
    }

    /// What the editor runs a program for.
    public enum EditorRun: Sendable {
        /// The analysis of a document on every keystroke: stopping at the budget is a warning,
        /// the rest is only checked.
        case analysis
        /// A result asked for (`rpn.evaluate`, `rpn/evaluate`, `rpn/describe`): stopping is an
        /// error, as in `rpn FILE`.
        case result(freeVariables: Bool)
        /// One number for a variable (`rpn/evaluate`'s `variables`), as `--set` computes it.
        case value
    }

    /// Every run of the language server: `checkingSteps` per line and ten times that in all,
    /// not the 10^9 of `rpn FILE`. Every
    /// keystroke runs the whole document again and keeps a tree for every step, so a long
    /// loop would make typing wait and an endless one would hang the server and fill its
    /// memory; the step-limit message says that this budget is the editor's.
    /// `digits`: the `digits` setting, which computes nothing in doubles throughout (`exact`
    /// false), as the command line refuses `--digits` with `--float`.
    public static func editor(_ run: EditorRun, angleUnit: AngleUnit, exact: Bool, digits: Int? = nil,
                              complex: Bool = false) -> EvaluationOptions {
        var options = EvaluationOptions(angleUnit: angleUnit, keepTrees: true, freeVariables: true, exact: exact)
        options.digits = exact ? digits : nil
        options.complex = complex
        switch run {
        case .analysis: break
        case .result(let free): options.freeVariables = free
        case .value: (options.keepTrees, options.freeVariables) = (false, false)
        }
        options.maxSteps = checkingSteps
        options.maxStepsInAll = 10 * checkingSteps
        options.stepLimitAdvice = "the editor runs each line for \(powerOfTen(checkingSteps)) steps, "
            + "\(powerOfTen(10 * checkingSteps)) in all; rpn FILE runs up to " + powerOfTen(evaluationSteps)
        if case .analysis = run { options.stepLimitIsError = false }
        return options
    }

    /// The fuzzer's runs: its programs may loop or recurse without end.
    public static func fuzzing(keepTrees: Bool, exact: Bool) -> EvaluationOptions {
        var options = EvaluationOptions(keepTrees: keepTrees, exact: exact)
        options.maxSteps = 100_000
        options.maxCallDepth = 1_000
        return options
    }

    /// The limit of a command-line run and its advice.
    static func budget(given: Int?, keepingTreesFor command: String?) -> (steps: Int, advice: String) {
        if let given { return (given, raiseAdvice) }
        guard let command else { return (evaluationSteps, raiseAdvice) }
        return (treeKeepingSteps, "\(command) runs \(powerOfTen(treeKeepingSteps)) steps at most: its descriptions keep "
                + "a tree of about 32 bytes a step; \(raiseAdvice)")
    }

    /// `10^7` for 10000000: a budget as people read it; other numbers as they are.
    static func powerOfTen(_ n: Int) -> String {
        var rest = n, exponent = 0
        while rest >= 10, rest % 10 == 0 {
            rest /= 10
            exponent += 1
        }
        return rest == 1 && exponent >= 3 ? "10^\(exponent)" : String(n)
    }
}
