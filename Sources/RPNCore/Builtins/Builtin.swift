/// Every built-in word of the language. One table (`Builtin.all`) describes them; the lexer,
/// the evaluator, the printer and the front ends (completion, hover, help) all read it.
public enum BuiltinID: UInt8, CaseIterable, Sendable {
    case add, subtract, multiply, divide, power
    case sqrt, sin, cos, tan, asin, acos, atan, ln, log, exp, abs, negate
    case pi, e
    case dup, drop, swap, over, rot, clear
    case deg, rad, unset
    // Issue 9: integer, rounding and everyday words, bitwise words, and the stack vocabulary.
    case mod, rem, idiv, gcd, lcm, comb, perm, root, hypot, atan2, min, max, percent, percentChange
    case bitAnd, bitOr, bitXor, shiftLeft, shiftRight
    case factorial, floor, ceil, round, trunc, fp, sign, inv, sq, cbrt, exp10, log2
    case sinh, cosh, tanh, asinh, acosh, atanh, bitNot
    case depth, pick, roll, rolld, nip, tuck, dup2, drop2, dupn, dropn, lastx
    /// Directives: what follows computes in doubles (`--float`), exactly with inexact values in
    /// doubles (the default), or exactly with inexact values at N digits (`digits N`, `--digits`).
    case float, exact, digits
    // Issue 10: comparisons (exact 1 or 0) and logic on 0 / non-zero.
    case less, greater, lessEqual, greaterEqual, equal, notEqual, logicalAnd, logicalOr, logicalNot
    // Issue 10: the words of programs (`: NAME … ;`, branches, loops).
    case define, endDefinition, `if`, `else`, then, `for`, next, step, begin, until
    // Issue 17: a file's definitions and stores brought into the program (`include "lib.rpn"`).
    case include
    // Issue 18: number theory and conversions.
    case powmod, isprime, nextprime, prevprime, rat, torad, todeg
    // Issue 18: complex numbers: parts, the polar form's angle, building and taking apart, and
    // the directives that turn complex results of real operands on and off.
    case re, im, conj, arg, cplx, reim, complex, real
    // Issue 19: lists `{ 1 2 3 }` and quotations `[ dup × ]`: the brackets (keywords the
    // compiler reads), the words on a list as a whole (never element by element), and the
    // statistics of one list or two.
    case listOpen, listClose, quotationOpen, quotationClose, quote
    case size, rev, sort, head, tail, sum, prod, mean, median, mode, variance, sdev, pvar, psdev, minimum, maximum
    case get, concat, seq, map, filter, cov, corr, quantile, histogram
    case put, fold
    case toList, fromList, linreg, times, call
    // Issue 19: analysis over a free variable. Words of several operands run as stack words
    // (`Machine+Analysis`): `f x lo hi solve`, `f x a b integrate`, `f x ∂`, `f x a n taylor`.
    case solve, integrate, derivative, taylor
}

extension BuiltinID {
    // Issue 19: analysis over a free variable
    /// The words of analysis over a free variable, run as stack words (`Machine.analysis`).
    @inline(__always)
    public var isAnalysis: Bool { rawValue &- BuiltinID.solve.rawValue <= BuiltinID.taylor.rawValue &- BuiltinID.solve.rawValue }
}

extension BuiltinID {
    /// Whether the word pops two operands: binary operators, and the functions of two
    /// arguments (`gcd`, `atan2`, ...), which the machine runs as binary nodes printed as calls.
    /// A switch rather than a table read: the machine asks it for every function token.
    @inline(__always)
    public var isBinary: Bool {
        switch self {
        case .add, .subtract, .multiply, .divide, .power,
             .mod, .rem, .idiv, .gcd, .lcm, .comb, .perm, .root, .hypot, .atan2, .min, .max, .percent,
             .percentChange, .bitAnd, .bitOr, .bitXor, .shiftLeft, .shiftRight,
             .less, .greater, .lessEqual, .greaterEqual, .equal, .notEqual, .logicalAnd, .logicalOr, .cplx,
             .get, .concat, .seq, .map, .filter, .cov, .corr, .quantile, .histogram: true
        default: false
        }
    }
}

extension BuiltinID {
    /// Whether the word pops three operands (`powmod`): a `.ternary` node, printed as a call.
    @inline(__always)
    public var isTernary: Bool { self == .powmod || self == .put || self == .fold }

