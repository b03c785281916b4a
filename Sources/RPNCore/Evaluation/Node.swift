/// One node of the expression forest. Nodes live in one flat array in creation order, and a
/// node's children always have smaller indices: RPN text is a post-order walk, so parsing
/// appends. Evaluating, printing and freeing are loops, never recursion on tree depth.
public struct Node: Sendable {
    public enum Kind: UInt8, Sendable {
        case number, constant, variable, unary, binary
        /// A missing operand, printed `?`.
        case missing
    }

    /// The value of a constant subtree (`dependencies == 0`), else the value cached at
    /// `cacheEpoch` (see `Machine.evaluate`). NaN means "no value" (an error was reported).
    public internal(set) var value: Double
    /// Byte offset of the token that made this node (32 bits keep nodes at 32 bytes; inputs
    /// past 4 GiB are refused by the front ends).
    let start: UInt32
    /// Left child (unary: the operand), or the variable's index for `.variable`.
    public let lhs: Int32
    /// Right child of a binary node. Unary nodes have no right child; theirs holds the angle
    /// unit in force where the word was written (1: degrees), which `deg` and `rad` change.
    public let rhs: Int32
    var cacheEpoch: UInt32 = 0
    /// One bit per variable bucket (variable index mod 32) the subtree reads; 0 = constant.
    let dependencies: UInt32
    let length: UInt16
    public let kind: Kind
    /// The word of constant, unary and binary nodes.
    public let op: BuiltinID

    public var tokenStart: Int { Int(start) }
    public var tokenRange: Range<Int> { Int(start)..<(Int(start) + Int(length)) }
    public var isConstant: Bool { dependencies == 0 }
    /// The unit a unary node's trigonometry works in.
    public var angleUnit: AngleUnit { rhs == 1 ? .degrees : .radians }

    static func angleCode(_ unit: AngleUnit) -> Int32 { unit == .degrees ? 1 : 0 }

    init(kind: Kind, op: BuiltinID = .add, value: Double = .nan, lhs: Int32 = -1, rhs: Int32 = -1,
         dependencies: UInt32 = 0, token: Range<Int>) {
        self.kind = kind
        self.op = op
        self.value = value
        self.lhs = lhs
        self.rhs = rhs
        self.dependencies = dependencies
        self.start = UInt32(clamping: token.lowerBound)
        self.length = UInt16(clamping: token.count)
    }
}
