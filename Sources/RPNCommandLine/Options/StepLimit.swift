import RPNCore

/// `--max-steps N`: how many steps a run may take before it stops with `step-limit`, and how
/// the message says so.
///
/// Plain evaluation keeps no trees, so a long run costs time, not memory: 10^9 steps. A run
/// that keeps a tree for descriptions (`-d`, `--json`, `--trace`, `rpn plot`) grows it by about
/// 32 bytes a step, so it stops at 10^7 (some 320 MB) unless told otherwise. `rpn check` runs
/// a program `RPN.checkingSteps` steps, then only checks the rest.
public enum StepLimit {
    public static let evaluation = 1_000_000_000
    public static let keepingTrees = 10_000_000

    /// `--max-steps` as given: a positive whole number, in decimal digits.
    public static func parse(_ text: String) -> Result<Int, InputError> {
        let digits = text.utf8
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let steps = Int(text), steps > 0 else {
            return .failure(InputError("--max-steps takes a positive whole number of steps (at most \(Int.max)), got "
                                       + TerminalText.quoted(text)))
        }
        return .success(steps)
    }

    /// The limit of a run, and the advice its step-limit message gives: `command` names what
    /// keeps trees (`rpn -d`), nil for plain evaluation. A limit given with `--max-steps` is
    /// the user's choice and needs no explanation.
    public static func options(given: Int?, keepingTreesFor command: String?) -> (steps: Int, advice: String) {
        let raise = "raise it with --max-steps N"
        if let given { return (given, raise) }
        guard let command else { return (evaluation, raise) }
        return (keepingTrees, "\(command) runs \(shown(keepingTrees)) steps at most: its descriptions keep a tree "
                + "of about 32 bytes a step; \(raise)")
    }

    /// 10000000 as `10^7`.
    static func shown(_ steps: Int) -> String {
        var power = 0, rest = steps
        while rest >= 10, rest % 10 == 0 { rest /= 10; power += 1 }
        return rest == 1 && power >= 3 ? "10^\(power)" : String(steps)
    }
}
