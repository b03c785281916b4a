import RPNCore
import Testing

/// Each front end's run options come from its profile (issue 16, item 6): what each one keeps,
/// how far it runs, what its step-limit message advises, and whether stopping is an error.
@Suite struct EvaluationProfilesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var options: EvaluationOptions
        var keepTrees: Bool
        var free: Bool
        var steps: Int
        var stepLimitIsError: Bool
        var advice: String
        var testDescription: String { name }
    }

    static let trees = "runs 10^7 steps at most: its descriptions keep a tree of about 32 bytes a step; "
        + "raise it with --max-steps N"
    static let editor = "the editor runs each line for 10^6 steps, 10^7 in all; rpn FILE runs up to 10^9"

    static let cases: [Case] = [
        Case(name: "rpn -e", options: .commandLine(angleUnit: .radians, exact: true, treesFor: nil),
             keepTrees: false, free: false, steps: 1_000_000_000, stepLimitIsError: true,
             advice: "raise it with --max-steps N"),
        Case(name: "rpn -d", options: .commandLine(angleUnit: .radians, exact: true, treesFor: "rpn -d", freeVariables: true),
             keepTrees: true, free: true, steps: 10_000_000, stepLimitIsError: true, advice: "rpn -d " + trees),
        Case(name: "rpn --json --max-steps 5",
             options: .commandLine(angleUnit: .radians, exact: true, treesFor: "rpn --json", maxSteps: 5),
             keepTrees: true, free: false, steps: 5, stepLimitIsError: true, advice: "raise it with --max-steps N"),
        Case(name: "rpn plot", options: .plot(angleUnit: .radians),
             keepTrees: true, free: true, steps: 10_000_000, stepLimitIsError: true, advice: "rpn plot " + trees),
        Case(name: "rpn check", options: .checking(angleUnit: .radians),
             keepTrees: true, free: true, steps: 1_000_000, stepLimitIsError: false,
             advice: "checking runs a program for 1000000 steps at most; what follows is checked for stack effects but not run"),
        Case(name: "rpn>", options: .shell(angleUnit: .radians, exact: true),
             keepTrees: true, free: true, steps: 1_000_000_000, stepLimitIsError: true, advice: "raise it with --max-steps N"),
        Case(name: "editor analysis", options: .editor(.analysis, angleUnit: .radians, exact: true),
             keepTrees: true, free: true, steps: 1_000_000, stepLimitIsError: false, advice: editor),
        Case(name: "editor result", options: .editor(.result(freeVariables: false), angleUnit: .radians, exact: true),
             keepTrees: true, free: false, steps: 1_000_000, stepLimitIsError: true, advice: editor),
        Case(name: "editor value", options: .editor(.value, angleUnit: .radians, exact: true),
             keepTrees: false, free: false, steps: 1_000_000, stepLimitIsError: true, advice: editor),
    ]

    @Test(arguments: cases)
    func profile(_ c: Case) {
        #expect(c.options.keepTrees == c.keepTrees)
        #expect(c.options.freeVariables == c.free)
        #expect(c.options.maxSteps == c.steps)
        #expect(c.options.stepLimitIsError == c.stepLimitIsError)
        #expect(c.options.stepLimitAdvice == c.advice)
    }

    /// The message a user reads when a run stops, with the profile's advice.
    @Test func theStepLimitMessageCarriesTheProfilesAdvice() {
        let options = EvaluationOptions.commandLine(angleUnit: .radians, exact: true, treesFor: "rpn -d", maxSteps: 100)
        let evaluation = RPN.evaluate("begin 0 until", options: options)
        #expect(evaluation.diagnostics.map(\.message) == ["stopped after 100 steps, the step limit (raise it with --max-steps N)"])
    }

    @Test func theShellNeedsAValueToStore() {
        #expect(EvaluationOptions.shell(angleUnit: .degrees, exact: false).storesNeedValues)
        #expect(EvaluationOptions.shell(angleUnit: .degrees, exact: false).angleUnit == .degrees)
        #expect(!EvaluationOptions.shell(angleUnit: .degrees, exact: false).exact)
    }
}
