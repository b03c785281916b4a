/// A compiled program: its instructions and a copy of its source text, which the tokens'
/// byte ranges point into (a word defined on one shell line runs long after the line is
/// gone). Immutable once built, so machines that copy each other share it.
final class Program: @unchecked Sendable {
    let code: [Instruction]
    /// Where the interpreter reads the instructions: as `Step`s of a few bytes, with their
    /// tokens and source ranges apart, in buffers the program owns, so that a step is cheap to
    /// decode and stepping retains nothing.
    let steps: UnsafeMutableBufferPointer<Step>
    /// The same steps with common sequences fused (`StepFusion`), for runs without trees.
    let fastSteps: UnsafeMutableBufferPointer<Step>
    let ranges: UnsafeMutableBufferPointer<Range<Int>>
    let tokens: UnsafeMutableBufferPointer<Token>
    /// For each token, the value a number pushes when it is short (exactly) or finite (with
    /// `--float`), so that a run without trees pushes it without decoding the token.
    let literals: UnsafeMutableBufferPointer<Literal>
    /// The checked effect (calls need this many entries) and whether the program has errors
    /// (it is then `Program.empty`: calls leave its outputs without value).
    var inputs = 0, outputs = 0
    var isBroken = false
    /// Locals a frame of this program needs: parameters, then three per `for` (counter,
    /// bound, step).
    let localCount: Int
    /// The source bytes from `base` on; `text[i]` is the byte at offset `base + i`.
    let text: UnsafeMutableBufferPointer<UInt8>
    let base: Int

    init(code: [Instruction], localCount: Int, text: UnsafeBufferPointer<UInt8>, base: Int) {
        self.code = code
        var steps: [Step] = [], tokens: [Token] = []
        for instruction in code {
            switch instruction {
            case .token(let token):
                let index = Int32(tokens.count)
                switch token.kind {
                case .number: steps.append(.number(index))
                case .operator: steps.append(.operator(token.builtin!, index))
                default: steps.append(.token(index))
                }
                tokens.append(token)
            case .call(let word, _): steps.append(.call(word))
            case .local(let local, _): steps.append(.local(local))
            case .bindParameters(let count, _): steps.append(.bindParameters(count))
            case .branchIfZero(let target, let reach, _): steps.append(.branchIfZero(target, reach: reach))
            case .skipElse(let target, _): steps.append(.skipElse(target))
            case .endIf: steps.append(.endIf)
            case .forStart(let local, let hasStep, let exit, _): steps.append(.forStart(local: local, exit: exit, hasStep: hasStep))
            case .forNext(let local, let body, _): steps.append(.forNext(local: local, body: body))
            case .until(let body, _): steps.append(.until(body))
            }
        }
        self.steps = Self.buffer(steps)
        self.fastSteps = Self.buffer(StepFusion.fuse(steps))
        self.ranges = Self.buffer(code.map(\.range))
        self.tokens = Self.buffer(tokens)
        self.literals = Self.buffer(tokens.map { token in
            guard token.kind == .number else { return Literal(exact: .nan, float: .nan, isShortInteger: false) }
            let exact = Machine.exactShortInteger(token)
            return Literal(exact: exact ?? .nan, float: token.number, isShortInteger: exact != nil)
        })
        self.localCount = localCount
        self.text = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(text.count, 1))
        _ = self.text.initialize(from: text)
        self.base = base
    }

    private static func buffer<T>(_ elements: [T]) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: Swift.max(elements.count, 1))
        _ = buffer.initialize(from: elements)
        return UnsafeMutableBufferPointer(rebasing: buffer[..<elements.count])
    }

    deinit {
        text.deallocate()
        for buffer in [UnsafeMutableRawPointer(steps.baseAddress), UnsafeMutableRawPointer(ranges.baseAddress),
                       UnsafeMutableRawPointer(fastSteps.baseAddress), UnsafeMutableRawPointer(tokens.baseAddress), UnsafeMutableRawPointer(literals.baseAddress)] {
            buffer?.deallocate()  // trivial elements: nothing to deinitialize
        }
    }

    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(text) }
}

/// An instruction as the interpreter reads it (see `Instruction`): operands only, the token
/// and the source range in the program's parallel buffers.
enum Step: Sendable {
    case token(Int32)
    /// A number token; `literals` has its value when it is a short integer.
    case number(Int32)
    /// An operator token (`+`, `<`, …): its word, and the token for the general path.
    case `operator`(BuiltinID, Int32)
    case call(Int32)
    case local(Int32)
    case bindParameters(Int32)
    case branchIfZero(Int32, reach: Int32)
    case skipElse(Int32)
    case endIf
    case forStart(local: Int32, exit: Int32, hasStep: Bool)
    case forNext(local: Int32, body: Int32)
    case until(Int32)
    // Fused sequences (`StepFusion`), only in `Program.fastSteps`:
    /// `local op`: the top entry op the local (`i +`).
    case localOperator(local: Int32, op: BuiltinID)
    /// `number op`: the top entry op the literal (`1 -`).
    case literalOperator(literal: Int32, op: BuiltinID)
    /// `local number op`: pushes the local op the literal (`n 1 -`).
    case localLiteralOperator(local: Int32, literal: Int32, op: BuiltinID)
    /// `local number comparison if` (`n 2 < if`): branches without touching the stack.
    case localLiteralBranch(local: Int32, literal: Int32, op: BuiltinID, target: Int32)
    /// `comparison if`: pops two entries and branches.
    case operatorBranch(op: BuiltinID, target: Int32)
    /// `op then`: the last step of an if's second part, and its end.
    case operatorEndIf(op: BuiltinID)
    /// `else` whose `then` follows at once: past it.
    case skipElseEndIf(after: Int32)
    /// `local else`: the first part's value, then past the `then`.
    case localSkipElseEndIf(local: Int32, after: Int32)
}

/// A number literal, ready to push: `exact` when it is a short integer, `float` (with
/// `--float`) when finite.
struct Literal {
    let exact: Double
    let float: Double
    let isShortInteger: Bool

    /// What the fast loop pushes, or a NaN that no quick operation takes.
    @inline(__always)
    func value(exact inExactMode: Bool) -> Double { inExactMode ? (isShortInteger ? exact : .nan) : float }
}
