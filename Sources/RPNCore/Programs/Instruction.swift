/// The one compiled form of the language: the top level (chunk by chunk) and every word's
/// body are arrays of 64-bit instruction words, run by one loop (`Machine+Interpreter`).
///
/// A word is an opcode (8 bits), an operand `a` (24 bits: a local, a word, a name, a built-in)
/// and an operand `b` (32 bits, signed: a small literal, or a jump's offset from the word
/// itself). As in Lua 5.4's `lopcodes.h`, operands sit in the word, so decoding is shifts;
/// jumps are relative, so code can be appended anywhere. A few instructions take more words
/// (`literalWide`). Each instruction's token (for diagnostics, nodes and traces) is in the
/// program's side table at the same index.
enum Opcode: UInt8, CaseIterable {
    // MARK: Plain instructions, one per token or keyword
    /// Pushes `b`, a literal integer that fits 32 bits (exactly, or as a double with --float).
    case literal
    /// A literal that does not fit `literal`: the next word holds its exact encoding when it is
    /// a short integer (else a NaN: it is read from its token), the word after its double.
    case literalWide
    /// π or e (`a`: the built-in).
    case constant
    /// Pushes local `a` of the frame: a parameter or a loop's counter.
    case local
    /// Pushes the variable named `a` (a node: read when its value is asked for).
    case variable
    /// `+ − ×` and the comparisons: the quick operations, whose small-integer and double
    /// cases the loop computes in place. Their order matches `QuickOperation`.
    case add, subtract, multiply, less, greater, lessEqual, greaterEqual, equal, notEqual
    /// Any other operator or function of two operands (`a`: the built-in).
    case binary
    /// A function of one operand (`a`: the built-in).
    case unary
    /// A function of three operands, `powmod` (`a`: the built-in): always the general half.
    case ternary
    // Stack words (`counted`: pick, roll, rolld, dupn, dropn, `a` the built-in).
    case dup, drop, swap, over, rot, nip, tuck, dup2, drop2, depth, lastx, clear, counted
    /// `deg`, `rad`, `float`, `exact`, `digits N` (`a`: the built-in; `b`: N).
    case directive
    /// `unset NAME` (`a`: the name).
    case unset
    /// `→NAME` (`a`: the name).
    case store
    /// A call of word `a` inside a word or block.
    case call
    /// A call of word `a` from the top level: the run enters counted steps, and a limit that
    /// stops the word leaves the top level as the word's effect would.
    case topCall
    /// A call of a word defined further on in the program, not defined yet (it becomes `call`
    /// when it is): an error, leaving `b` outputs without value for `a` inputs.
    case callForward
    /// A quotation or list at the top level that failed to compile (its errors reported):
    /// leaves `b` entries without value for `a`, quietly, so that the words after it do not
    /// report its loss again (`call needs 1 operand`): one error per cause (issue 20).
    case failed
    /// The run reached the definition of word `a`: the calls compiled ahead of it now call it.
    case resolveForward
    /// Pops `a` entries into locals 0..<a (a word whose body names its parameters).
    case bind
    /// Goes `b` words on (back when negative).
    case jump
    /// `if`: pops a flag; goes `b` words on when it is 0 (`a`: how many entries below the flag
    /// its parts reach, what an undecided `if` keeps aside).
    case branch
    /// `for`: pops the bounds into locals `a`, `a+1`, `a+2` (counter, bound, step), or goes `b`
    /// words on when the loop runs no time. `forStepPrepare` also pops a step.
    case forPrepare, forStepPrepare
    /// `next`/`step`: advances local `a`'s counter and goes `b` words back unless it is past
    /// its bound.
    case forNext
    /// `until`: pops a flag; goes `b` words back when it is 0.
    case until
    /// The start and end of a block at the top level (`a`: its index in the chunk's table):
    /// its steps count, and a limit that stops it resumes after its end.
    case beginBlock, endBlock
    /// The end of a body: back to the caller (or the end of the run).
    case ret
    /// Room for every push the program can make, from here (`Program.Header.maxGrowth`): at
    /// the back edge of a loop whose body changes the depth, and after a call of a word whose
    /// effect varies, where the room reserved at the program's entry may be used up (issue 19).
    /// No step.
    case room

