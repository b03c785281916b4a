/// Changes that can be taken back: the shell runs each line (and each `:set`, `:deg`, ...) as
/// one change and keeps the `Change` records as its undo history.
///
/// A record holds only what the change touched: the nodes it appended, the stack entries it
/// replaced and the bindings it changed. Copying the whole machine per line would cost the
/// size of everything loaded so far (a 2×10^6-token file is 64 MB of nodes) for every line
/// typed after it.
extension Machine {
    /// What a change in progress has overwritten so far.
    struct Journal {
        let nodeCount: Int
        let storeMark: ValueStore.Mark
        let stackDepth: Int
        let variableCount: Int
        let options: EvaluationOptions
        /// `lastX` when the change began (operations set it without journaling each time).
        let lastX: Double
        /// Stack entries that were below the floor when it went down, top first.
        var savedEntries: [Double] = []
        /// How far the programs' arrays went when the change began (they only grow in a change).
        let programs: ProgramMark
        /// Bindings of variables that existed before the change, as they were then.
        var oldBindings: [Int32: Variables.Binding] = [:]

        mutating func remember(_ index: Int32, _ binding: Variables.Binding) {
            if Int(index) < variableCount, oldBindings[index] == nil { oldBindings[index] = binding }
        }
    }

    /// One finished change, able to undo and redo itself.
    public struct Change: Sendable {
        let nodeCount: Int
        /// The nodes the change appended, kept here while it is undone.
        var nodesAdded: [Node] = []
        /// The exact values its nodes refer to (`Machine.store`), the same way.
        let storeMark: ValueStore.Mark
        var valuesAdded = ValueStore()
        /// Where the store ended when the change did: values past it were made by later
        /// evaluations of older nodes, which the caches' invalidation makes compute again.
        let storeEnd: ValueStore.Mark
        let floor: Int
        /// `stack[floor...]` before and after the change.
        let entriesBefore: [Double]
        let entriesAfter: [Double]
        let variableCount: Int
        let namesAdded: [String]
        let bindingsBefore: [(Int32, Variables.Binding)]
        let bindingsAfter: [(Int32, Variables.Binding)]
        let optionsBefore: EvaluationOptions
        let optionsAfter: EvaluationOptions
        let lastXBefore: Double
        let lastXAfter: Double
        let programsBefore: Machine.ProgramMark
        let programsAfter: Machine.ProgramMark
        /// What the change appended to the programs' arrays, kept here while it is undone.
        var programsAdded = ProgramTail()
        /// The word each name it (re)defined named, before and after.
        let wordNamesBefore: [(Int32, Int32)]
        let wordNamesAfter: [(Int32, Int32)]

        /// Bytes the record keeps alive: what the change touched, never the whole machine.
        public var retainedBytes: Int {
            (entriesBefore.count + entriesAfter.count) * MemoryLayout<Double>.stride
                + nodesAdded.count * MemoryLayout<Node>.stride + valuesAdded.retainedBytes
                + namesAdded.reduce(0) { $0 + $1.utf8.count + 16 }
                + (bindingsBefore.count + bindingsAfter.count) * MemoryLayout<(Int32, Variables.Binding)>.stride
                + programsAdded.retainedBytes + (wordNamesBefore.count + wordNamesAfter.count) * 8
        }
    }

    /// Starts recording a change.
    public mutating func beginChange() {
        precondition(journal == nil, "changes do not nest")
        journal = Journal(nodeCount: nodes.count, storeMark: store.mark, stackDepth: stack.count, variableCount: variables.names.count,
                          options: options, lastX: lastX, programs: programMark)
        compiler.oldWordNames = [:]
        stackFloor = stack.count
    }

    /// What a journal kept, once it is closed: the floor the stack went down to, the entries
    /// below where it began that were replaced (oldest first), and the bindings and word
    /// names as they were.
    struct TakenBack {
        let journal: Journal
        let floor: Int
        let entriesBefore: [Double]
        let oldWordNames: [Int32: Int32]
    }

    /// Ends the journal in progress (a shell's change, or an analysis' segment).
    mutating func closeJournal() -> TakenBack {
        guard let journal else { preconditionFailure("no change in progress") }
        self.journal = nil
        let floor = stackFloor
        stackFloor = 0
        let oldWordNames = compiler.oldWordNames ?? [:]
        compiler.oldWordNames = nil
        // The floor started at the old depth: the entries were saved top first.
        return TakenBack(journal: journal, floor: floor, entriesBefore: journal.savedEntries.reversed(), oldWordNames: oldWordNames)
    }

    /// Puts back what a journal replaced: the stack's entries from `floor` up, the bindings and
    /// the word names (a change undone, or the segments after a checkpoint).
    mutating func putBack(floor: Int, entries: [Double], bindings: [(Int32, Variables.Binding)], wordNames: [(Int32, Int32)]) {
        stack.removeSubrange(floor...)
        stack.append(contentsOf: entries)
        for (index, binding) in bindings { variables.bind(index, binding) }
        for (name, word) in wordNames { compiler.setWordName(name, word) }
    }

