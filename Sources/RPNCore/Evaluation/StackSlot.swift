/// The 8-byte encoding of stack entries (`Machine.stack`) and node values (`Node.value`).
/// Deep stacks of millions of entries stay at 8 bytes an entry, and the values-only path
/// does small-integer arithmetic without touching memory beyond the stack:
///
/// | bits                          | meaning                                                  |
/// |-------------------------------|----------------------------------------------------------|
/// | a finite Double               | an inexact value (every value with `--float`)            |
/// | any other NaN (`Double.nan`)  | no value (the reason was reported)                       |
/// | `0x7FFC_0000` + 32 bits       | the index of the entry's node (stack entries only)       |
/// | `0x7FFD_0000` + 32 bits       | the index of an exact value in `ValueStore.boxes`        |
/// | `0x7FFF_0000` + 32 bits       | the index of a small fraction in `ValueStore.fractions`  |
/// | `0x7FFE` + 48 bits            | an exact integer in [-2^47, 2^47), two's complement      |
///
/// The tags are quiet NaNs with payloads that arithmetic never makes (it makes the canonical
/// NaN, positive or negative), and no arithmetic ever runs on an entry that is not finite.
enum StackSlot {
    static let tag: UInt64 = 0x7FFC_0000_0000_0000
    static let boxTag: UInt64 = 0x7FFD_0000_0000_0000
    static let smallTag: UInt64 = 0x7FFE_0000_0000_0000
    static let fractionTag: UInt64 = 0x7FFF_0000_0000_0000
    /// Exact integers of magnitude below this are stored inline.
    static let smallLimit = 1 << 47

    @inline(__always)
    static func box(_ node: Int32) -> Double { Double(bitPattern: tag | UInt64(UInt32(bitPattern: node))) }

    @inline(__always)
    static func node(_ slot: Double) -> Int32? {
        let bits = slot.bitPattern
        return bits & 0xFFFF_FFFF_0000_0000 == tag ? Int32(bitPattern: UInt32(truncatingIfNeeded: bits)) : nil
    }

    @inline(__always)
    static func boxed(_ index: Int) -> Double { Double(bitPattern: boxTag | UInt64(UInt32(truncatingIfNeeded: index))) }

    @inline(__always)
    static func boxIndex(_ slot: Double) -> Int? {
        let bits = slot.bitPattern
        return bits & 0xFFFF_FFFF_0000_0000 == boxTag ? Int(UInt32(truncatingIfNeeded: bits)) : nil
    }

    @inline(__always)
    static func fraction(_ index: Int) -> Double {
        Double(bitPattern: fractionTag | UInt64(UInt32(truncatingIfNeeded: index)))
    }

    @inline(__always)
    static func fractionIndex(_ slot: Double) -> Int? {
        let bits = slot.bitPattern
        return bits & 0xFFFF_FFFF_0000_0000 == fractionTag ? Int(UInt32(truncatingIfNeeded: bits)) : nil
    }

    /// The inline encoding of an exact integer, or nil when it does not fit.
    @inline(__always)
    static func small(_ value: Int) -> Double? {
        guard value >= -smallLimit, value < smallLimit else { return nil }
        return Double(bitPattern: smallTag | (UInt64(bitPattern: Int64(value)) & 0x0000_FFFF_FFFF_FFFF))
    }

    @inline(__always)
    static func smallValue(_ slot: Double) -> Int? {
        let bits = slot.bitPattern
        guard bits >> 48 == smallTag >> 48 else { return nil }
        return Int(Int64(bitPattern: bits << 16) >> 16)
    }

    /// Whether the entry holds a value (as opposed to a node or no value): finite, inline or
    /// stored.
    @inline(__always)
    static func isValue(_ slot: Double) -> Bool {
        let top = slot.bitPattern >> 48
        return slot.isFinite || top == boxTag >> 48 || top == smallTag >> 48 || top == fractionTag >> 48
    }

    /// No value: a NaN that is none of the tags.
    @inline(__always)
    static func isNone(_ slot: Double) -> Bool {
        guard slot.isNaN else { return false }
        let top = slot.bitPattern >> 48
        return top != tag >> 48 && top != boxTag >> 48 && top != smallTag >> 48 && top != fractionTag >> 48
    }
}
