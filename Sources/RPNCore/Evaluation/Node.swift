/// One node of the expression forest. Nodes live in one flat array in creation order, and a
/// node's children always have smaller indices: RPN text is a post-order walk, so parsing
/// appends. Evaluating, printing and freeing are loops, never recursion on tree depth.
public struct Node: Sendable {
    public enum Kind: UInt8, Sendable {
        case number, constant, variable, unary, binary
        /// A missing operand, printed `?`.
        case missing
        /// A call of a function word, `hyp(3,4)`: `lhs` indexes `Machine.links`, which holds
        /// the word, the argument count, then the arguments.
        case call
        /// `if(c, a, b)`, where an if's flag had no value: `lhs` indexes `Machine.links`,
        /// which holds the condition and the two parts.
        case select
        /// `powmod(b,e,m)`, a built-in word of three operands: `lhs` indexes `Machine.links`,
        /// which holds the three operands (as a select's); `op` is the word.
        case ternary
    }

    /// The value of a constant subtree (`dependencies == 0`), else the value cached at
    /// `cacheEpoch` (see `Machine.evaluate`). NaN means "no value" (an error was reported).
    /// Encoded (see `StackSlot`); read it through `Machine.value(of:)`.
    var value: Double
    /// Byte offset of the token that made this node (32 bits keep nodes at 32 bytes; inputs
    /// past 4 GiB are refused by the front ends).
    private(set) var start: UInt32
    /// Left child (unary: the operand), the variable's index for `.variable`, or the base a
    /// `.number` literal was written in (16, 8, 2; 10 or -1 for decimal), which descriptions keep.
    public private(set) var lhs: Int32
    /// The right child of a binary node. Unary nodes have no right child and keep here the
    /// angle unit in force where their word was written (bit 0: degrees; `deg` and `rad`
    /// change it) and whether complex mode was (bit 1: `complex`, `real`); the other kinds keep
    /// here the length of a token too long for `shortLength` (see `tokenRange`). Unary words
    /// are short, so the two uses never meet.
    private var rhsOrLongLength: Int32
    var cacheEpoch: UInt32 = 0
    /// One bit per variable bucket (variable index mod 32) the subtree reads; 0 = constant.
    let dependencies: UInt32
    /// The token's length in bytes; `UInt16.max` means "that or more": the exact length is
    /// then in `rhsOrLongLength`. Only numbers and names grow that long: the tokens of binary
    /// nodes are words of at most 8 bytes, so their top bits are free and keep the angle unit
    /// (`atan2` answers in degrees after `deg`) and complex mode (`^` of a negative base).
    private static let degreesBit: UInt16 = 0x8000
    private static let complexBit: UInt16 = 0x4000
    private let shortLength: UInt16
    public let kind: Kind
    /// The word of constant, unary, binary and ternary nodes.
    public let op: BuiltinID

    /// Right child of a binary node (-1 for the other kinds).
    public var rhs: Int32 { kind == .binary ? rhsOrLongLength : -1 }
    public var tokenStart: Int { Int(start) }
    /// The bytes of the token that made this node, exactly, however long.
    public var tokenRange: Range<Int> {
        let length = kind == .binary ? Int(shortLength & ~(Self.degreesBit | Self.complexBit))
            : shortLength == .max && kind != .unary ? Int(UInt32(bitPattern: rhsOrLongLength)) : Int(shortLength)
        return Int(start)..<(Int(start) + length)
    }
    public var isConstant: Bool { dependencies == 0 }
    /// The base a number literal was written in.
    public var literalRadix: Int { kind == .number && (lhs == 16 || lhs == 8 || lhs == 2) ? Int(lhs) : 10 }
    /// The unit a unary or binary node's trigonometry works in.
    public var angleUnit: AngleUnit {
        switch kind {
        case .unary: rhsOrLongLength & 1 != 0 ? .degrees : .radians
        case .binary: shortLength & Self.degreesBit != 0 ? .degrees : .radians
        default: .radians
        }
    }
    /// Whether complex mode was on where a unary or binary node's word was written: real
    /// operands with no real answer then give the complex one (`EvaluationOptions.complex`).
    public var complexMode: Bool {
        switch kind {
        case .unary: rhsOrLongLength & 2 != 0
        case .binary: shortLength & Self.complexBit != 0
        default: false
        }
    }

    @inline(__always)
    init(kind: Kind, op: BuiltinID = .add, value: Double = .nan, lhs: Int32 = -1, rhs: Int32 = -1,
         angle: AngleUnit = .radians, complex: Bool = false, dependencies: UInt32 = 0, token: Range<Int>) {
        assert(kind == .binary || rhs == -1, "only binary nodes have a right child")
        self.kind = kind
        self.op = op
        self.value = value
        self.lhs = lhs
        self.dependencies = dependencies
        self.start = UInt32(clamping: token.lowerBound)
        self.shortLength = kind == .binary
            ? UInt16(clamping: min(token.count, 0x3FFF)) | (angle == .degrees ? Self.degreesBit : 0)
                | (complex ? Self.complexBit : 0)
            : UInt16(clamping: token.count)
        // Token lengths fit 32 bits as offsets do (inputs past 4 GiB are refused).
        self.rhsOrLongLength = switch kind {
        case .binary: rhs
        case .unary: (angle == .degrees ? 1 : 0) | (complex ? 2 : 0)
        default: Int32(truncatingIfNeeded: token.count)
        }
    }

    /// Moves the node's references and token (`Relocation`): a binary node's `rhs` is its right
    /// child, the other kinds keep their `rhsOrLongLength`.
    mutating func relocate(lhs: Int32, rhs: Int32?, start: Int) {
        self.lhs = lhs
        if let rhs { rhsOrLongLength = rhs }
        self.start = UInt32(clamping: start)
    }
}
