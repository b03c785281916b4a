import RPNCore

/// `--max-steps N`: how many steps a run may take before it stops with `step-limit`. The
/// defaults and the message's advice are the front end's profile (`EvaluationOptions.commandLine`,
/// `.plot`, `.checking`): 10^9 steps, 10^7 when trees are kept, 10^6 for `rpn check`.
public enum StepLimit {
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
}
