/// The machine's stack of encoded entries (see `StackSlot`): a copy-on-write buffer like an
/// array's, whose storage the interpreter can hold in registers for the length of a run
/// (`Interpreter`): it makes the buffer unique once, then reads and writes through `base`
/// with the count in a local, and writes the count back before anything else looks.
/// Everything else uses it as a collection.
struct ValueStack: RandomAccessCollection, MutableCollection, RangeReplaceableCollection, @unchecked Sendable {
    final class Buffer {
        let base: UnsafeMutablePointer<Double>
        let capacity: Int

        init(capacity: Int) {
            self.capacity = Swift.max(capacity, 16)
            base = .allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }
    }

    private(set) var buffer: Buffer
    private(set) var count: Int

    init() {
        buffer = Buffer(capacity: 16)
        count = 0
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    var base: UnsafeMutablePointer<Double> { @inline(__always) get { buffer.base } }
    var capacity: Int { @inline(__always) get { buffer.capacity } }

    subscript(index: Int) -> Double {
        get {
            precondition(index >= 0 && index < count, "stack index out of range")
            return buffer.base[index]
        }
        set {
            precondition(index >= 0 && index < count, "stack index out of range")
            makeUnique()
            buffer.base[index] = newValue
        }
    }

    /// Gives this stack a buffer of its own (a copy shares it until one of them writes).
    @inline(__always)
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&buffer) { reallocate(capacity: capacity) }
    }

    /// Room for `extra` more entries, uniquely owned: growing geometrically.
    @inline(__always)
    mutating func reserve(extra: Int) {
        if count + extra > capacity { reallocate(capacity: Swift.max(count + extra, 2 * capacity)) } else { makeUnique() }
    }

    @inline(never)
    private mutating func reallocate(capacity: Int) {
        let bigger = Buffer(capacity: capacity)
        bigger.base.initialize(from: buffer.base, count: count)
        buffer = bigger
    }

    /// Sets the count after the interpreter wrote entries through `base` (within `capacity`).
    @inline(__always)
    mutating func setCount(_ newCount: Int) {
        assert(newCount >= 0 && newCount <= capacity)
        count = newCount
    }

    @inline(__always)
    mutating func append(_ value: Double) {
        if count == capacity || !isKnownUniquelyReferenced(&buffer) { reallocate(capacity: count == capacity ? 2 * capacity : capacity) }
        buffer.base[count] = value
        count += 1
    }

    mutating func append<S: Sequence>(contentsOf values: S) where S.Element == Double {
        for value in values { append(value) }
    }

    @discardableResult
    mutating func removeLast() -> Double {
        precondition(count > 0, "removeLast of an empty stack")
        count -= 1
        return buffer.base[count]
    }

    mutating func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= count, "removeLast past the bottom of the stack")
        count -= k
    }

    mutating func removeAll(keepingCapacity: Bool) {
        if keepingCapacity, isKnownUniquelyReferenced(&buffer) {
            count = 0
        } else {
            self = ValueStack()
        }
    }

    mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == Double {
        precondition(subrange.lowerBound >= 0 && subrange.upperBound <= count, "range out of the stack")
        let tail = Array(self[subrange.upperBound...])
        count = subrange.lowerBound
        reserve(extra: newElements.count + tail.count)
        for value in newElements { buffer.base[count] = value; count += 1 }
        for value in tail { buffer.base[count] = value; count += 1 }
    }

    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Double>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: buffer.base, count: count))
    }
}
