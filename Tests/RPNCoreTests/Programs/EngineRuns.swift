#if canImport(Glibc)
import Glibc
#endif
import RPNCore
import Testing

/// Everything one run of a program shows through the public API, which the properties of
/// `EngineAgreementTests` compare between runs.
struct EngineOutcome: Equatable, CustomStringConvertible {
    var values: [Number?]
    var diagnostics: [Diagnostic]
    /// `machine.steps` after the run (before `values()`, which may run call nodes' bodies).
    var steps: Int
    /// The description of the final stack, where trees were kept.
    var stack: String?
    /// The words defined (their names and the text of their definitions).
    var words: [(name: String, range: Range<Int>)] = []

    static func == (a: EngineOutcome, b: EngineOutcome) -> Bool {
        a.values == b.values && a.diagnostics == b.diagnostics && a.steps == b.steps && a.stack == b.stack
    }

    var description: String {
        let shown = diagnostics.map { "\($0.severity) \($0.code.rawValue) \($0.range): \($0.message)" }
        return "values \(values.map { $0.map(EngineOutcome.show) ?? "none" }), steps \(steps)"
            + (stack.map { ", stack \($0.prefix(300))" } ?? "") + ", diagnostics \(shown)"
    }

    static func show(_ value: Number) -> String {
        switch value {
        case .integer(let i): "\(i)"
        case .rational(let r): "\(r.numerator)/\(r.denominator)"
        case .real(let d): "\(d)r"
        case .float(let f): "\(NumberFormat().string(.float(f)))f"
        case .complex, .list, .quotation: NumberFormat().string(value)
        }
    }

    /// The first difference from `other`, in words.
    func difference(from other: EngineOutcome) -> String {
        var parts: [String] = []
        if values != other.values { parts.append("values") }
        if diagnostics != other.diagnostics { parts.append("diagnostics") }
        if steps != other.steps { parts.append("steps") }
        if stack != other.stack { parts.append("stack") }
        return "differ in " + parts.joined(separator: ", ") + ":\n  \(self)\n  \(other)"
    }
}

extension EngineOutcome {
    /// The diagnostics as front ends show them (`Diagnostic.ordered`: source order), each
    /// distinct one once, without the calls that led to them (`related`). A failure in a
    /// called word is one diagnostic in both modes (one per cause, issue 20), but the calls
    /// it names differ by design: values-only runs name the frames the run was in, runs that
    /// keep trees value a call of a function as a node of its own (`Machine+Calls`), whose
    /// machine names only that call.
    var distinctDiagnostics: [Diagnostic] {
        var seen: [Diagnostic] = []
        for var diagnostic in diagnostics {
            diagnostic.related = []
            if !seen.contains(diagnostic) { seen.append(diagnostic) }
        }
        return Diagnostic.ordered(seen)
    }
}

/// How the properties run programs: always with a step budget and a small call-depth limit, so
/// that no program hangs (a planted error may make a loop or a recursion endless).
enum Engine {
    /// The budget of programs that read variables. Values-only runs compact their value store
    /// once it holds 4096 values, and today's compaction misses the stacks an undecided `if`
    /// keeps aside (a crash: see `EngineRegressionTests.compactionKeepsTheStacksOfUndecidedIfs`).
    /// A step stores at most one value, so a budget well below 4096 keeps every run of these
    /// tests below the first compaction. Programs without variables have no undecided `if`.
    static let variableBudget = 3000
    static let constantBudget = 100_000
    static let callDepth = 400
    /// Descriptions cut at 16 KiB: `1 dupn` in a loop doubles a description each time (the
    /// trees share their subtrees, their descriptions cannot), and a debug build takes most of
    /// a minute to write the 256 MiB a description may have before it is cut.
    static let style = DescriptionStyle(byteLimit: 1 << 14)

    static func budget(_ shape: ProgramShape) -> Int { shape.variables ? variableBudget : constantBudget }