    // MARK: Superinstructions (gforth's), for runs whose operands suit them
    // Each replaces the first word of its sequence and reads its operands from the words of
    // the sequence, which stay as they are: a jump into the middle runs the plain words, and
    // when the operands do not suit (a fraction, a node, a step where the loop must trap),
    // the loop runs the first plain word instead (`Opcode.plain`).
    /// `local op`: the top entry op a local (`i +`). Order: the quick operations.
    case addLocal, subtractLocal, multiplyLocal, lessLocal, greaterLocal, lessEqualLocal, greaterEqualLocal,
         equalLocal, notEqualLocal
    /// `literal op`: the top entry op a literal (`1 -`).
    case addLiteral, subtractLiteral, multiplyLiteral, lessLiteral, greaterLiteral, lessEqualLiteral,
         greaterEqualLiteral, equalLiteral, notEqualLiteral
    /// `local literal op`: pushes a local op a literal (`n 1 -`).
    case localAddLiteral, localSubtractLiteral, localMultiplyLiteral, localLessLiteral, localGreaterLiteral,
         localLessEqualLiteral, localGreaterEqualLiteral, localEqualLiteral, localNotEqualLiteral
    /// `local literal comparison if` (`n 2 < if`): branches without touching the stack.
    case localLessLiteralBranch, localGreaterLiteralBranch, localLessEqualLiteralBranch,
         localGreaterEqualLiteralBranch, localEqualLiteralBranch, localNotEqualLiteralBranch
    /// `comparison if`: pops two entries and branches.
    case lessBranch, greaterBranch, lessEqualBranch, greaterEqualBranch, equalBranch, notEqualBranch
    /// `local ret`: the value of a word's last part (`n else … then ;`).
    case localReturn
    /// `local op next`, a counted loop whose body is `i +` (`0 1 N for i i + next`): a whole
    /// iteration in one dispatch. Order: the quick operations (the arithmetic ones).
    case addLocalNext, subtractLocalNext, multiplyLocalNext
    /// `op ret`: a word's last operation and its return (`n 1 - fib n 2 - fib + ;`). Order: the
    /// quick operations (the arithmetic ones).
    case addReturn, subtractReturn, multiplyReturn
    /// `local literal − call`, the recursive call on a smaller argument (`n 1 - fib`): the
    /// argument pushed, then the call, in one dispatch.
    case localSubtractLiteralCall

    // MARK: Lists and quotations (issue 19), plain instructions of the general half
    /// `}`: the top `a` entries become one list (the checker proved there are `a`).
    case makeList
    /// `[ … ]`: pushes the quotation compiled as word `a`.
    case quotation
    /// `' NAME` of a built-in: pushes the built-in `a` as a quotation.
    case quoteBuiltin
    /// `' NAME` of a word of one's own: pushes word `a` as a quotation.
    case quoteWord
}

/// The operations the loop computes in place on small integers and doubles, in the order of
/// their opcodes in every family above.
enum QuickOperation: Int, CaseIterable {
    case add, subtract, multiply, less, greater, lessEqual, greaterEqual, equal, notEqual

    var builtin: BuiltinID {
        switch self {
        case .add: .add
        case .subtract: .subtract
        case .multiply: .multiply
        case .less: .less
        case .greater: .greater
        case .lessEqual: .lessEqual
        case .greaterEqual: .greaterEqual
        case .equal: .equal
        case .notEqual: .notEqual
        }
    }

    @inline(__always)
    init?(_ builtin: BuiltinID) {
        switch builtin {
        case .add: self = .add
        case .subtract: self = .subtract
        case .multiply: self = .multiply
        case .less: self = .less
        case .greater: self = .greater
        case .lessEqual: self = .lessEqual
        case .greaterEqual: self = .greaterEqual
        case .equal: self = .equal
        case .notEqual: self = .notEqual
        default: return nil
        }
    }

