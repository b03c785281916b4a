import RPNCore

/// `--set NAME=VALUE` options, as the evaluator, `rpn plot` and the shell's start take them.
///
/// VALUE is a small RPN program of one number (`2`, `-1.5`, `pi 2 /`), run with the angle unit
/// of `--degrees` and with the variables of the `--set` options before it, in order:
/// `--set a=2 --set 'b=a 3 ×'` gives b = 6, and a later `--set` of the same name wins.
/// `complex` (`--complex`): a VALUE like `-1 √` is the complex value it is there.
public enum VariableAssignments {
    public static func parse(_ assignments: [String], angleUnit: AngleUnit,
                             exact: Bool = true, complex: Bool = false) -> Result<[(name: String, value: Number)], InputError> {
        var result: [(name: String, value: Number)] = []
        for assignment in assignments {
            let shown = TerminalText.shown(assignment)
            guard let equals = assignment.firstIndex(of: "=") else {
                return .failure(InputError("--set \(shown): expected NAME=VALUE"))
            }
            let name = String(assignment[..<equals])
            guard RPN.isVariableName(name) else {
                return .failure(InputError("--set \(shown): \(TerminalText.quoted(name)) is not a variable name"))
            }
            switch RPN.number(String(assignment[assignment.index(after: equals)...]), angleUnit: angleUnit,
                              exact: exact, complex: complex, variables: result.map { ($0.name, $0.value) }) {
            case .success(let value): result.append((name, value))
            case .failure(let why): return .failure(InputError("--set \(shown): \(why.text)"))
            }
        }
        return .success(result)
    }

    /// A number given as RPN on the command line (`rpn plot --from 'π neg'`), with the
    /// variables of `--set`; the error names the option.
    public static func number(_ text: String, option: String, angleUnit: AngleUnit,
                              variables: [(name: String, value: Number)]) -> Result<Double, InputError> {
        switch RPN.number(text, angleUnit: angleUnit, variables: variables.map { ($0.name, $0.value) }) {
        case .success(let value): .success(value.doubleValue)
        case .failure(let why): .failure(InputError("\(option) \(TerminalText.shown(text)): \(why.text)"))
        }
    }
}
