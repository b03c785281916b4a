/// Names by their UTF-8 bytes, numbered in the order they came: the one way a token's text
/// becomes a variable's index (`Variables`), for the compiler interning names as it reads
/// them and for editors' passes over a document's tokens, neither of which makes a String per
/// token. An open-addressing table of FNV-1a hashes over one buffer of all the names: a
/// Dictionary would hash each key again (SipHash), and an array per name costs a retain per
/// comparison.
struct NameTable: Sendable {
    private var bytes: [UInt8] = []
    /// Where each name ends in `bytes` (the next one starts there).
    private var ends: [Int] = []
    private var hashes: [UInt64] = []
    /// Name indices by hash (-1: free), linear probing; at most half full. Empty until the
    /// first name: a word's value is computed by a machine of its own, with variables that
    /// mostly stay empty, and an allocation per call showed in the calls' cost.
    private var slots: [Int32] = []

    var count: Int { hashes.count }

    /// The index of the name spelled by `name`, if it is in the table.
    @inline(__always)
    func index(of name: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard !slots.isEmpty else { return nil }
        let hash = Self.hash(name)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = slots[slot]
            if index < 0 { return nil }
            if hashes[Int(index)] == hash, spells(Int(index), name) { return index }
            slot = (slot + 1) & mask
        }
    }

    private func spells(_ index: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = index > 0 ? ends[index - 1] : 0
        guard ends[index] - start == name.count else { return false }
        return bytes.withUnsafeBufferPointer { all in
            for i in 0..<name.count where all[start + i] != name[i] { return false }
            return true
        }
    }

    /// Adds a name that is not in the table; returns its index.
    mutating func append(_ name: UnsafeBufferPointer<UInt8>) -> Int32 {
        let index = Int32(hashes.count)
        bytes.append(contentsOf: name)
        ends.append(bytes.count)
        hashes.append(Self.hash(name))
        if 2 * hashes.count > slots.count {
            // Growing re-inserts in index order, as the names came: `removeLast` stays exact.
            slots = [Int32](repeating: -1, count: Swift.max(16, 2 * slots.count))
            for i in hashes.indices { place(Int32(i)) }
        } else {
            place(index)
        }
        return index
    }

    private mutating func place(_ index: Int32) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hashes[Int(index)]) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = index
    }

    /// Forgets the latest name (undoing a change). Names go in the reverse order they came, so
    /// no name placed after it is left for its slot to break a probe of.
    mutating func removeLast() {
        let index = Int32(hashes.count - 1)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hashes[Int(index)]) & mask
        while slots[slot] != index { slot = (slot + 1) & mask }
        slots[slot] = -1
        hashes.removeLast()
        ends.removeLast()
        bytes.removeLast(bytes.count - (ends.last ?? 0))
    }

    /// FNV-1a, its high bits folded into the low ones that the mask keeps.
    @inline(__always)
    static func hash(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in name { hash = (hash ^ UInt64(b)) &* 0x100_0000_01B3 }
        return hash ^ (hash >> 29)
    }
}
