/// Compiled code: a word's body, or a chunk of the top level (reused from chunk to chunk).
/// The loop reads the instruction words and the little it needs on calls and returns
/// (`CodeHeader`) through raw pointers, so stepping and calling retain nothing; everything
/// else (each word's token, the shapes of ifs, the top level's blocks, the source text) is
/// read only on the slow paths.
final class Program: @unchecked Sendable {
    /// What the loop reads of a program, at a stable address.
    struct Header {
        var code: UnsafeMutablePointer<Instruction>
        var count = 0
        var capacity: Int
        /// Locals a frame needs: parameters, then three per `for` (counter, bound, step).
        var localCount = 0
        /// The checked effect: calls need `inputs` entries, and leave `outputs`.
        var inputs = 0, outputs = 0
        /// A word with errors: its calls leave its outputs without value, quietly.
        var isBroken = false
        /// One output and no side effect: with trees, its calls become `f(x)` nodes.
        var isFunction = false
        /// For the loop's quick call: the entries a call needs (`inputs`, or more than any stack
        /// holds for a word with errors, whose calls take the slow path), and how many
        /// parameters the first instruction binds (0: it is no `bind`), which the call does, and
        /// how many of the arguments must be values (a function's: see `Machine.call`).
        var quickInputs = 0, bindCount = 0, valueArguments = 0
        /// More than the most entries the program can push above the depth it starts at, so
        /// that its pushes need no check (`Machine.interpret`): 4 per instruction, plus what its
        /// calls and counted words leave. Loops that leave the depth as they found it add each
        /// instruction's pushes once; a loop that changes it makes this room again at its back
        /// edge, and a call of a word whose effect varies after it (`Opcode.room`, issue 19).
        var maxGrowth = 0
        /// Each word's token (a keyword's for control flow, the name's for locals and calls),
        /// at the same index: raw, so that appending costs no exclusivity check on the class.
        var tokens: UnsafeMutablePointer<Token>
        /// The source bytes from `textBase` on (as `Program.text`), here so that the loop's
        /// general half reads a token's text without touching the class (a retain and a release
        /// an instruction).
        var text: UnsafeBufferPointer<UInt8>
        var textBase: Int
        /// The program itself, for the slow paths (kept alive by its owner).
        unowned(unsafe) var program: Program

        /// Whether a call can enter the word with the stack's top at `sp` (`base` its bottom):
        /// enough entries (none for a word with errors), and a function's arguments values (a
        /// call on a variable's node is a `.call` node instead: `Machine.call`).
        @inline(__always)
        func takesArguments(below sp: UnsafeMutablePointer<Double>, above base: UnsafeMutablePointer<Double>) -> Bool {
            sp >= base + quickInputs && (valueArguments == 0 || Machine.areValues(sp, valueArguments))
        }

        /// The token of the instruction at `ip`.
        @inline(__always)
        func token(at ip: UnsafePointer<Instruction>) -> Token { tokens[UnsafePointer(code).distance(to: ip)] }
    }

    /// Where an `if` ends: the loop needs it only when the flag has no value yet (both parts
    /// run, see `UndecidedIf`).
    struct IfShape: Equatable {
        /// The `else` part's jump to the end (nil: no else).
        var elseJump: Int?
        /// Where the parts meet (`then`).
        var end: Int
    }

    /// A block at the top level (`0 1 10 for i i + next`), bracketed by `beginBlock`/`endBlock`.
    struct Block: Equatable {
        var inputs: Int, outputs: Int
        /// The `endBlock` word: a limit that stops the block resumes there.
        var end: Int
    }

    let header: UnsafeMutablePointer<Header>
    private(set) var ifShapes: [Int: IfShape] = [:]
    private(set) var blocks: [Block] = []
    /// The source bytes from `base` on (`text[i]` is the byte at offset `base + i`): a copy for
    /// a word's body (a word defined on one shell line runs long after the line is gone), the
    /// source itself for a chunk of the top level, which runs while it is there. Kept in the
    /// header (`Header.text`), where the loop reads them.
    var text: UnsafeBufferPointer<UInt8> { header.pointee.text }
    var base: Int { header.pointee.textBase }
    private let ownsText: Bool
    /// A chunk of the top level: how many entries below its starting depth it may change
    /// (`Int.max`: any), for undo records (`Compiler.ChunkReach`).
    private(set) var reach = 0

