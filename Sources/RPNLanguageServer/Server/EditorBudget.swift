import RPNCore

/// How far the editor runs a program: `RPN.checkingSteps` (10^6) steps, not the 10^9 of
/// `rpn FILE`. Every keystroke runs the whole document again and keeps a tree for every step,
/// so a long loop would make typing wait and an endless one would hang the server and fill
/// its memory. Every run the server makes (the analysis, `rpn.evaluate`, `rpn/evaluate`,
/// `rpn/describe`) takes its options from here, and the step-limit diagnostic says that this
/// budget is the editor's.
enum EditorBudget {
    static let steps = RPN.checkingSteps

    /// Inside the step-limit message: "stopped after N steps, the step limit (…)".
    static var advice: String {
        "the editor runs a program for \(powerOfTen(steps)) steps; rpn FILE runs up to "
            + powerOfTen(EvaluationOptions().maxSteps)
    }

    /// `10^6` for 1000000; other numbers as they are.
    static func powerOfTen(_ n: Int) -> String {
        var rest = n, exponent = 0
        while rest >= 10, rest % 10 == 0 {
            rest /= 10
            exponent += 1
        }
        return rest == 1 && exponent > 1 ? "10^\(exponent)" : String(n)
    }

    /// Options of a run in the editor. `checking`: the analysis of a document, which stops
    /// running at the budget with a warning and checks the rest; otherwise a run for a result
    /// (the evaluate requests), for which stopping is an error, as in `rpn FILE`.
    static func options(angleUnit: AngleUnit, exact: Bool, freeVariables: Bool = true,
                        checking: Bool) -> EvaluationOptions {
        var options = EvaluationOptions(angleUnit: angleUnit, keepTrees: true, freeVariables: freeVariables, exact: exact)
        options.maxSteps = steps
        options.stepLimitAdvice = advice
        options.stepLimitIsError = !checking
        return options
    }
}
