/// The exact values that do not fit an 8-byte entry inline (see `StackSlot`): fractions whose
/// parts fit machine words, kept as plain pairs (no reference counting, 16 bytes each: the
/// common case of programs with `÷`), and everything else (big integers, big fractions) as
/// `Number`s. Entries and node values refer to them by index.
///
/// The machine owns one; the printer reads it. Runs drop most values a step after making
/// them, so the machine compacts the store now and then (`Machine+Values`).
public struct ValueStore: Sendable {
    /// A fraction in lowest terms, denominator > 1, both parts machine words.
    struct SmallFraction: Sendable {
        var numerator: Int
        var denominator: Int
    }

    var fractions: [SmallFraction] = []
    var boxes: [Number] = []

    public init() {}

    /// The value an entry holds (nil: none, or a node).
    @inline(__always)
    public func number(_ slot: Double) -> Number? {
        if slot.isFinite { return .real(slot) }
        if let small = StackSlot.smallValue(slot) { return .integer(.small(small)) }
        if let index = StackSlot.fractionIndex(slot) {
            let f = fractions[index]
            return .rational(Rational(normalized: .small(f.numerator), .small(f.denominator)))
        }
        if let index = StackSlot.boxIndex(slot) { return boxes[index] }
        return nil
    }

    /// Whether an entry's value is below zero, without building a `Number` (the printer asks
    /// for every number it parenthesizes).
    @inline(__always)
    func isNegative(_ slot: Double) -> Bool {
        if slot.isFinite { return slot < 0 }
        if let small = StackSlot.smallValue(slot) { return small < 0 }
        if let index = StackSlot.fractionIndex(slot) { return fractions[index].numerator < 0 }
        return number(slot)?.isNegative ?? false
    }

    /// An entry as a fraction of machine words (an integer n as n/1), without building a
    /// `Number`: the operands of the fast path.
    @inline(__always)
    func smallFraction(_ slot: Double) -> (Int, Int)? {
        if let small = StackSlot.smallValue(slot) { return (small, 1) }
        if let index = StackSlot.fractionIndex(slot) {
            let f = fractions[index]
            return (f.numerator, f.denominator)
        }
        return nil
    }

    /// The entry for an exact value (not `.real`, not a small integer: the machine encodes
    /// those inline).
    @inline(__always)
    mutating func store(_ value: Number) -> Double {
        if case .rational(let r) = value, let (n, d) = r.smallParts {
            fractions.append(SmallFraction(numerator: n, denominator: d))
            return StackSlot.fraction(fractions.count - 1)
        }
        boxes.append(value)
        return StackSlot.boxed(boxes.count - 1)
    }

    /// The entry for n/d, already in lowest terms with d > 1.
    @inline(__always)
    mutating func storeFraction(_ n: Int, _ d: Int) -> Double {
        fractions.append(SmallFraction(numerator: n, denominator: d))
        return StackSlot.fraction(fractions.count - 1)
    }

    public var count: Int { fractions.count + boxes.count }

    mutating func removeAll() {
        fractions.removeAll(keepingCapacity: true)
        boxes.removeAll(keepingCapacity: true)
    }

    /// Where the store ends, to take back what a change added.
    struct Mark: Sendable {
        var fractions = 0, boxes = 0
    }

    var mark: Mark { Mark(fractions: fractions.count, boxes: boxes.count) }

    /// The values added between two marks, for redo.
    func values(from start: Mark, to end: Mark) -> ValueStore {
        var added = ValueStore()
        added.fractions = Array(fractions[start.fractions..<end.fractions])
        added.boxes = Array(boxes[start.boxes..<end.boxes])
        return added
    }

    /// The values before a mark.
    func prefix(upTo mark: Mark) -> ValueStore {
        var kept = ValueStore()
        kept.fractions = Array(fractions[..<mark.fractions])
        kept.boxes = Array(boxes[..<mark.boxes])
        return kept
    }

    mutating func truncate(to mark: Mark) {
        fractions.removeSubrange(mark.fractions...)
        boxes.removeSubrange(mark.boxes...)
    }

    mutating func append(_ other: ValueStore) {
        fractions.append(contentsOf: other.fractions)
        boxes.append(contentsOf: other.boxes)
    }

    var retainedBytes: Int {
        fractions.count * MemoryLayout<SmallFraction>.stride + boxes.count * MemoryLayout<Number>.stride
    }
}