    static func options(trees: Bool, exact: Bool = true, free: Bool = false, maxSteps: Int) -> EvaluationOptions {
        var options = EvaluationOptions(keepTrees: trees, freeVariables: free, exact: exact)
        options.maxSteps = maxSteps
        options.maxCallDepth = callDepth
        return options
    }

    /// The values some seeds give M and x: integers, fractions, a big integer, a double, zero.
    static let values: [Number] = ["3", "-2", "0", "1 2 ÷", "7", "2 70 ^", "1", "-7 3 ÷"].map(number) + [Number(2.5)]

    /// The value of a small program (public API only).
    static func number(_ text: String) -> Number {
        guard case .success(let value) = RPN.number(text) else { fatalError("\(text) has no value") }
        return value
    }

    static func variables(seed: Int) -> [(String, Number)] {
        [("M", values[seed % values.count]), ("x", values[(seed / values.count + 3) % values.count])]
    }

    static func run(_ text: String, _ options: EvaluationOptions, variables: [(String, Number)] = [],
                    traced: Bool = false) -> EngineOutcome {
        var machine = Machine(options: options)
        for (name, value) in variables { machine.setVariable(name, to: value) }
        return finish(&machine, text, traced: traced)
    }

    static func finish(_ machine: inout Machine, _ text: String, traced: Bool) -> EngineOutcome {
        let source = SourceFile(name: "<random>", text: text)
        if traced { machine.run(source) { _, _ in } } else { machine.run(source) }
        let steps = machine.steps
        let values = machine.values()
        return EngineOutcome(values: values, diagnostics: machine.allDiagnostics, steps: steps,
                             stack: machine.options.keepTrees ? machine.description(style: Engine.style) : nil,
                             words: machine.words.map { ($0.name, $0.range) })
    }
}

/// The comparisons the properties make, each giving the difference it finds in words (nil:
/// none), so that a failing program can be minimised (`EngineProbe.minimize`).
enum Check {
    // MARK: - Trees and values only

    /// Trees kept (descriptions, editors, `rpn check`: calls of functions become nodes valued by
    /// a machine of their own, undecided `if`s merge into `if(c,a,b)`) against values only
    /// (`rpn -e`, `rpn FILE`): the same values, and diagnostics that agree (`diagnosticsAgree`).
    /// Steps differ by design (a call node counts its body's steps when it is valued).
    static func trees(_ text: String, variables: [(String, Number)], budget: Int, free: Bool = false) -> String? {
        let trees = Engine.run(text, Engine.options(trees: true, free: free, maxSteps: budget), variables: variables)
        let folded = Engine.run(text, Engine.options(trees: false, free: free, maxSteps: budget), variables: variables)
        if trees.values == folded.values, diagnosticsAgree(trees, folded) { return nil }
        return "trees and values only " + trees.difference(from: folded)
    }

    /// Whether the diagnostics of a run with trees and of one with values only agree. The same
    /// distinct diagnostics (`EngineOutcome.distinctDiagnostics`: how many times an error in a
    /// called word is reported differs by design), with one more difference the design makes:
    /// with trees, a call of a function whose value depends on a variable (its argument, or a
    /// variable its body reads) is a node valued when its value is asked for, after the run,
    /// and possibly again for other values of the variables; it reports a failure of its body
    /// once, at the call, prefixed by the word's name (`f: division by zero`), where a run
    /// with values only ran the body in place and reported it at the failing token. Such
    /// reports are matched by code against the values-only run's reports inside definitions;
    /// everything else must be the same.
    static func diagnosticsAgree(_ trees: EngineOutcome, _ folded: EngineOutcome) -> Bool {
        let a = trees.distinctDiagnostics, b = folded.distinctDiagnostics
        if a == b { return true }
        let names = Set(trees.words.map(\.name))
        func isCallReport(_ diagnostic: Diagnostic) -> Bool {
            guard let colon = diagnostic.message.firstIndex(of: ":") else { return false }
            return names.contains(String(diagnostic.message[..<colon]))
        }
        let calls = a.filter(isCallReport)
        guard !calls.isEmpty else { return false }
        let bodies = trees.words.map(\.range)
        func inBody(_ diagnostic: Diagnostic) -> Bool { bodies.contains { $0.contains(diagnostic.range.lowerBound) } }
        guard a.filter({ !isCallReport($0) }) == b.filter({ !inBody($0) || a.contains($0) }) else { return false }
        let bodyCodes = Set(b.filter(inBody).map(\.code))
        return calls.allSatisfy { bodyCodes.contains($0.code) }
    }

