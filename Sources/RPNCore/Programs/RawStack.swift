/// A growable stack of plain values (no references to count), for the interpreter's state
/// during one run: the top of the value stack and the return stack. A Swift array there
/// costs a uniqueness check on every push and pop; this costs a compare.
struct RawStack<Element: BitwiseCopyable>: ~Copyable {
    private(set) var base: UnsafeMutablePointer<Element>
    var count = 0
    private var capacity: Int

    init(capacity: Int = 32) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    mutating func push(_ element: Element) {
        if count == capacity { grow(to: capacity * 2) }
        base[count] = element
        count &+= 1
    }

    @inline(__always)
    mutating func pop() -> Element {
        count &-= 1
        return base[count]
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    /// Puts `elements` below the current ones.
    mutating func insertAtBottom(_ elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress else { return }
        if count + elements.count > capacity { grow(to: Swift.max(capacity * 2, count + elements.count)) }
        (base + elements.count).moveInitialize(from: base, count: count)  // regions may overlap
        base.initialize(from: source, count: elements.count)
        count += elements.count
    }

    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    @inline(never)
    private mutating func grow(to newCapacity: Int) {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        bigger.initialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }
}
