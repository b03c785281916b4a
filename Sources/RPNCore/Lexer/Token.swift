/// What a token is. The names are the ones `rpn tokens` prints and the TextMate grammar test
/// compares against scopes, so they are part of the interface.
public enum TokenKind: String, Sendable, CaseIterable {
    case number, `operator`, function, constant, stackWord, directive, variable, store, comment, invalid
    /// `: ; if else then for next step begin until` (the words of programs).
    case keyword
    /// `( a b -- c )`: a definition's declared stack effect, a comment anywhere else.
    case stackEffect
    /// `"lib.rpn"` right after `include` on its line: the name of a file, quoted so that it
    /// may hold spaces. There are no strings otherwise: a `"` anywhere else is an unknown word.
    case path
}

/// Why a token is invalid.
public enum LexProblem: Sendable, Equatable {
    case unknownToken, invalidNumber, invalidUTF8, nulByte, storeNeedsName, invalidStoreName
    /// A `(` with no `)` after it on its line.
    case unclosedStackEffect
    /// A `"` after `include` with no `"` after it on its line.
    case unclosedPath
}

public struct Token: Sendable, Equatable {
    public var kind: TokenKind
    /// Byte offsets in the source set's address space.
    public var range: Range<Int>
    /// The built-in word of operator, function, constant and stack-word tokens.
    public var builtin: BuiltinID?
    /// The value of a number token.
    public var number: Double
    public var problem: LexProblem?

    public init(kind: TokenKind, range: Range<Int>, builtin: BuiltinID?, problem: LexProblem? = nil) {
        self.init(kind, range, builtin: builtin, problem: problem)
    }

    @inline(__always)
    init(_ kind: TokenKind, _ range: Range<Int>, builtin: BuiltinID? = nil, number: Double = 0,
         problem: LexProblem? = nil) {
        self.kind = kind
        self.range = range
        self.builtin = builtin
        self.number = number
        self.problem = problem
    }

    /// For a path token, the range of the file's name between the quotes.
    public var pathNameRange: Range<Int> { (range.lowerBound + 1)..<(range.upperBound - 1) }

    /// For a store token, the range of the variable name after the arrow.
    public func storeNameRange(in source: SourceFile) -> Range<Int> {
        let first = source.bytes[range.lowerBound - source.baseOffset]
        return (range.lowerBound + (first == UInt8(ascii: "-") ? 2 : 3))..<range.upperBound
    }
}