    // MARK: - Traced and untraced

    /// A plain run, a traced one (`--trace`: the general loop, every step seen) and one that
    /// can be interrupted (the shell: polls every 4096 steps) give the same values, diagnostics,
    /// steps and description.
    static func traced(_ text: String, _ options: EvaluationOptions, variables: [(String, Number)]) -> String? {
        let plain = Engine.run(text, options, variables: variables)
        let traced = Engine.run(text, options, variables: variables, traced: true)
        if plain != traced { return "untraced and traced " + plain.difference(from: traced) }
        var machine = Machine(options: options)
        for (name, value) in variables { machine.setVariable(name, to: value) }
        let finished = machine.run(SourceFile(name: "<random>", text: text)) { false }
        let steps = machine.steps
        let values = machine.values()
        let interruptible = EngineOutcome(values: values, diagnostics: machine.allDiagnostics, steps: steps,
                                          stack: options.keepTrees ? machine.description(style: Engine.style) : nil)
        if !finished { return "the interruptible run stopped though never interrupted" }
        if plain != interruptible { return "untraced and interruptible " + plain.difference(from: interruptible) }
        return nil
    }

    // MARK: - Exact and --float

    /// Whether a value is exact and a double holds it exactly.
    static func isExactDouble(_ value: Number) -> Bool {
        if case .real = value { return false }
        return Number.exactly(value.doubleValue) == value
    }

    /// The exact run against `--float`. Only where the exact run is exact step by step in
    /// doubles: it has no diagnostic, and after every step (seen through a trace) every entry
    /// of the stack is exact and held exactly by a double (integers and dyadic fractions of at
    /// most 53 significant bits). Then every operation of the float run has operands and an
    /// exact result that doubles represent, so IEEE arithmetic (correctly rounded) computes it
    /// without rounding, every comparison and loop test decides the same way, and the float
    /// values are the exact values converted, exactly (not within an ulp: no rounding ever
    /// happened), with the same steps and no diagnostic. Returns why the comparison does not
    /// apply, or the difference.
    static func float(_ text: String, budget: Int) -> (skipped: String?, failure: String?) {
        var machine = Machine(options: Engine.options(trees: false, maxSteps: budget))
        var inexact: String?
        machine.run(SourceFile(name: "<random>", text: text)) { token, machine in
            guard inexact == nil else { return }
            var copy = machine
            for value in copy.values() {
                guard let value else { inexact = "an entry without value"; return }
                if !isExactDouble(value) { inexact = "\(EngineOutcome.show(value)) is no exact double" }
            }
        }
        if let inexact { return (inexact, nil) }
        let steps = machine.steps
        let exact = machine.values()
        if !machine.allDiagnostics.isEmpty { return ("diagnostics", nil) }
        if exact.contains(where: { $0 == nil || !isExactDouble($0!) }) { return ("a final value is no exact double", nil) }
        let converted = exact.map { $0.map { Number($0.doubleValue) } }
        for trees in [false, true] {
            let float = Engine.run(text, Engine.options(trees: trees, exact: false, maxSteps: budget))
            if float.values != converted || !float.diagnostics.isEmpty || (!trees && float.steps != steps) {
                let expected = EngineOutcome(values: converted, diagnostics: [], steps: steps)
                return (nil, "exact (as doubles) and --float\(trees ? " with trees" : "") " + expected.difference(from: float))
            }
        }
        return (nil, nil)
    }

    // MARK: - Variables given later