    var isComparison: Bool { rawValue >= QuickOperation.less.rawValue }
}

extension Opcode {
    /// The plain opcode of a quick operation (`add`…`notEqual`).
    @inline(__always)
    static func quick(_ operation: QuickOperation) -> Opcode {
        unsafeBitCast(Opcode.add.rawValue &+ UInt8(truncatingIfNeeded: operation.rawValue), to: Opcode.self)
    }

    /// The opcode of the first plain word of a superinstruction's sequence, which the loop
    /// runs when the superinstruction cannot (same operands).
    var plain: Opcode {
        switch self {
        case .addLocal, .subtractLocal, .multiplyLocal, .lessLocal, .greaterLocal, .lessEqualLocal,
             .greaterEqualLocal, .equalLocal, .notEqualLocal: .local
        case .addLiteral, .subtractLiteral, .multiplyLiteral, .lessLiteral, .greaterLiteral, .lessEqualLiteral,
             .greaterEqualLiteral, .equalLiteral, .notEqualLiteral: .literal
        case .localAddLiteral, .localSubtractLiteral, .localMultiplyLiteral, .localLessLiteral, .localGreaterLiteral,
             .localLessEqualLiteral, .localGreaterEqualLiteral, .localEqualLiteral, .localNotEqualLiteral: .local
        case .localLessLiteralBranch, .localGreaterLiteralBranch, .localLessEqualLiteralBranch,
             .localGreaterEqualLiteralBranch, .localEqualLiteralBranch, .localNotEqualLiteralBranch: .local
        case .lessBranch: .less
        case .greaterBranch: .greater
        case .lessEqualBranch: .lessEqual
        case .greaterEqualBranch: .greaterEqual
        case .equalBranch: .equal
        case .notEqualBranch: .notEqual
        case .localReturn, .addLocalNext, .subtractLocalNext, .multiplyLocalNext, .localSubtractLiteralCall: .local
        case .addReturn: .add
        case .subtractReturn: .subtract
        case .multiplyReturn: .multiply
        default: self
        }
    }
}

/// One instruction word.
struct Instruction: Equatable {
    var bits: UInt64

    @inline(__always)
    init(bits: UInt64) { self.bits = bits }

    @inline(__always)
    init(_ opcode: Opcode, a: Int = 0, b: Int32 = 0) {
        assert(a >= 0 && a < 1 << 24, "operand a out of range")
        bits = UInt64(opcode.rawValue) | UInt64(UInt32(truncatingIfNeeded: a) & 0xFF_FFFF) << 8
            | UInt64(UInt32(bitPattern: b)) << 32
    }

    @inline(__always)
    var opcode: Opcode { unsafeBitCast(UInt8(truncatingIfNeeded: bits), to: Opcode.self) }
    @inline(__always)
    var a: Int { Int(truncatingIfNeeded: (bits >> 8) & 0xFF_FFFF) }
    @inline(__always)
    var b: Int { Int(Int32(truncatingIfNeeded: bits >> 32)) }

    /// The same operands with another opcode.
    @inline(__always)
    func with(_ opcode: Opcode) -> Instruction {
        Instruction(bits: bits & ~0xFF | UInt64(opcode.rawValue))
    }

    /// This word with its offset changed (jumps).
    func with(offset: Int) -> Instruction {
        Instruction(bits: bits & 0xFFFF_FFFF | UInt64(UInt32(bitPattern: Int32(offset))) << 32)
    }

    /// How many words the instruction takes.
    var width: Int { opcode == .literalWide ? 3 : 1 }

    /// Whether it jumps, and how far (from the word itself).
    var jumpOffset: Int? {
        switch opcode {
        case .jump, .branch, .forPrepare, .forStepPrepare, .forNext, .until: b
        default: nil
        }
    }
}
