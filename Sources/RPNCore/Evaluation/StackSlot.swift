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
/// | `0x7FFE` + 48 bits            | an exact integer v in [-2^47, 2^47), stored as v + 2^47  |
///
/// Small integers are stored offset by 2^47 (offset binary), so that their bit patterns order
/// as their values do and adding an integer to the pattern adds it to the value: the
/// interpreter compares loop counters and steps them without decoding them (`Interpreter`).
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
    static func box(_ node: Int32) -> Double { Double(bits: tag | UInt64(UInt32(bitPattern: node))) }

    @inline(__always)
    static func node(_ slot: Double) -> Int32? {
        let bits = slot.bits
        return bits & 0xFFFF_FFFF_0000_0000 == tag ? Int32(bitPattern: UInt32(truncatingIfNeeded: bits)) : nil
    }

    @inline(__always)
    static func boxed(_ index: Int) -> Double { Double(bits: boxTag | UInt64(UInt32(truncatingIfNeeded: index))) }

    @inline(__always)
    static func boxIndex(_ slot: Double) -> Int? {
        let bits = slot.bits
        return bits & 0xFFFF_FFFF_0000_0000 == boxTag ? Int(UInt32(truncatingIfNeeded: bits)) : nil
    }

    @inline(__always)
    static func fraction(_ index: Int) -> Double {
        Double(bits: fractionTag | UInt64(UInt32(truncatingIfNeeded: index)))
    }

    @inline(__always)
    static func fractionIndex(_ slot: Double) -> Int? {
        let bits = slot.bits
        return bits & 0xFFFF_FFFF_0000_0000 == fractionTag ? Int(UInt32(truncatingIfNeeded: bits)) : nil
    }

    /// The inline encoding of an exact integer, or nil when it does not fit.
    @inline(__always)
    static func small(_ value: Int) -> Double? {
        let biased = UInt64(bitPattern: Int64(value &+ smallLimit))
        guard biased < 1 << 48 else { return nil }  // also catches value < -2^47 (wraps high)
        return Double(bits: smallTag | biased)
    }

    @inline(__always)
    static func smallValue(_ slot: Double) -> Int? {
        let bits = slot.bits
        guard bits >> 48 == smallTag >> 48 else { return nil }
        return Int(bits & 0x0000_FFFF_FFFF_FFFF) &- smallLimit
    }

    /// No slot at all (`Machine.lastX` before any operation): a NaN no arithmetic makes and
    /// none of the tags, so it also reads as no value.
    static let nothing = Double(bits: 0x7FF4_0000_0000_0001)

    /// A literal of 32 bits, which always fits.
    @inline(__always)
    static func smallLiteral(_ value: Int32) -> Double {
        Double(bits: smallTag | UInt64(bitPattern: Int64(value) &+ Int64(smallLimit)))
    }

    /// Exactly 1 or 0.
    @inline(__always)
    static func truth(_ holds: Bool) -> Double {
        Double(bits: smallTag | UInt64(smallLimit) | (holds ? 1 : 0))
    }

    @inline(__always)
    static func isSmall(_ slot: Double) -> Bool { isSmallPattern(slot.bits) }

    /// Whether both slots are small integers: one test of their tags.
    @inline(__always)
    static func bothSmall(_ x: Double, _ y: Double) -> Bool {
        // On the high 32 bits, as `isValue`.
        let tag = UInt32(smallTag >> 32)
        return (UInt32(truncatingIfNeeded: x.bits &>> 32) ^ tag) | (UInt32(truncatingIfNeeded: y.bits &>> 32) ^ tag) < 0x1_0000
    }

    /// The sum of two small integers, or nil when it does not fit: on the patterns, without
    /// decoding them (x + y + 2^47 = pattern(x) + pattern(y) - tag - 2^47).
    @inline(__always)
    static func smallSum(_ x: Double, _ y: Double) -> Double? {
        // (tag + a) + (tag + b) - (tag + 2^47) = tag + (x + y + 2^47): its high bits are the
        // tag's exactly when the sum fits (else one more or one less).
        let sum = x.bits &+ y.bits &- (smallTag | UInt64(smallLimit))
        return isSmallPattern(sum) ? Double(bits: sum) : nil
    }

    /// Whether a pattern has the small integers' tag, tested on its high 32 bits (as `isValue`).
    @inline(__always)
    static func isSmallPattern(_ bits: UInt64) -> Bool {
        UInt32(truncatingIfNeeded: bits &>> 32) &- UInt32(smallTag >> 32) < 0x1_0000
    }

    /// The difference of two small integers, or nil when it does not fit.
    @inline(__always)
    static func smallDifference(_ x: Double, _ y: Double) -> Double? {
        // (tag + a) - (tag + b) + (tag + 2^47) = tag + (x - y + 2^47), as `smallSum`.
        let difference = x.bits &- y.bits &+ (smallTag | UInt64(smallLimit))
        return isSmallPattern(difference) ? Double(bits: difference) : nil
    }

    /// Whether the entry holds a value (as opposed to a node or no value): finite, inline or
    /// stored. On the top 16 bits: a finite double's exponent is not all ones; the value tags
    /// are the three from 0x7FFD (box, small, fraction), above the node's 0x7FFC and the
    /// NaNs of no value.
    @inline(__always)
    static func isValue(_ slot: Double) -> Bool {
        // On the high 32 bits, whose tests take 32-bit immediates (no 64-bit constant for the
        // interpreter's loop to keep in a register).
        let high = UInt32(truncatingIfNeeded: slot.bits &>> 32)
        return high & 0x7FF0_0000 != 0x7FF0_0000 || high &- UInt32(boxTag >> 32) < 0x3_0000
    }

    /// No value: a NaN that is none of the tags.
    @inline(__always)
    static func isNone(_ slot: Double) -> Bool {
        guard slot.isNaN else { return false }
        let top = slot.bits >> 48
        return top != tag >> 48 && top != boxTag >> 48 && top != smallTag >> 48 && top != fractionTag >> 48
    }
}

extension Double {
    /// `bitPattern`, guaranteed inline: the interpreter's loop is too large for the optimizer
    /// to inline even the standard library's trivial accessors into it.
    @_transparent
    var bits: UInt64 { unsafeBitCast(self, to: UInt64.self) }

    @_transparent
    init(bits: UInt64) { self = unsafeBitCast(bits, to: Double.self) }

    /// `isFinite` on the bits, inline for the same reason.
    @_transparent
    var isFiniteValue: Bool { UInt32(truncatingIfNeeded: bits &>> 32) & 0x7FF0_0000 != 0x7FF0_0000 }  // 32-bit immediates
}