    /// A run with free variables (M and x have no value: undecided `if`s merge, calls of
    /// functions stay `f(M)`), then `setVariable` for both, then `values()`, against a run with
    /// both set from the start: the same values and the same distinct diagnostics. Does not
    /// apply where the symbolic run has errors (a loop bound or an `until` flag that depends on
    /// a variable is an error only there) or stored a value that depends on a variable (a store
    /// evaluates now: with the variable free it stores nothing).
    static func symbolic(_ text: String, variables: [(String, Number)], budget: Int) -> (skipped: String?, failure: String?) {
        let options = Engine.options(trees: true, free: true, maxSteps: budget)
        var machine = Machine(options: options)
        machine.run(SourceFile(name: "<random>", text: text))
        if machine.allDiagnostics.contains(where: { $0.severity == .error }) { return ("errors in the symbolic run", nil) }
        for name in ["s", "t"] where machine.variables.index(of: name) != nil {
            guard case .value = machine.variables[name] else { return ("\(name) has no value", nil) }
        }
        for (name, value) in variables { machine.setVariable(name, to: value) }
        let later = EngineOutcome(values: machine.values(), diagnostics: machine.allDiagnostics, steps: 0)
        var reference = Engine.run(text, Engine.options(trees: true, maxSteps: budget), variables: variables)
        reference.steps = 0
        reference.stack = nil
        if later.values != reference.values || later.distinctDiagnostics != reference.distinctDiagnostics {
            return (nil, "given later and from the start " + later.difference(from: reference))
        }
        return (nil, nil)
    }

    // MARK: - Reset

    /// Program `first`, `reset()`, then `second` on the same machine, against `second` on a
    /// fresh machine: the same values, diagnostics, steps and description.
    static func reset(_ first: String, _ second: String, _ options: EvaluationOptions,
                      variables: [(String, Number)]) -> String? {
        var machine = Machine(options: options)
        for (name, value) in variables { machine.setVariable(name, to: value) }
        machine.run(SourceFile(name: "<random>", text: first))
        _ = machine.values()
        machine.reset()
        for (name, value) in variables { machine.setVariable(name, to: value) }
        let again = Engine.finish(&machine, second, traced: false)
        let fresh = Engine.run(second, options, variables: variables)
        return again == fresh ? nil : "after reset and fresh " + again.difference(from: fresh)
    }
}

/// A tool for minimising by hand: `RPN_PROBE='program' swift test --filter probe` prints what
/// every mode makes of the program (`RPN_PROBE_SET='M=3'` gives M a value; `RPN_PROBE_STEPS`
/// the budget). `RPN_PROBE_SEED='everything:17'` probes a generated program instead.
@Suite struct EngineProbe {
    @Test func probe() {
        let environment = EngineProbe.environment()
        var text = environment["RPN_PROBE"]
        if let seed = environment["RPN_PROBE_SEED"] {
            let parts = seed.split(separator: ":")
            let shapes = [ProgramShape.everything, .constants, .dyadic, .symbolic, .broken]
            let shape = shapes.first { $0.name == parts[0] } ?? .everything
            text = RandomProgramGenerator.program(seed: Int(parts.last!)!, shape: shape).text
            var annotated = RandomProgramGenerator(seed: Int(parts.last!)!, shape: shape)
            annotated.annotate = true
            print("annotated: \(annotated.make().text)")
        }
        guard let text else { return }
        var variables: [(String, Number)] = []
        for assignment in (environment["RPN_PROBE_SET"] ?? "").split(separator: ",") {
            let parts = assignment.split(separator: "=")
            if case .success(let value) = RPN.number(String(parts[1])) { variables.append((String(parts[0]), value)) }
        }
        let steps = Int(environment["RPN_PROBE_STEPS"] ?? "") ?? Engine.variableBudget
        print("program: \(text)")
        for trees in [true, false] {
            for exact in [true, false] {
                for free in [false, true] {
                    for traced in [false, true] {
                        let outcome = Engine.run(text, Engine.options(trees: trees, exact: exact, free: free, maxSteps: steps),
                                                 variables: variables, traced: traced)
                        print("trees \(trees) exact \(exact) free \(free) traced \(traced): \(outcome)")
                    }
                }
            }
        }
    }

