/// Every built-in word of the language. One table (`Builtin.all`) describes them; the lexer,
/// the evaluator, the printer and the front ends (completion, hover, help) all read it.
public enum BuiltinID: UInt8, CaseIterable, Sendable {
    case add, subtract, multiply, divide, power
    case sqrt, sin, cos, tan, asin, acos, atan, ln, log, exp, abs, negate
    case pi, e
    case dup, drop, swap, over, rot, clear
    case deg, rad, unset
}

public enum WordKind: String, Sendable {
    case binaryOperator
    case function
    case constant
    case stackWord
    /// Words that change the machine rather than the stack: `deg`, `rad`, `unset NAME`.
    case directive
}

public struct Builtin: Sendable {
    public let id: BuiltinID
    public let kind: WordKind
    /// Every spelling the lexer accepts. Letter spellings match in any ASCII case, except
    /// those of constants (`pi`, `e`), which match only as written.
    public let spellings: [String]
    /// How the infix printer writes it with glyphs, and in ASCII mode.
    public let glyph: String
    public let asciiGlyph: String
    /// Operands popped (stack words: operands required).
    public let arity: Int
    /// Forth-style stack effect, for hover and help.
    public let stackEffect: String
    public let summary: String
}
