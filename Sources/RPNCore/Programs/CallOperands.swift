/// Which tokens fill the inputs of a call: in `1 2 + 4 hyp`, hyp's `a` is `1 2 +` and its `b`
/// is `4` (signature help and parameter hints in editors). RPN writes a call after its
/// operands: each token takes its effect as a step (the static checker's table), and an
/// operand is the shortest run of tokens before the next one that leaves exactly one entry.
/// Where that is not one expression the operand cannot be read, nor any below it: at a keyword
/// (what an `if` or a loop leaves is no expression of the tokens before it), at a token whose
/// effect depends on a count (`pick`, `clear`), and where one token leaves more than one of
/// them (`3 dup hyp`: the two copies are one token's).
///
/// The operands are read forwards, in one pass for all calls (`Stack`): each entry on the
/// stack knows where its operand begins, so a call costs what its inputs are, however far back
/// its operands reach, and calls inside calls do not read their operands again.
public enum CallOperands {
    /// Entries a token takes from the stack and leaves on it.
    public typealias StepEffect = (inputs: Int, outputs: Int)

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
    /// that cannot be read. `effect` gives each token's effect (nil: reading stops there). The
    /// tokens before the call are read from 64 before it, and from twice as far while an
    /// operand begins before that: the cost is in proportion to how far back the operands
    /// reach (features that ask about many calls read once with a `Stack`).
    public static func operands(ofCallAt call: Int, inputs: Int, effect: (Int) -> StepEffect?) -> [Range<Int>?] {
        var reach = 64
        while true {
            let begin = max(call - reach, 0)
            var stack = Stack(from: begin)
            for index in begin..<call { stack.take(effect(index), at: index) }
            let operands = stack.operands(ofCallAt: call, inputs: inputs, effect: effect)
            if !operands.contains(where: \.beginsEarlier) { return operands.map(\.tokens) }
            reach *= 2
        }
    }

    /// An operand as the tokens read so far tell it.
    public enum Operand: Equatable, Sendable {
        /// These tokens fill the input.
        case tokens(Range<Int>)
        /// It cannot be read (see `CallOperands`).
        case unreadable
        /// It begins before the first token read; of the tokens read it holds these (maybe
        /// none). Only a reading from further back tells where it begins, and whether it can
        /// be read at all.
        case partly(Range<Int>)

        public var tokens: Range<Int>? {
            if case .tokens(let range) = self { range } else { nil }
        }

        /// The tokens read that it holds (nil: it cannot be read).
        public var tokensRead: Range<Int>? {
            switch self {
            case .tokens(let range), .partly(let range): range
            case .unreadable: nil
            }
        }

        public var beginsEarlier: Bool {
            if case .partly = self { true } else { false }
        }
    }

    /// The stack the tokens read so far leave, each entry with the first token of its operand.
    /// Reading backwards from a call, an operand ends at the first token (going back) that
    /// takes the stack down to the operand's own entry's level: that token begins the operand
    /// if it takes nothing, else the operand goes on with that of the entry it took from there.
    /// Going forwards, then, the lowest entry a token leaves begins at the token, or where the
    /// lowest entry it takes began (`1 2 +`: the sum's operand begins where 1's does); any other
    /// entry it leaves is unreadable (a token leaving more than one operand), and a token
    /// whose effect is unknown makes every entry under it unreadable.
    public struct Stack: Sendable {
        /// Each entry's first token, bottom first; `unreadable` or `earlier` (below).
        private var starts: [Int] = []
        /// An entry that cannot be read.
        private static let unreadable = -1
        /// An entry from before the first token read (its start is further back).
        private static let earlier = -2
        /// What the entries below `starts` are: `earlier`, or `unreadable` when the reading
        /// began at the first token or a token of unknown effect came since.
        private var floor: Int
        /// The first token read.
        private let begin: Int
        /// The index in `starts` of the lowest entry whose start is known (`starts.count`:
        /// none). Operands lie in the order of their entries, so its start is the first.
        private var lowestKnown = 0

        /// A reading that begins at token `begin` (0: the first token, before which there is
        /// nothing to take).
        public init(from begin: Int) {
            self.begin = begin
            floor = begin == 0 ? Self.unreadable : Self.earlier
        }

        /// The first token of the earliest operand on the stack that the tokens read tell (nil:
        /// none): a pass that only wants operands beginning before some token can stop when this
        /// is past it.
        public var firstStart: Int? { lowestKnown < starts.count ? starts[lowestKnown] : nil }

        /// Takes the token at `index`, whose effect is `effect` (nil: unknown).
        public mutating func take(_ effect: StepEffect?, at index: Int) {
            guard let (inputs, outputs) = effect else {
                starts.removeAll(keepingCapacity: true)
                floor = Self.unreadable
                lowestKnown = 0
                return
            }
            guard inputs > 0 || outputs > 0 else { return }
            let level = starts.count - inputs
            let start = inputs == 0 ? index : level >= 0 ? starts[level] : floor
            starts.removeLast(min(inputs, starts.count))
            if outputs > 0 {
                starts.append(start)
                for _ in 1..<outputs { starts.append(Self.unreadable) }
            }
            if lowestKnown >= starts.count - outputs {  // the lowest known entry was taken (or there was none)
                lowestKnown = start >= 0 && outputs > 0 ? starts.count - outputs : starts.count
            }
        }

        /// The operands of a call at `call` (after the tokens read) of `inputs` inputs, in
        /// order: its inputs are the top entries. Read down from the top, as each operand ends
        /// where the one above begins (less the comments and directives between them, whose
        /// effect takes and leaves nothing); below one that cannot be read, none can.
        public func operands(ofCallAt call: Int, inputs: Int, effect: (Int) -> StepEffect?) -> [Operand] {
            var operands = [Operand](repeating: .unreadable, count: max(inputs, 0))
            var above = call  // where the operand above begins
            for (depth, input) in operands.indices.reversed().enumerated() {
                let start = depth < starts.count ? starts[starts.count - 1 - depth] : floor
                if start == Self.unreadable { break }
                var end = above
                while end > max(start, begin), let step = effect(end - 1), step.inputs == 0, step.outputs == 0 { end -= 1 }
                if start == Self.earlier {
                    // Those below begin and end before it: of the tokens read they hold none.
                    operands[input] = .partly(begin..<end)
                    for lower in 0..<input { operands[lower] = .partly(begin..<begin) }
                    break
                }
                operands[input] = .tokens(start..<end)
                above = start
            }
            return operands
        }
    }
}