    /// `RPN_MINIMIZE='program' RPN_MINIMIZE_KEEP='text'`: takes tokens out of the program while
    /// the trees/values-only comparison still fails with a difference that contains KEEP.
    @Test func minimize() {
        let environment = EngineProbe.environment()
        guard let text = environment["RPN_MINIMIZE"] else { return }
        var variables: [(String, Number)] = []
        for assignment in (environment["RPN_PROBE_SET"] ?? "").split(separator: ",") {
            let parts = assignment.split(separator: "=")
            if case .success(let value) = RPN.number(String(parts[1])) { variables.append((String(parts[0]), value)) }
        }
        let keep = environment["RPN_MINIMIZE_KEEP"] ?? ""
        let budget = Int(environment["RPN_PROBE_STEPS"] ?? "") ?? Engine.variableBudget
        let free = environment["RPN_PROBE_FREE"] != nil
        let property = environment["RPN_MINIMIZE_CHECK"] ?? "trees"
        func failure(_ text: String) -> String? {
            let trees = environment["RPN_PROBE_VALUES_ONLY"] == nil, exact = environment["RPN_PROBE_FLOAT"] == nil
            switch property {
            case "traced":
                return Check.traced(text, Engine.options(trees: trees, exact: exact, free: free, maxSteps: budget),
                                    variables: variables)
            case "float": return Check.float(text, budget: budget).failure
            case "symbolic": return Check.symbolic(text, variables: variables, budget: budget).failure
            default: return Check.trees(text, variables: variables, budget: budget, free: free)
            }
        }
        // The two outcomes compared, each on a line of its own: KEEP1, KEEP2 must be in the
        // first or second, NOT1, NOT2 must not.
        let lines = ["1", "2"].map { (environment["RPN_MINIMIZE_KEEP\($0)"], environment["RPN_MINIMIZE_NOT\($0)"]) }
        func failing(_ text: String) -> Bool {
            guard let difference = failure(text) else { return false }
            let outcomes = difference.split(separator: "\n").dropFirst()
            for (line, (keep, not)) in zip(outcomes, lines) {
                if let keep, !line.contains(keep) { return false }
                if let not, line.contains(not) { return false }
            }
            return keep.isEmpty || difference.contains(keep)
        }
        guard failing(text) else {
            print("minimized: the program does not fail so")
            return
        }
        var tokens = text.split(separator: " ").map(String.init)
        var chunk = Swift.max(1, tokens.count / 2)
        while true {
            var i = 0
            var progress = false
            while i < tokens.count {
                var candidate = tokens
                candidate.removeSubrange(i..<Swift.min(i + chunk, tokens.count))
                if failing(candidate.joined(separator: " ")) {
                    tokens = candidate
                    progress = true
                } else {
                    i += chunk
                }
            }
            if chunk == 1 && !progress { break }
            if !progress { chunk = Swift.max(1, chunk / 2) }
        }
        let minimal = tokens.joined(separator: " ")
        print("minimized: \(minimal)")
        print("difference: \(failure(minimal) ?? "")")
    }

    static func environment() -> [String: String] {
        var result: [String: String] = [:]
        for name in ["RPN_PROBE", "RPN_PROBE_SEED", "RPN_PROBE_SET", "RPN_PROBE_STEPS", "RPN_PROBE_ANNOTATE", "RPN_MINIMIZE", "RPN_MINIMIZE_KEEP", "RPN_PROBE_FREE", "RPN_MINIMIZE_CHECK", "RPN_MINIMIZE_KEEP1", "RPN_MINIMIZE_KEEP2", "RPN_MINIMIZE_NOT1", "RPN_MINIMIZE_NOT2", "RPN_PROBE_VALUES_ONLY", "RPN_PROBE_FLOAT"] {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }
}
