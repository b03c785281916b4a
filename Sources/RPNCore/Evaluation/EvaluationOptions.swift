public enum AngleUnit: Sendable { case radians, degrees }

public struct EvaluationOptions: Sendable, Equatable {
    /// The unit of the trigonometry a program starts with; the words `deg` and `rad` change it
    /// for the trigonometric words that follow them.
    public var angleUnit: AngleUnit = .radians
    /// Keep an expression tree for every stack entry, as descriptions, hover and the shell
    /// need. Without it, constant subtrees fold into plain numbers as they complete, so memory
    /// follows the stack rather than the program's length.
    public var keepTrees: Bool = true
    /// Treat variables the program never sets as free (like M in the graphing calculator):
    /// no error; entries that depend on them simply have no value.
    public var freeVariables: Bool = false
    /// With free variables, still require a store to have a value to store: `q 1 + →w` with
    /// `q` unset is an error at `q`. The shell wants this (a variable there is bound now or
    /// never); a document checked in an editor does not (`q` may be given with `--set`).
    public var storesNeedValues: Bool = false
    /// Errors kept per run, and other diagnostics kept per run (counted apart, so errors never
    /// push warnings out); more are counted and summarised in one note. Only pathological
    /// files reach it: an ordinary file shows every error.
    public var diagnosticLimit: Int = 10_000
    /// Exact arithmetic (big integers and fractions, grammar/rpn.ebnf "Exactness"); false is
    /// `--float`: every value an IEEE double, as rpn computed before exact numbers.
    public var exact: Bool = true
    /// `--digits N`: inexact values are computed with MPFR at N significant digits
    /// (`BigFloat`) instead of IEEE doubles; nil keeps doubles. Exact values stay exact.
    public var digits: Int?
    /// `--complex`: real operands whose answer is not real give the complex answer
    /// (`-1 √` is 1i) instead of an error. Complex values are complex either way.
    public var complex: Bool = false
    /// Steps a run may take before it stops with `step-limit` (`--max-steps`); with
    /// `maxStepsInAll`, each top-level line's.
    public var maxSteps: Int = EvaluationOptions.evaluationSteps
    /// When set, `maxSteps` is a budget per top-level line (a line start with no definition or
    /// block open), renewed at each while the lines before took no more than this in all; past
    /// it the line in progress keeps what is left of its budget and the rest is only checked.
    /// The editor's: one long line does not leave a long document without values.
    public var maxStepsInAll: Int?
    /// How the step-limit error says to raise the limit (the language server says it has a
    /// smaller budget of its own).
    public var stepLimitAdvice: String = "raise it with --max-steps N"
    /// Whether reaching the step limit is an error (running a program) or a warning (checking
    /// one: `rpn check` and editors run a program only so far, and say so).
    public var stepLimitIsError: Bool = true
    /// Calls nested deeper than this stop with `recursion-limit`.
    public var maxCallDepth: Int = 1_000_000
    /// A stack deeper than this stops the run with `stack-limit` (8 bytes an entry: 800 MB): a
    /// loop whose body changes the depth may push without end (issue 19), where before only the
    /// program's text and the counted words made entries.
    public var maxStackDepth: Int = 100_000_000
    /// Descriptions inline every word (`--expand`): `√(3^2+4^2)` rather than `hyp(3,4)`.
    public var expandWords: Bool = false

    public init(angleUnit: AngleUnit = .radians, keepTrees: Bool = true, freeVariables: Bool = false,
                storesNeedValues: Bool = false, exact: Bool = true) {
        self.exact = exact
        self.angleUnit = angleUnit
        self.keepTrees = keepTrees
        self.freeVariables = freeVariables
        self.storesNeedValues = storesNeedValues
    }
}