    init(capacity: Int = 16, text: UnsafeBufferPointer<UInt8> = UnsafeBufferPointer(start: nil, count: 0), base: Int = 0,
         copyingText: Bool) {
        let code = UnsafeMutablePointer<Instruction>.allocate(capacity: Swift.max(capacity, 1))
        let tokens = UnsafeMutablePointer<Token>.allocate(capacity: Swift.max(capacity, 1))
        header = .allocate(capacity: 1)
        ownsText = copyingText
        var kept = text
        if copyingText {
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Swift.max(text.count, 1))
            _ = copy.initialize(from: text)
            kept = UnsafeBufferPointer(rebasing: UnsafeBufferPointer(copy)[..<text.count])
        }
        header.initialize(to: Header(code: code, capacity: Swift.max(capacity, 1), tokens: tokens, text: kept,
                                     textBase: base, program: self))
    }

    deinit {
        header.pointee.code.deallocate()
        header.pointee.tokens.deinitialize(count: header.pointee.count)
        header.pointee.tokens.deallocate()
        if ownsText { UnsafeMutableRawPointer(mutating: text.baseAddress)?.deallocate() }
        header.deallocate()
    }

    var count: Int { header.pointee.count }
    var code: UnsafeMutablePointer<Instruction> { header.pointee.code }
    var buffer: UnsafeBufferPointer<UInt8> { text }
    var inputs: Int { header.pointee.inputs }
    var outputs: Int { header.pointee.outputs }
    var localCount: Int { header.pointee.localCount }
    var isBroken: Bool { header.pointee.isBroken }

    subscript(index: Int) -> Instruction {
        get { header.pointee.code[index] }
        set { header.pointee.code[index] = newValue }
    }

    /// The index of an instruction pointer into this program.
    @inline(__always)
    func index(of ip: UnsafePointer<Instruction>) -> Int { UnsafePointer(header.pointee.code).distance(to: ip) }

    // MARK: Building (the compiler)

    @inline(__always)
    func append(_ instruction: Instruction, _ token: Token) {
        let header = self.header
        if header.pointee.count == header.pointee.capacity { grow() }
        let count = header.pointee.count
        header.pointee.maxGrowth &+= 4
        header.pointee.code[count] = instruction
        (header.pointee.tokens + count).initialize(to: token)
        header.pointee.count = count &+ 1
    }

    /// A `literalWide`: the opcode word, then the exact and the double encodings.
    func appendWide(exact: Double, float: Double, _ token: Token) {
        append(Instruction(.literalWide), token)
        append(Instruction(bits: exact.bitPattern), token)
        append(Instruction(bits: float.bitPattern), token)
    }

    @inline(never)
    private func grow() {
        let capacity = 2 * header.pointee.capacity
        let bigger = UnsafeMutablePointer<Instruction>.allocate(capacity: capacity)
        bigger.moveInitialize(from: header.pointee.code, count: header.pointee.count)
        header.pointee.code.deallocate()
        header.pointee.code = bigger
        let biggerTokens = UnsafeMutablePointer<Token>.allocate(capacity: capacity)
        biggerTokens.moveInitialize(from: header.pointee.tokens, count: header.pointee.count)
        header.pointee.tokens.deallocate()
        header.pointee.tokens = biggerTokens
        header.pointee.capacity = capacity
    }

    func setShape(ofIf branch: Int, _ shape: IfShape) { ifShapes[branch] = shape }
    func shape(ofIf branch: Int) -> IfShape? { ifShapes[branch] }

    func addBlock(_ block: Block) -> Int {
        blocks.append(block)
        return blocks.count - 1
    }

    func block(_ index: Int) -> Block { blocks[index] }

    func setBlockEnd(_ index: Int, _ end: Int) { blocks[index].end = end }

    func setEffect(inputs: Int, outputs: Int, localCount: Int, isBroken: Bool, isFunction: Bool) {
        header.pointee.inputs = inputs
        header.pointee.outputs = outputs
        header.pointee.localCount = localCount
        header.pointee.isBroken = isBroken
        header.pointee.isFunction = isFunction
        header.pointee.quickInputs = isBroken ? Int(Int32.max) : inputs
        header.pointee.bindCount = count > 0 && self[0].opcode == .bind ? self[0].a : 0
        header.pointee.valueArguments = isFunction ? inputs : 0
    }

    func setReach(_ reach: Int) { self.reach = reach }

    /// Room for pushes beyond 4 an instruction: a call's outputs, a counted word's entries.
    func addGrowth(_ entries: Int) { header.pointee.maxGrowth += entries }

    func raiseLocalCount(to count: Int) { header.pointee.localCount = Swift.max(header.pointee.localCount, count) }

    /// Empties a chunk for the next part of the top level of `text`.
    func reset(text: UnsafeBufferPointer<UInt8>, base: Int) {
        precondition(!ownsText, "only a chunk of the top level is reused")
        header.pointee.tokens.deinitialize(count: header.pointee.count)
        header.pointee.count = 0
        header.pointee.maxGrowth = 0
        header.pointee.localCount = 0
        ifShapes.removeAll(keepingCapacity: true)
        blocks.removeAll(keepingCapacity: true)
        header.pointee.text = text
        header.pointee.textBase = base
    }

    /// Appends another program's code (a block compiled apart: its jumps are relative, its
    /// ifs' shapes are moved along); returns where it starts.
    func appendCode(of other: Program) -> Int {
        let offset = count
        for i in 0..<other.count { append(other[i], other.token(at: i)) }
        addGrowth(other.header.pointee.maxGrowth - 4 * other.count)  // its calls' and counted words'
        for (branch, shape) in other.ifShapes {
            ifShapes[branch + offset] = IfShape(elseJump: shape.elseJump.map { $0 + offset }, end: shape.end + offset)
        }
        return offset
    }

    func token(at index: Int) -> Token { header.pointee.tokens[index] }
}

extension Program {
    /// The program of a word with errors: calls leave its outputs without value.
    static func broken(inputs: Int, outputs: Int) -> Program {
        let program = Program(copyingText: true)
        program.append(Instruction(.ret), Token(.keyword, 0..<0))
        program.setEffect(inputs: inputs, outputs: outputs, localCount: 0, isBroken: true, isFunction: false)
        return program
    }
}
