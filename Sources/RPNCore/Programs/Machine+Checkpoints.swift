/// Checkpoints of a run, for incremental analysis (the language server): the machine's state
/// at top-level line starts, kept as marks of its append-only arrays plus, for the segment
/// between one checkpoint and the next, what that segment overwrote (the stack entries below
/// where it began, the bindings and word names it changed). Going back to a checkpoint costs
/// what the segments after it touched, never the size of the document; re-running from there
/// gives the state a run from the start would have (the differential tests say so).
///
/// A checkpoint is taken only where nothing reaches across it: no definition or block is being
/// gathered, no `unset` waits for its name, and no word compiled before it calls one defined
/// after it (such a call is patched in place when the run reaches its definition).
extension Machine {
    public struct Checkpoint: Sendable {
        /// The byte offset of the line start, in the source's address space.
        public let offset: Int
        /// The observed tokens before it (the analysis' token list is cut there).
        public let tokenCount: Int
        /// The stack's depth there.
        let depth: Int
        let nodeCount: Int
        let linkCount: Int
        let storeMark: ValueStore.Mark
        let compilerMark: Compiler.Mark
        let log: DiagnosticLog.Mark
        let reportedCount: Int
        let reportedCalls: Set<CallDiagnosticKey>
        let suggestions: [Int32: (suggestion: String?, names: Int)]
        let steps: Int
        let stepsBeforeLine: Int
        let stepLimitReached: Bool
        let ownNameComparisonsLeft: Int
        let storeCompactionThreshold: Int
        /// The options the run had there (the document's settings, at the first).
        public let options: EvaluationOptions
        let lastX: Double
        let variableCount: Int
        let boundChanges: Int
        /// The caches' clock there (`Machine.epoch`).
        let epoch: UInt32
        /// Filled when the segment after the checkpoint ends: the entries it replaced below
        /// `floor`, and the bindings and word names it changed, as they were here.
        public internal(set) var floor = 0
        public internal(set) var entriesBefore: [Double] = []
        var bindingsBefore: [(Int32, Variables.Binding)] = []
        var wordNamesBefore: [(Int32, Int32)] = []
        /// Whether the segment ran `depth`, and how much its blocks' checks had to spare
        /// (`Compiler.blockSlack`): a stack of another depth runs it the same only if not,
        /// and within that.
        var readsDepth = false
        var blockSlack = Int.max
    }

    /// Checkpoints are taken at least this many bytes apart (`checkpointSpacing`): going back
    /// costs at most one segment re-run before the edit, and each checkpoint about 200 bytes.
    public static let defaultCheckpointSpacing = 2048

    /// Whether a checkpoint may be taken now, between two top-level tokens.
    var canTakeCheckpoint: Bool {
        compiler.gathering == nil && !compiler.hasPending && compiler.forwardCalls.isEmpty
    }

    /// Closes the segment in progress into the last checkpoint and opens a new one at `offset`.
    mutating func takeCheckpoint(at offset: Int, tokenCount: Int) {
        closeSegment()
        checkpoints.append(checkpoint(at: offset, tokenCount: tokenCount))
        storeFloor = store.mark
        beginChange()
        recordingSegment = true
        depthRead = false
        compiler.blockSlack = .max
    }

    /// The state now, as a checkpoint at `offset` (nothing recorded after it yet).
    func checkpoint(at offset: Int, tokenCount: Int) -> Checkpoint {
        Checkpoint(
            offset: offset, tokenCount: tokenCount, depth: stack.count, nodeCount: nodes.count, linkCount: links.count,
            storeMark: store.mark, compilerMark: compiler.mark, log: log.mark, reportedCount: reportLog.count,
            reportedCalls: reportedCallDiagnostics, suggestions: suggestions, steps: steps, stepsBeforeLine: stepsBeforeLine, stepLimitReached: stepLimitReached,
            ownNameComparisonsLeft: ownNameComparisonsLeft, storeCompactionThreshold: storeCompactionThreshold,
            options: options, lastX: lastX, variableCount: variables.names.count, boundChanges: variables.boundChanges,
            epoch: epoch)
    }

    /// Ends the segment in progress (at a checkpoint or the end of the source): what it
    /// overwrote goes into the last checkpoint.
    mutating func closeSegment() {
        guard recordingSegment else { return }
        recordingSegment = false
        let closed = closeJournal()
        let last = checkpoints.count - 1
        checkpoints[last].floor = closed.floor
        checkpoints[last].entriesBefore = closed.entriesBefore
        checkpoints[last].bindingsBefore = closed.journal.oldBindings.map { ($0.key, $0.value) }
        checkpoints[last].wordNamesBefore = closed.oldWordNames.map { ($0.key, $0.value) }
        checkpoints[last].readsDepth = depthRead
        checkpoints[last].blockSlack = compiler.blockSlack
    }

    /// Takes the machine back to `checkpoints[index]`, as a run from the start would have left
    /// it there, and drops the checkpoints after it; `run(_:resumingAt:observe:)` goes on from
    /// there. The nodes, values and diagnostics made after it are forgotten.
    public mutating func rewind(to index: Int) {
        precondition(journal == nil, "rewinding inside a change")
        for segment in checkpoints[index...].reversed() {
            putBack(floor: segment.floor, entries: segment.entriesBefore, bindings: segment.bindingsBefore,
                    wordNames: segment.wordNamesBefore)
        }
        let point = checkpoints[index]
        checkpoints.removeSubrange((index + 1)...)
        nodes.removeSubrange(point.nodeCount...)
        links.removeSubrange(point.linkCount...)
        store.truncate(to: point.storeMark)
        storeFloor = point.storeMark
        compiler.truncate(to: point.compilerMark)
        compiler.forgetPending()
        compiler.forwardCalls = []
        compiler.laterQueries = compiler.laterQueries.filter { $0.value < point.offset }
        variables.truncate(to: point.variableCount)
        variables.restoreBoundChanges(point.boundChanges)
        log.rewind(to: point.log)
        for node in reportLog[point.reportedCount...] { reportedNodes.remove(node) }
        reportLog.removeSubrange(point.reportedCount...)
        reportedCallDiagnostics = point.reportedCalls
        suggestions = point.suggestions
        steps = point.steps
        stepsBeforeLine = point.stepsBeforeLine
        stepLimitReached = point.stepLimitReached
        ownNameComparisonsLeft = point.ownNameComparisonsLeft
        storeCompactionThreshold = point.storeCompactionThreshold
        options = point.options
        lastX = point.lastX
        outdateCachedValues()  // the nodes kept cached values with later bindings
        runEnd = nil
        finalEvaluationDone = false
        entriesLeftToEvaluate = nil
        dropPreviousRun()
        convergence = nil
        // The segment after the checkpoint is recorded again as the run goes on.
        beginChange()
        recordingSegment = true
        depthRead = false
        compiler.blockSlack = .max
    }

    /// The first offset at which a body asked whether `name` is defined further on (nil:
    /// never): text defining or removing that word changes how that body compiled.
    public func firstLaterQuery(of name: String) -> Int? { compiler.laterQueries[name] }

    /// The first offset at which a body asked whether any name is defined further on.
    public func firstLaterQuery() -> Int? { compiler.laterQueries.values.min() }
}
