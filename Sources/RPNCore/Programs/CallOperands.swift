/// Which tokens fill the inputs of a call: in `1 2 + 4 hyp`, hyp's `a` is `1 2 +` and its `b`
/// is `4` (signature help and parameter hints in editors). RPN writes a call after its
/// operands, so they are read backwards from it, each token taking its effect as a step (the
/// static checker's table): an operand is the shortest run of tokens before the next one that
/// leaves exactly one entry. Where that is not one expression the reading stops, and the
/// inputs not reached yet stay unknown: at a keyword (what an `if` or a loop leaves is no
/// expression of the tokens before it), at a token whose effect depends on a count (`pick`,
/// `clear`), and at one that leaves more than is still needed (`3 dup hyp`: the two copies
/// are one token's).
public enum CallOperands {
    /// Entries a token takes from the stack and leaves on it.
    public typealias StepEffect = (inputs: Int, outputs: Int)

    /// How many tokens before a call its operands are looked for, unless told otherwise.
    public static let defaultReach = 256

    /// The effect of a token as a step of straight-line code; nil where reading stops:
    /// keywords, stack effects, invalid tokens, and words whose effect depends on a count. A
    /// name is one value here: a word of one's own, whose effect its definition gives, is the
    /// caller's to tell apart (the tokens do not say).
    public static func stepEffect(of token: Token) -> StepEffect? {
        switch token.kind {
        case .keyword, .stackEffect, .invalid: nil
        default: Compiler.effect(of: token)
        }
    }

    /// For each of a call's `inputs` in order, the token indices of the operand that fills it
    /// (what lies between two operands, a comment or `deg`, belongs to neither); nil for those
    /// before the first one that cannot be read. `effect` gives each token's effect (nil: stop
    /// there); at most `maxTokens` tokens are read, so a call after a thousand-token sum costs
    /// no more than one after `3 4`.
    public static func operands(ofCallAt call: Int, inputs: Int, maxTokens: Int = defaultReach,
                                effect: (Int) -> StepEffect?) -> [Range<Int>?] {
        var operands = [Range<Int>?](repeating: nil, count: max(inputs, 0))
        var index = call - 1
        var budget = maxTokens
        for input in operands.indices.reversed() {
            var need = 1
            var end: Int?
            while index >= 0, budget > 0 {
                budget -= 1
                guard let step = effect(index), step.outputs <= need else { return operands }
                if end == nil, step.inputs == 0, step.outputs == 0 {
                    index -= 1
                    continue
                }
                if end == nil { end = index + 1 }
                need += step.inputs - step.outputs
                index -= 1
                if need == 0 {
                    operands[input] = (index + 1)..<end!
                    break
                }
            }
            guard need == 0 else { return operands }
        }
        return operands
    }
}