    /// Ends the change in progress and returns its record.
    public mutating func endChange() -> Change {
        let closed = closeJournal()
        let journal = closed.journal, floor = closed.floor, oldWordNames = closed.oldWordNames
        compiler.forgetPending()
        let newVariables = Int32(journal.variableCount)..<Int32(variables.names.count)
        let changed = journal.oldBindings.keys.sorted()
        return Change(
            nodeCount: journal.nodeCount, storeMark: journal.storeMark, storeEnd: store.mark, floor: floor,
            entriesBefore: closed.entriesBefore,
            entriesAfter: Array(stack[floor...]),
            variableCount: journal.variableCount,
            namesAdded: Array(variables.names[journal.variableCount...]),
            bindingsBefore: changed.map { ($0, journal.oldBindings[$0]!) },
            bindingsAfter: (changed + newVariables).map { ($0, variables.bindings[Int($0)]) },
            optionsBefore: journal.options, optionsAfter: options, lastXBefore: journal.lastX, lastXAfter: lastX,
            programsBefore: journal.programs, programsAfter: programMark,
            wordNamesBefore: oldWordNames.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
            wordNamesAfter: oldWordNames.keys.sorted().map { ($0, compiler.word(ofVariable: $0) ?? -1) })
    }

    /// Evaluates the stack entries the change in progress could have affected, so that their
    /// errors are found now (`y 0 ÷` with y bound, or `1 x ÷` below a line that stores 0 in x):
    /// the entries it pushed or replaced, and every entry when it changed a binding that
    /// existed before.
    public mutating func evaluateChangedEntries() {
        guard let journal else { preconditionFailure("no change in progress") }
        let from = journal.oldBindings.isEmpty ? stackFloor : 0
        for slot in from..<stack.count { _ = valueOfSlot(slot) }
    }

    /// `evaluateChangedEntries`, asking `interrupted` now and then: an entry that calls a word
    /// on a variable just given a value runs the word now (`M tri`, then `1000000 →M`).
    /// False when it stopped early; the caller takes the change back.
    public mutating func evaluateChangedEntries(interrupted: () -> Bool) -> Bool {
        withoutActuallyEscaping(interrupted) { interrupted in
            let hooks = RunHooks(interrupted: interrupted)
            self.hooks = hooks
            defer { self.hooks = nil }
            evaluateChangedEntries()
            return !hooks.wasInterrupted
        }
    }

    /// Ends the change in progress and takes it back (a rejected or interrupted line).
    public mutating func abandonChange() {
        var change = endChange()
        undo(&change)
    }

    /// Takes a change back. The machine must be as the change left it (later changes undone).
    public mutating func undo(_ change: inout Change) {
        change.nodesAdded = Array(nodes[change.nodeCount...])
        nodes.removeSubrange(change.nodeCount...)
        change.valuesAdded = store.values(from: change.storeMark, to: change.storeEnd)
        store.truncate(to: change.storeMark)
        variables.truncate(to: change.variableCount)
        change.programsAdded = takeProgramTail(from: change.programsBefore)
        putBack(floor: change.floor, entries: change.entriesBefore, bindings: change.bindingsBefore,
                wordNames: change.wordNamesBefore)
        options = change.optionsBefore
        lastX = change.lastXBefore
        compiler.forgetPending()
        invalidateCaches()
    }

    /// Does an undone change again.
    public mutating func redo(_ change: inout Change) {
        nodes.append(contentsOf: change.nodesAdded)
        change.nodesAdded = []
        store.truncate(to: change.storeMark)
        store.append(change.valuesAdded)
        change.valuesAdded = ValueStore()
        stack.removeSubrange(change.floor...)
        stack.append(contentsOf: change.entriesAfter)
        for name in change.namesAdded { _ = variables.intern(name) }
        for (index, binding) in change.bindingsAfter { variables.bind(index, binding) }
        options = change.optionsAfter
        lastX = change.lastXAfter
        appendProgramTail(change.programsAdded, nextLocalSymbol: change.programsAfter.compiler.nextLocalSymbol)
        change.programsAdded = ProgramTail()
        for (name, word) in change.wordNamesAfter { compiler.setWordName(name, word) }
        compiler.forgetPending()
        invalidateCaches()
    }

    /// How long the programs' arrays were at a moment: a change only appends to them (and
    /// renames), so taking it back truncates them, and a record costs what the change added,
    /// not the size of everything defined or called so far.
    struct ProgramMark: Sendable {
        let compiler: Compiler.Mark
        let links: Int
    }

    /// What a change appended to the programs' arrays.
    struct ProgramTail: Sendable {
        var compiler = Compiler.Tail()
        var links: [Int32] = []

        var retainedBytes: Int { compiler.retainedBytes + links.count * 4 }
    }

    var programMark: ProgramMark { ProgramMark(compiler: compiler.mark, links: links.count) }

    private mutating func takeProgramTail(from mark: ProgramMark) -> ProgramTail {
        let tail = ProgramTail(compiler: compiler.takeTail(from: mark.compiler), links: Array(links[mark.links...]))
        links.removeSubrange(mark.links...)
        return tail
    }

    private mutating func appendProgramTail(_ tail: ProgramTail, nextLocalSymbol: Int32) {
        compiler.appendTail(tail.compiler, nextLocalSymbol: nextLocalSymbol)
        links.append(contentsOf: tail.links)
    }

    /// Every cached value is stale after bindings were restored behind the epochs' back.
    private mutating func invalidateCaches() {
        outdateCachedValues()
        suggestions.removeAll()
        reportedNodes.removeAll(keepingCapacity: true)
    }

    /// Every value cached in a node is stale: bindings changed behind the epochs' back.
    mutating func outdateCachedValues() {
        epoch += 1
        for bucket in bucketEpochs.indices { bucketEpochs[bucket] = epoch }
    }

    /// Called before an operation overwrites or removes the entries from `index` up.
    @inline(__always)
    mutating func willModify(from index: Int) {
        if index < stackFloor { lowerFloor(to: index) }
    }

    private mutating func lowerFloor(to index: Int) {
        for i in stride(from: stackFloor - 1, through: index, by: -1) { journal!.savedEntries.append(stack[i]) }
        stackFloor = index
    }
}
