/// What a run has in progress besides the stack: the frames of the words it is in and their
/// locals, the ifs whose flag had no value yet, how the top level entered counted steps, and
/// when the loop must stop at an instruction's fetch (`trapAt`). Empty between runs.
struct RunState: Sendable {
    var frames = RunBuffer<Machine.Frame>()
    /// The locals of the frames (parameters and loop counters), frame after frame.
    var locals = RunBuffer<Double>()
    var undecidedIfs: [Machine.UndecidedIf] = []
    /// The block or word call of the top level being run, if any.
    var topEntry: Machine.TopEntry?
    /// The step count at which the loop traps (0: at every instruction).
    var trapAt = Int.max
    /// Set where an instruction must stop its run (a recursion limit): the trap unwinds it.
    var stopRequested = false
    /// Set where an instruction wants Ctrl-C asked now (it made a big number, which takes time).
    var pollRequested = false
    /// The top level's block or call runs without trees (`Machine.dropTrees`).
    var treesDropped = false

    // The loop's registers that few instructions use, here in memory: as the loop's locals they
    // took the machine registers its every instruction needs (ip, sp, fp, the countdown), which
    // the optimizer then spilled.
    /// The end of the stack's storage.
    nonisolated(unsafe) var limit = UnsafeMutablePointer<Double>(bitPattern: 8)!
    /// Frames the quick call may push: the depth limit, or the room there is.
    var frameLimit = 0
    /// Whether steps count (0 at the top level of a chunk), and the countdown's anchor (see
    /// `Machine.stepsTaken`).
    var weight = 0, anchor = 0
    /// Where the current frame's locals start.
    var localsBase = 0
}

extension RunState {
    /// Pops the frame of the word being left, and its locals: the caller's frame (its
    /// locals start at `localsBase` again).
    @inline(__always)
    mutating func popFrame() -> Machine.Frame {
        let frame = frames.pop()
        locals.count = localsBase
        localsBase = frame.localsBase
        return frame
    }

    /// The return of a quick path (`returnsInside` held): the frame popped, and the caller's
    /// program, return address and locals.
    @inline(__always)
    mutating func returnToCaller()
        -> (UnsafeMutablePointer<Program.Header>, UnsafePointer<Instruction>, UnsafeMutablePointer<Double>) {
        let frame = popFrame()
        return (frame.header, frame.returnIP, locals.base + localsBase)
    }

    /// Whether the word being run returns to a caller inside a word or block: not out of the
    /// run (which began with `entryFrames` frames) and not to the top level, where a return
    /// does more (`ret`'s general path).
    @inline(__always)
    func returnsInside(above entryFrames: Int) -> Bool {
        frames.count > entryFrames && frames[frames.count &- 1].weight != 0
    }
}

/// A growable buffer of plain values for a run (frames, locals), whose storage the loop holds
/// in registers. Copies share the storage (a machine copied in the middle of a run keeps it
/// alive), but only the run that owns it writes.
struct RunBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
    private final class Storage {
        let base: UnsafeMutablePointer<Element>
        init(capacity: Int) { base = .allocate(capacity: capacity) }
        deinit { base.deallocate() }
    }

    private var storage: Storage
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity = 16
    var count = 0

    init() {
        storage = Storage(capacity: 16)
        base = storage.base
    }

    /// Room for `count` elements in all, keeping the ones there.
    @inline(never)
    mutating func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        let newCapacity = Swift.max(needed, 2 * capacity, 16)
        let bigger = Storage(capacity: newCapacity)
        bigger.base.initialize(from: base, count: count)
        storage = bigger
        base = bigger.base
        capacity = newCapacity
    }

    @inline(__always)
    mutating func push(_ element: Element) {
        if count == capacity { reserve(count + 1) }
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
}

/// Hooks of one run, set by the front end for its duration: Ctrl-C in the shell, `--trace`.
final class RunHooks: @unchecked Sendable {
    let interrupted: (() -> Bool)?
    let trace: ((Token, Machine) -> Void)?
    var wasInterrupted = false
    /// The instruction just run, traced at the next fetch (with the machine as it left it).
    var pendingTrace: Token?

    init(interrupted: (() -> Bool)? = nil, trace: ((Token, Machine) -> Void)? = nil) {
        self.interrupted = interrupted
        self.trace = trace
    }
}
