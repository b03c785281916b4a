import RPNCore
import RPNJSON

/// The words a program defines, as `--json` lists them: `[{"name", "effect", "description"}]`
/// in definition order (a redefinition is listed again), `effect` as written in a
/// declaration (`( a b -- c )`, inferred where none was declared; null when the body has
/// errors), `description` as `Machine.describe(word:)` gives it (`hyp(a,b) = √(a^2+b^2)`).
public enum WordJSON {
    public static func array(_ machine: Machine, style: DescriptionStyle) -> JSONValue {
        .array(machine.words.indices.map { index in
            let word = machine.words[index]
            return [
                "name": .string(word.name),
                "effect": word.effect.map { .string($0.description) } ?? .null,
                "description": .string(machine.describe(word: index, style: style)),
            ]
        })
    }
}
