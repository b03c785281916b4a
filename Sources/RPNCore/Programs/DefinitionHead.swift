/// The rules of a definition's head, `: NAME ( inputs -- outputs )`: what can be judged from
/// its first tokens alone, before the body. The compiler checks every definition by them, and
/// the shell asks `RPN.definitionHeadProblems` when a line leaves a definition open, so that
/// `: sin` is reported at once rather than at the `;` several lines later. One copy of the rules.
public enum DefinitionHead {
    /// One thing wrong with a head, and the bytes it is about.
    public struct Problem: Equatable, Sendable {
        public var message: String
        public var range: Range<Int>

        public init(message: String, range: Range<Int>) {
            self.message = message
            self.range = range
        }
    }

    /// Why `token`, spelled `name`, cannot be a word's name; nil when it can.
    static func nameProblem(_ token: Token, spelled name: String) -> String? {
        guard token.kind != .variable else { return nil }
        if let builtin = token.builtin, token.kind != .number {
            return "cannot define '\(name)': it is the built-in \(Builtin[builtin].kind.noun) \(Builtin[builtin].spellings.last!)"
        }
        return "a word's name follows the rules of variable names (a letter, then letters, digits or _): "
            + "\(TerminalText.quoted(name)) is not one"
    }

    /// The stack effect declared by `text` (a stack-effect token, `( a b -- c )`), or what is
    /// wrong with it: its form, or the first input that is no name or is named twice.
    static func declaredEffect(_ text: Substring) -> Result<StackEffect, Diagnostic.Message> {
        switch StackEffect.parse(text) {
        case .success(let effect):
            var seen: Set<String> = []
            for input in effect.inputs where !RPN.isVariableName(input) || !seen.insert(input).inserted {
                return .failure(Diagnostic.Message(
                    seen.contains(input) && RPN.isVariableName(input)
                        ? "the parameter '\(input)' is named twice"
                        : Compiler.parameterNameProblem(input)))
            }
            return .success(effect)
        case .failure(let message):
            return .failure(message)
        }
    }
}

extension RPN {
    /// What is wrong with the head of the definition `text` leaves open (its name, its stack
    /// effect), judged as the compiler will judge it at the `;`; empty when nothing is, or when
    /// no definition is left open or its head is not all there yet. Ranges are byte offsets in
    /// `text`.
    public static func definitionHeadProblems(_ text: String) -> [DefinitionHead.Problem] {
        let bytes = Array(text.utf8)
        let tokens = tokenize(text)
        guard let region = ProgramRegion.regions(of: tokens, textEnd: bytes.count).last,
              region.kind == .definition, !region.isComplete, let nameIndex = region.nameToken else { return [] }
        func spelled(_ token: Token) -> String { String(decoding: bytes[token.range], as: UTF8.self) }
        let name = tokens[nameIndex]
        if let message = DefinitionHead.nameProblem(name, spelled: spelled(name)) {
            return [DefinitionHead.Problem(message: message, range: name.range)]
        }
        guard let effect = tokens[(nameIndex + 1)...].first(where: { $0.kind != .comment }), effect.kind == .stackEffect,
              case .failure(let message) = DefinitionHead.declaredEffect(Substring(spelled(effect))) else { return [] }
        return [DefinitionHead.Problem(message: message.text, range: effect.range)]
    }
}
