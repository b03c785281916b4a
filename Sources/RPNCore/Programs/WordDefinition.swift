/// A word of one's own: `: hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;`.
public struct WordDefinition: Sendable {
    public let name: String
    /// The name after `:`, and the whole definition from `:` to `;`.
    public let nameRange: Range<Int>
    public let range: Range<Int>
    public let declaredEffect: StackEffect?
    /// The effect the checker inferred, named after the declaration where there is one; nil
    /// when the body has errors (calls then leave entries without value, quietly).
    public let effect: StackEffect?
    /// The declared inputs, when the body names any of them (they are then popped into
    /// read-only locals on entry); empty when the body works on the stack.
    public let parameters: [String]
    /// One output and no effect beyond it (no store, no `deg`, no `depth`): its calls print
    /// as `hyp(3,4)`.
    public let isFunction: Bool
    public let isRecursive: Bool
    /// Whether running it stores, unsets, changes a mode, or looks past its inputs (`depth`,
    /// `lastx`): such a word runs in place even in descriptions.
    let hasSideEffects: Bool
    /// Variable buckets (see `Node.dependencies`) the word reads, through the words it calls.
    let dependencies: UInt32
    let program: Program

    var inputCount: Int { effect?.inputs.count ?? declaredEffect?.inputs.count ?? 0 }
    var outputCount: Int { effect?.outputs.count ?? declaredEffect?.outputs.count ?? 0 }
}

/// Where a user word or a local is named, for the language server (definition, references,
/// rename, highlight, semantic tokens).
public struct SymbolOccurrence: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case wordDefinition, wordUse, parameterDeclaration, parameterUse, loopVariableDeclaration, loopVariableUse
    }

    public let range: Range<Int>
    public let kind: Kind
    /// The same for every occurrence of one word (its definition's index) or one local
    /// (`localSymbolBase` + a number unique in the machine).
    public let symbol: Int32
    /// The definition the occurrence is in (-1: the top level).
    public let word: Int32

    /// Local symbols are numbered from here, apart from words.
    public static let localSymbolBase: Int32 = 1 << 24
}