    /// The words of issue 19 that take a list (or a quotation) as a whole, from `size` to
    /// `fold`: Machine+Lists answers them; every other word on a list works element by element.
    @inline(__always)
    public var isListWord: Bool { rawValue &- BuiltinID.size.rawValue <= BuiltinID.fold.rawValue &- BuiltinID.size.rawValue }

    /// The words of issue 18 (`powmod` … `todeg`): their arithmetic is Machine+NumberTheory's,
    /// on exact values and doubles alike.
    @inline(__always)
    public var isNumberTheory: Bool { rawValue &- BuiltinID.powmod.rawValue <= BuiltinID.todeg.rawValue &- BuiltinID.powmod.rawValue }
}

extension BuiltinID {
    /// Whether the word answers 1 or 0: the comparisons and `and`, `or`, `not`. Their results
    /// are exact integers whatever their operands (doubles only with `--float`).
    @inline(__always)
    public var isPredicate: Bool {
        rawValue &- BuiltinID.less.rawValue <= BuiltinID.logicalNot.rawValue &- BuiltinID.less.rawValue  // one comparison
    }

    /// The comparisons `< > ≤ ≥ = ≠`, which descriptions never chain: `(a<b)<c`, not `a<b<c`.
    @inline(__always)
    public var isComparison: Bool { rawValue &- BuiltinID.less.rawValue <= BuiltinID.notEqual.rawValue &- BuiltinID.less.rawValue }
}

/// Precedence levels of descriptions, low to high (grammar/rpn.ebnf, "Description rules"):
/// C's order for the logic, bitwise and comparison operators, below the arithmetic ones.
public enum Precedence {
    public static let logicalOr = 1, logicalAnd = 2, bitOr = 3, bitXor = 4, bitAnd = 5, equality = 6,
                      relational = 7, shift = 8, sum = 9, product = 10, prefix = 11, power = 12,
                      postfix = 13, atom = 14
}

/// How a description writes a word and its operands.
public enum PrintForm: Sendable, Equatable {
    /// Between its operands (`a+b`, `a mod b`, `a<<n`) at a precedence level (`Precedence`);
    /// left-associative except `^` (the power level).
    case infix(Int)
    /// A call: `sin(x)`, `gcd(a,b)`, `%ch(y,x)`.
    case call
    /// Before its operand, at the prefix level: `−a`, `~a`.
    case prefix
    /// After its operand: `n!`.
    case postfix
    /// `y x %` as `y×x%` (x percent, times y): a product whose right factor is a postfix `%`.
    case percent
    /// Constants print their glyph; stack words and directives make no node.
    case none
}

public enum WordKind: String, Sendable {
    case binaryOperator
    case function
    case constant
    case stackWord
    /// Words that change the machine rather than the stack: `deg`, `rad`, `unset NAME`.
    case directive
    /// The words of programs: `:` and `;` around a definition, `if else then`, `for next
    /// step`, `begin until`, `include "FILE"`. They make no node; the compiler reads them.
    case keyword
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
    /// `stackEffect` read as an effect, for signature help; nil where the text is a pattern
    /// rather than one effect (`if … then`, `( from to -- ) for NAME … next`).
    public let effect: StackEffect?
    public let summary: String
    /// How descriptions write it.
    public let printForm: PrintForm
    /// A program using it and what it leaves, as `:help WORD` shows it: `3 4 + ⇒ 7` (the
    /// values as `rpn` prints them, `?` for one without a value). A test runs every one.
    public let example: String

    init(id: BuiltinID, kind: WordKind, spellings: [String], glyph: String, asciiGlyph: String, arity: Int,
         stackEffect: String, summary: String, printForm: PrintForm? = nil, example: String) {
        self.id = id
        self.kind = kind
        self.spellings = spellings
        self.glyph = glyph
        self.asciiGlyph = asciiGlyph
        self.arity = arity
        self.stackEffect = stackEffect
        self.effect = stackEffect.hasPrefix("(") && stackEffect.hasSuffix(")")
            ? try? StackEffect.parse(Substring(stackEffect)).get() : nil
        self.summary = summary
        self.printForm = printForm ?? (kind == .function ? .call : .none)
        self.example = example
    }
}
