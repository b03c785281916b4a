/// The encoding of stack entries (see `Machine.stack`).
enum StackSlot {
    /// A quiet NaN with bit 50 set; the canonical NaN (`Double.nan`) does not have it, and no
    /// arithmetic ever runs on a slot that is not finite.
    static let tag: UInt64 = 0x7FFC_0000_0000_0000

    @inline(__always)
    static func box(_ node: Int32) -> Double { Double(bitPattern: tag | UInt64(UInt32(bitPattern: node))) }

    @inline(__always)
    static func node(_ slot: Double) -> Int32? {
        let bits = slot.bitPattern
        return bits & 0xFFFF_FFFF_0000_0000 == tag ? Int32(bitPattern: UInt32(truncatingIfNeeded: bits)) : nil
    }
}
