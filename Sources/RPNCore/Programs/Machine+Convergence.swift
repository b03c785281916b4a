/// Convergence, for incremental analysis: after an edit the machine goes back to the checkpoint
/// before it (`Machine+Checkpoints`) and runs the new text from there, but the previous run's
/// state after that checkpoint is put aside (`PreviousRun`), not dropped. At each line start
/// after the edit that was a checkpoint of the previous run, the run compares its state with
/// that checkpoint's. When nothing that the rest of the text can see differs, the rest is not
/// run again: the previous run's nodes, values, words, symbols, diagnostics and checkpoints
/// after that point are appended, their indices and byte offsets moved by how much the new
/// text's made them move. The machine is then as a run of the whole new text leaves it (the
/// differential tests compare the two).
///
/// "What the rest can see" is the stack from the lowest entry the rest of the previous run
/// touched or read (entries below it are carried, and may differ: the stack may even be
/// deeper or shallower, when the rest never looks at the depth), the variables and word names
/// either run changed, the words defined, the options, lastx, and the bookkeeping that shapes
/// messages (steps, did-you-mean's budget and cache, diagnostics reported once).
extension Machine {
    /// Where the text changed: `start..<oldEnd` of the previous text became `start..<newEnd`.
    public struct TextChange: Sendable {
        public let start: Int, oldEnd: Int, newEnd: Int

        public init(start: Int, oldEnd: Int, newEnd: Int) {
            self.start = start
            self.oldEnd = oldEnd
            self.newEnd = newEnd
        }

        public var delta: Int { newEnd - oldEnd }

        /// Where a byte offset of the previous text is in the new one (nil: inside the change).
        public func map(_ offset: Int) -> Int? {
            offset < start ? offset : offset >= oldEnd ? offset + delta : nil
        }
    }

    /// The previous run put aside no more, its nodes' and links' storage kept for the next.
    mutating func dropPreviousRun() {
        guard let previous = previousRun else { return }
        previousRun = nil
        (spareNodes, spareLinks) = (previous.nodes, previous.links)
    }

    /// The previous run after the checkpoint the machine went back to.
    struct PreviousRun {
        let change: TextChange
        /// The checkpoint gone back to, as the previous run had it.
        let from: Checkpoint
        /// Its checkpoints after `from`, and where it ended (before the final evaluation).
        var checkpoints: [Checkpoint]
        let end: Checkpoint
        /// The lowest entry the segments from each checkpoint on touched (`checkpoints`'
        /// indices).
        var lowWater: [Int]
        /// From each checkpoint on: whether a segment runs `depth`, and the least block slack.
        var readsDepthAfter: [Bool]
        var blockSlackAfter: [Int]
        /// The checkpoints (indices) whose segment changed each variable, and each word name.
        var bindingChanges: [Int32: [Int]]
        var wordNameChanges: [Int32: [Int]]
        /// The first of `diagnostics` from which on all have a place in the new text.
        var placedFrom: Int
        /// Its arrays from `from`'s marks to `end`'s.
        let nodes: [Node]
        let links: [Int32]
        let store: ValueStore
        let words: [WordDefinition]
        let symbols: [SymbolOccurrence]
        let diagnostics: [Diagnostic]
        let reported: [Int32]
        /// Its stack at the end, from `stackBase` up; below it nothing after `from` touched.
        let stack: [Double]
        let stackBase: Int
        let variables: Variables
        let wordOfVariable: [Int32]
        let laterQueries: [String: Int]
        /// The caches' clock where it ended.
        let epoch: UInt32
        let bucketEpochs: [UInt32]
        /// Its final evaluation (`Machine+FinalValues`).
        let finalEvaluation: FinalEvaluation?
        /// The next checkpoint to compare with.
        var next = 0
    }

    /// After a run that converged: how the previous run's token-indexed answers move.
    public struct Convergence: Sendable {
        /// The previous run's observed tokens from this index on are appended.
        public let previousTokenIndex: Int
        public let change: TextChange
        let fromNodeCount: Int, oldNodeCount: Int, nodeShift: Int
        let regionNodes: [Int32: Int32]

        /// Where a node of the previous run is now (nil: it was not kept).
        public func node(_ old: Int32) -> Int32? {
            if old < 0 || Int(old) < fromNodeCount { return old }
            if Int(old) >= oldNodeCount { return old + Int32(nodeShift) }
            return regionNodes[old]
        }
    }

    // MARK: - Putting the previous run aside

    /// `rewind(to:)`, keeping what the previous run did after the checkpoint so that the run
    /// that follows can take it back where it converges. `change` says how the text changed.
    public mutating func rewind(to index: Int, keepingFor change: TextChange) {
        let point = checkpoints[index]
        guard let end = runEnd, index < checkpoints.count else { rewind(to: index); return }
        var lowWater = [Int](repeating: 0, count: checkpoints.count - index)
        var low = end.depth
        for k in stride(from: checkpoints.count - 1, through: index, by: -1) {
            low = Swift.min(low, checkpoints[k].floor)
            lowWater[k - index] = low
        }
        let stackBase = Swift.min(lowWater[0], stack.count)
        let after = Array(checkpoints[(index + 1)...])
        var readsDepthAfter = [Bool](repeating: false, count: after.count)
        var blockSlackAfter = [Int](repeating: .max, count: after.count)
        var reads = false, slack = Int.max
        var bindingChanges: [Int32: [Int]] = [:], wordNameChanges: [Int32: [Int]] = [:]
        for k in after.indices.reversed() {
            reads = reads || after[k].readsDepth
            slack = Swift.min(slack, after[k].blockSlack)
            readsDepthAfter[k] = reads
            blockSlackAfter[k] = slack
        }
        for k in after.indices {
            for (variable, _) in after[k].bindingsBefore { bindingChanges[variable, default: []].append(k) }
            for (name, _) in after[k].wordNamesBefore { wordNameChanges[name, default: []].append(k) }
        }
        let diagnostics = log.diagnostics(from: point.log, to: end.log)
        var restNodes = spareNodes, restLinks = spareLinks
        (spareNodes, spareLinks) = ([], [])
        restNodes.removeAll(keepingCapacity: true)
        restNodes.append(contentsOf: nodes[point.nodeCount..<end.nodeCount])
        restLinks.removeAll(keepingCapacity: true)
        restLinks.append(contentsOf: links[point.linkCount..<end.linkCount])
        let placedFrom = (diagnostics.lastIndex { !$0.isPlaced(after: change) } ?? -1) + 1
        let previous = PreviousRun(
            change: change, from: point, checkpoints: after, end: end,
            lowWater: Array(lowWater.dropFirst()), readsDepthAfter: readsDepthAfter, blockSlackAfter: blockSlackAfter,
            bindingChanges: bindingChanges, wordNameChanges: wordNameChanges, placedFrom: placedFrom,
            nodes: restNodes, links: restLinks,
            store: store.values(from: point.storeMark, to: store.mark),  // the final evaluation's too
            words: Array(compiler.words[point.compilerMark.words...]),
            symbols: Array(compiler.symbols[point.compilerMark.symbols..<end.compilerMark.symbols]),
            diagnostics: diagnostics,
            reported: Array(reportLog[point.reportedCount..<end.reportedCount]),
            stack: Array(stack[stackBase...]), stackBase: stackBase, variables: variables,
            wordOfVariable: compiler.wordOfVariable, laterQueries: compiler.laterQueries, epoch: epoch,
            bucketEpochs: bucketEpochs, finalEvaluation: finalEvaluation)
        let scan = compiler.finishedScan
        rewind(to: index)
        previousRun = previous
        // The definitions the previous run noted past the edit are taken over where the new
        // scan comes to the same place (`DefinitionScan`).
        compiler.previousScan = scan.map { ($0, change) }
    }

    // MARK: - Comparing

    /// At a line start of the run in progress: when the previous run had a checkpoint at the
    /// same place of the text (after the change) and nothing the rest can see differs, takes
    /// the rest of the previous run and returns true (the run stops here). Otherwise, when
    /// the previous run had a checkpoint here, takes one too (the next place to compare).
    mutating func convergeOrMark(at offset: Int, tokenCount: Int) -> Bool {
        guard var previous = previousRun else { return false }
        defer { if previousRun != nil { previousRun = previous } }
        let change = previous.change
        guard offset >= change.newEnd else { return false }
        while previous.next < previous.checkpoints.count,
              change.map(previous.checkpoints[previous.next].offset).map({ $0 < offset }) ?? true {
            previous.next += 1
        }
        guard previous.next < previous.checkpoints.count,
              change.map(previous.checkpoints[previous.next].offset) == offset else { return false }
        let k = previous.next
        previous.next += 1
        if let regionNodes = matches(previous, at: k) {
            previousRun = nil
            attach(previous, at: k, tokenCount: tokenCount, regionNodes: regionNodes)
            (spareNodes, spareLinks) = (previous.nodes, previous.links)  // unique once this returns
            return true
        }
        takeCheckpoint(at: offset, tokenCount: tokenCount)
        return false
    }

    /// Whether the state now is the previous run's at its checkpoint `k`, as far as the rest
    /// can see; then how the previous run's region nodes (made between `from` and `k`) that
    /// the rest refers to map to this run's.
    private func matches(_ previous: PreviousRun, at k: Int) -> [Int32: Int32]? {
        let old = previous.checkpoints[k], from = previous.from, change = previous.change
        // Names, words and their names.
        guard variables.names.count == old.variableCount, compiler.words.count == old.compilerMark.words,
              variables.boundChanges == old.boundChanges, options == old.options else { return nil }
        for i in from.variableCount..<variables.names.count where variables.names[i] != previous.variables.names[i] {
            return nil
        }
        for i in from.compilerMark.words..<compiler.words.count
        where !compiler.words[i].isSame(as: previous.words[i - from.compilerMark.words], change: change) {
            return nil
        }
        // Bindings and word names either run changed since `from`.
        let segments = checkpoints.reversed().prefix { $0.offset >= from.offset }
        let oldSegments = [from] + previous.checkpoints[..<k]
        var variablesTouched = Set<Int32>(), namesTouched = Set<Int32>()
        for segment in Array(segments) + oldSegments {
            for (variable, _) in segment.bindingsBefore { variablesTouched.insert(variable) }
            for (name, _) in segment.wordNamesBefore { namesTouched.insert(name) }
        }
        if let journal { for variable in journal.oldBindings.keys { variablesTouched.insert(variable) } }
        for name in (compiler.oldWordNames ?? [:]).keys { namesTouched.insert(name) }
        for variable in Int32(from.variableCount)..<Int32(variables.names.count) { variablesTouched.insert(variable) }
        for variable in variablesTouched where variables.bindings[Int(variable)] != previous.binding(of: variable, at: k) {
            return nil
        }
        for name in namesTouched where compiler.word(ofVariable: name) != previous.wordName(of: name, at: k) { return nil }
        // The bookkeeping that shapes what the rest reports.
        let end = previous.end
        // The step budget runs out at the same place, or not before the end, or it ran out
        // before here in both runs (the rest is then only checked, not run). With a budget per
        // line, each line of the rest gets the same as long as neither run spends the budget
        // of all lines (a budget that ran out here is then one of all lines).
        let sameSteps = steps == old.steps && stepLimitReached == old.stepLimitReached && stepsBeforeLine == old.stepsBeforeLine
        let enoughSteps: Bool
        if let inAll = options.maxStepsInAll {
            let endInAll = end.stepsBeforeLine + end.steps
            enoughSteps = steps == old.steps && stepLimitReached == old.stepLimitReached
                && endInAll <= inAll && endInAll + (stepsBeforeLine - old.stepsBeforeLine) <= inAll
        } else {
            enoughSteps = !stepLimitReached && !old.stepLimitReached && !end.stepLimitReached
                && steps + (end.steps - old.steps) <= options.maxSteps
        }
        guard sameSteps || enoughSteps || stepLimitReached && old.stepLimitReached,
              ownNameComparisonsLeft == old.ownNameComparisonsLeft, sameSuggestions(old.suggestions),
              log.suppressed == 0, end.log.suppressed == 0,
              log.keptErrorCount + (end.log.keptErrors - old.log.keptErrors) <= log.limit,
              log.keptOtherCount + (end.log.keptOthers - old.log.keptOthers) <= log.limit else { return nil }
        // The rest's diagnostics must all have a place in the new text.
        guard old.log.kept - from.log.kept >= previous.placedFrom else { return nil }
        // One diagnostic per cause (issue 20): the rest's reports were kept or dropped against
        // the causes the previous run had found; they are the same only when neither run
        // found a cause again, and the rest brings no cause this run already has.
        guard log.repeatedCount == 0, end.log.repeated == 0,
              !previous.diagnostics[(old.log.kept - from.log.kept)...].contains(where: { log.hasCause(of: $0.moved(by: change)) })
        else { return nil }
        let oldCalls = Set(old.reportedCalls.compactMap { $0.moved(by: change) })
        guard oldCalls.count == old.reportedCalls.count, oldCalls == reportedCallDiagnostics else { return nil }
        // The stack from the lowest entry the rest touched; lastx.
        let delta = stack.count - old.depth
        let low = previous.lowWater[k]
        guard low + delta >= 0, delta == 0 || low > 0 && previous.restIsDepthBlind(from: k, delta: delta) else { return nil }
        var comparer = TreeComparer(machine: self, previous: previous)
        let oldEntries = previous.entries(at: k, from: low)
        for (i, entry) in oldEntries.enumerated() {
            guard comparer.same(entry, stack[low + delta + i]) else { return nil }
        }
        guard comparer.same(old.lastX, lastX) else { return nil }
        // The entries below that the rest's tokens may still show on top (`drop` shows the one
        // below), and that later reads of lastx may bring back, are this run's.
        let regionLow = ([from] + previous.checkpoints[..<k]).map(\.floor).min() ?? low
        if regionLow < low {
            for p in regionLow..<low where p + delta >= 0 && p - previous.stackBase >= 0 {
                if let oldNode = StackSlot.node(previous.stack[p - previous.stackBase]), Int(oldNode) >= from.nodeCount,
                   Int(oldNode) < old.nodeCount {
                    guard let newNode = StackSlot.node(stack[p + delta]) else { return nil }
                    if let known = comparer.map[oldNode], known != newNode { return nil }
                    comparer.map[oldNode] = newNode
                }
            }
        }
        // Nodes reported once: the same ones, on both sides.
        let oldReported = Set(previous.reported[..<(old.reportedCount - from.reportedCount)])
        for (oldNode, newNode) in comparer.map where oldReported.contains(oldNode) != reportedNodes.contains(newNode) {
            return nil
        }
        return comparer.map
    }

    private func sameSuggestions(_ other: [Int32: (suggestion: String?, names: Int)]) -> Bool {
        guard suggestions.count == other.count else { return false }
        for (key, value) in suggestions {
            guard let that = other[key], that.suggestion == value.suggestion, that.names == value.names else { return false }
        }
        return true
    }

    // MARK: - Taking the rest

    private mutating func attach(_ previous: PreviousRun, at k: Int, tokenCount: Int, regionNodes: [Int32: Int32]) {
        let old = previous.checkpoints[k], from = previous.from, end = previous.end, change = previous.change
        closeSegment()
        let delta = stack.count - old.depth
        let low = previous.lowWater[k]
        let nodeShift = nodes.count - old.nodeCount
        let linkShift = links.count - old.linkCount
        let storeBase = store.mark
        let localShift = compiler.nextLocalSymbol - old.compilerMark.nextLocalSymbol
        let symbolShift = compiler.symbols.count - old.compilerMark.symbols
        let tokenShift = tokenCount - old.tokenCount
        let reportShift = reportLog.count - old.reportedCount
        // No node reported between the checkpoint gone back to and this one, by either run.
        let quietRegion = old.reportedCount == from.reportedCount && reportLog.count == from.reportedCount
        let stepShift = (line: steps - old.steps, before: stepsBeforeLine - old.stepsBeforeLine)
        let logShift = (kept: log.mark.kept - old.log.kept, errors: log.keptErrorCount - old.log.keptErrors,
                        others: log.keptOtherCount - old.log.keptOthers)
        let convergence = Convergence(previousTokenIndex: old.tokenCount, change: change, fromNodeCount: from.nodeCount,
                                      oldNodeCount: old.nodeCount, nodeShift: nodeShift, regionNodes: regionNodes)
        func movedNode(_ node: Int32) -> Int32 { convergence.node(node) ?? node }
        func moved(_ slot: Double) -> Double {
            if let node = StackSlot.node(slot) { return StackSlot.box(movedNode(node)) }
            if let box = StackSlot.boxIndex(slot), box >= from.storeMark.boxes {
                return StackSlot.boxed(box - from.storeMark.boxes + storeBase.boxes)
            }
            if let fraction = StackSlot.fractionIndex(slot), fraction >= from.storeMark.fractions {
                return StackSlot.fraction(fraction - from.storeMark.fractions + storeBase.fractions)
            }
            return slot
        }
        // Values: all of the previous run's after `from` (its region's too, which its rest may
        // share), so that they move by one shift.
        store.append(previous.store)
        // Nodes and the links of calls and selects.
        let firstOld = old.nodeCount - from.nodeCount
        links.append(contentsOf: previous.links[(old.linkCount - from.linkCount)...])
        // The rest's values cached in its nodes stay valid: the caches' clock moves on by how
        // much further this run's is than the previous one's was here, and with it the buckets
        // the rest changed (a bucket changed before here is as this run left it: the same
        // bindings).
        let epochShift = epoch &- old.epoch
        nodes.reserveCapacity(nodes.count + previous.nodes.count - firstOld)
        for node in previous.nodes[firstOld...] {
            var moved = node.moved(child: movedNode, link: { $0 + Int32(linkShift) }, value: moved,
                                   start: { change.map($0) ?? $0 })
            // Values cached after the run (by its final evaluation, by requests) are dropped: a
            // run evaluates those again at its end, and reports what fails there.
            moved.cacheEpoch = moved.cacheEpoch == 0 || moved.cacheEpoch > end.epoch ? 0 : moved.cacheEpoch &+ epochShift
            if node.kind == .call || node.kind == .select || node.kind == .ternary {
                let at = Int(node.lhs) + linkShift
                let operands = node.kind == .call ? (at + 2)..<(at + 2 + Int(links[at + 1])) : at..<(at + 3)
                for i in operands where i < links.count { links[i] = movedNode(links[i]) }
            }
            nodes.append(moved)
        }
        // Words, symbols, word names.
        for word in previous.words[(old.compilerMark.words - from.compilerMark.words)...] {
            compiler.appendWord(word.moved(by: change))
        }
        for symbol in previous.symbols[(old.compilerMark.symbols - from.compilerMark.symbols)...] {
            compiler.addSymbol(symbol.moved(by: change, localShift: localShift))
        }
        compiler.wordOfVariable = previous.wordOfVariable
        compiler.nextLocalSymbol = end.compilerMark.nextLocalSymbol + localShift
        for (name, offset) in previous.laterQueries where compiler.laterQueries[name] == nil {
            compiler.laterQueries[name] = offset >= old.offset ? change.map(offset) ?? offset : old.offset + change.delta
        }
        // Diagnostics, and the nodes reported once.
        let oldDiagnostics = previous.diagnostics[(old.log.kept - from.log.kept)...]
        log.append(oldDiagnostics.map { $0.moved(by: change) },
                   errors: end.log.keptErrors - old.log.keptErrors, others: end.log.keptOthers - old.log.keptOthers)
        for node in previous.reported[(old.reportedCount - from.reportedCount)...] {
            let node = movedNode(node)
            reportLog.append(node)
            reportedNodes.insert(node)
        }
        // The stack: this run's below the lowest entry the rest touched, the rest's above.
        stack.removeSubrange((low + delta)...)
        for slot in previous.stack[(low - previous.stackBase)...] { stack.append(moved(slot)) }
        variables = previous.variables
        lastX = moved(end.lastX)
        options = end.options
        steps = end.steps + stepShift.line
        stepsBeforeLine = end.stepsBeforeLine + stepShift.before
        ownNameComparisonsLeft = end.ownNameComparisonsLeft
        storeCompactionThreshold = end.storeCompactionThreshold
        reportedCallDiagnostics = Set(end.reportedCalls.compactMap { $0.moved(by: change) })
        suggestions = end.suggestions
        // The previous run's checkpoints from `k` on, moved.
        for checkpoint in previous.checkpoints[k...] {
            checkpoints.append(checkpoint.moved(
                change: change, tokenShift: tokenShift, nodeShift: nodeShift, linkShift: linkShift,
                storeShift: (storeBase.boxes - from.storeMark.boxes, storeBase.fractions - from.storeMark.fractions),
                symbolShift: symbolShift, localShift: localShift, logShift: logShift,
                reportShift: reportShift, stepShift: stepShift, depthShift: delta, epochShift: epochShift, slot: moved))
        }
        storeFloor = checkpoints[checkpoints.count - 1].storeMark
        for bucket in bucketEpochs.indices where previous.bucketEpochs[bucket] > old.epoch {
            bucketEpochs[bucket] = previous.bucketEpochs[bucket] &+ epochShift
        }
        epoch = Swift.max(epoch, previous.epoch &+ epochShift)
        // The final values: of the entries below that are the nodes they were, and of the rest's.
        // The final evaluation then evaluates only the entries whose value was not put back.
        if let final = previous.finalEvaluation {
            let evenNone = final.reported.isEmpty && quietRegion
            var left: [Int] = []
            // Nodes before the checkpoint still hold what they cached then, unless this run
            // evaluated them again (a later clock).
            func putBack(_ node: Int32) -> Bool {
                let kept = nodes[Int(node)]
                return putBackFinalValue(kept.value, cachedAt: kept.cacheEpoch, as: node, of: node, final, evenNone: evenNone,
                                         moved: moved)
            }
            let below = Swift.min(previous.stackBase, low + delta)
            for i in 0..<below {
                if let node = StackSlot.node(stack[i]), !putBack(node) { left.append(i) }
            }
            for i in below..<(low + delta) where StackSlot.node(stack[i]) != nil { left.append(i) }  // this run's
            for (i, slot) in previous.stack[(low - previous.stackBase)...].enumerated() {
                guard let node = StackSlot.node(slot) else { continue }
                var putBackHere = false
                if Int(node) < from.nodeCount {
                    putBackHere = putBack(node)
                } else if Int(node) >= old.nodeCount {  // the rest's: as the previous run left it
                    let kept = previous.nodes[Int(node) - from.nodeCount]
                    putBackHere = putBackFinalValue(kept.value, cachedAt: kept.cacheEpoch, as: movedNode(node), of: node, final,
                                                    evenNone: evenNone, moved: moved)
                }
                if !putBackHere { left.append(low + delta + i) }
            }
            entriesLeftToEvaluate = (left, stack.count)
        }
        tokensObserved = end.tokenCount + tokenShift
        self.convergence = convergence
    }
}

extension Machine.PreviousRun {
    /// A variable's binding at checkpoint `k`: as the first segment from there that changed
    /// it found it, else as the run ended.
    func binding(of variable: Int32, at k: Int) -> Variables.Binding {
        if let changed = Self.first(in: bindingChanges[variable], from: k),
           let found = checkpoints[changed].bindingsBefore.first(where: { $0.0 == variable }) {
            return found.1
        }
        return variables.bindings[Int(variable)]
    }

    func wordName(of name: Int32, at k: Int) -> Int32? {
        if let changed = Self.first(in: wordNameChanges[name], from: k),
           let found = checkpoints[changed].wordNamesBefore.first(where: { $0.0 == name }) {
            return found.1 < 0 ? nil : found.1
        }
        let word = Int(name) < wordOfVariable.count ? wordOfVariable[Int(name)] : -1
        return word < 0 ? nil : word
    }

    /// The first of the sorted `indices` at or after `k`.
    private static func first(in indices: [Int]?, from k: Int) -> Int? {
        guard let indices else { return nil }
        let low = indices.partitioningIndex { $0 < k }
        return low < indices.count ? indices[low] : nil
    }

    /// The stack at checkpoint `k` from entry `low` up: each entry as the first segment from
    /// there that replaced it saved it.
    func entries(at k: Int, from low: Int) -> [Double] {
        let depth = checkpoints[k].depth
        guard low < depth else { return [] }
        var result = [Double](repeating: StackSlot.nothing, count: depth - low)
        var unresolved = depth
        for checkpoint in checkpoints[k...] where checkpoint.floor < unresolved {
            for p in Swift.max(checkpoint.floor, low)..<unresolved {
                result[p - low] = checkpoint.entriesBefore[p - checkpoint.floor]
            }
            unresolved = checkpoint.floor
            if unresolved <= low { break }
        }
        for p in low..<unresolved { result[p - low] = stack[p - stackBase] }  // untouched to the end
        return result
    }

    /// Whether the rest from checkpoint `k` runs the same on a stack `delta` entries deeper:
    /// it never asks the depth, and its blocks are checked against depths that stay enough.
    func restIsDepthBlind(from k: Int, delta: Int) -> Bool {
        let slack = blockSlackAfter[k]
        return !readsDepthAfter[k] && (slack == .max || slack >= 0 && slack + delta >= 0)
    }
}

/// Compares a tree of the previous run (its region's nodes in `previous.nodes`) with one of
/// this run, without recursion, and remembers which region node is which.
struct TreeComparer {
    let machine: Machine
    let previous: Machine.PreviousRun
    var map: [Int32: Int32] = [:]

    init(machine: Machine, previous: Machine.PreviousRun) {
        self.machine = machine
        self.previous = previous
    }

    /// Whether two slots mean the same: equal, or the same value, or nodes of equal trees.
    mutating func same(_ old: Double, _ new: Double) -> Bool {
        let from = previous.from
        if let oldNode = StackSlot.node(old) {
            guard let newNode = StackSlot.node(new) else { return false }
            return sameTree(oldNode, newNode)
        }
        if let box = StackSlot.boxIndex(old), box >= from.storeMark.boxes {
            return machine.number(new) == previous.store.number(StackSlot.boxed(box - from.storeMark.boxes))
        }
        if let fraction = StackSlot.fractionIndex(old), fraction >= from.storeMark.fractions {
            return machine.number(new) == previous.store.number(StackSlot.fraction(fraction - from.storeMark.fractions))
        }
        return old.bitPattern == new.bitPattern
    }

    private mutating func sameTree(_ oldRoot: Int32, _ newRoot: Int32) -> Bool {
        var pending = [(oldRoot, newRoot)]
        let from = previous.from, change = previous.change
        while let (old, new) = pending.popLast() {
            if Int(old) < from.nodeCount {
                if old != new { return false }
                continue
            }
            if let known = map[old] {
                if known != new { return false }
                continue
            }
            guard Int(old) - from.nodeCount < previous.nodes.count, Int(new) < machine.nodes.count else { return false }
            let a = previous.nodes[Int(old) - from.nodeCount], b = machine.nodes[Int(new)]
            guard a.kind == b.kind, a.op == b.op, a.dependencies == b.dependencies, a.angleUnit == b.angleUnit,
                  change.map(a.tokenStart) == b.tokenStart, a.tokenRange.count == b.tokenRange.count else { return false }
            if a.isConstant, !same(a.value, b.value) { return false }
            switch a.kind {
            case .unary:
                pending.append((a.lhs, b.lhs))
            case .binary:
                pending.append((a.lhs, b.lhs))
                pending.append((a.rhs, b.rhs))
            case .call, .select, .ternary:
                let oldAt = Int(a.lhs) - from.linkCount, newAt = Int(b.lhs)
                guard oldAt >= 0, oldAt < previous.links.count else { return false }
                let count = a.kind == .call ? 2 + Int(previous.links[oldAt + 1]) : 3
                guard oldAt + count <= previous.links.count, newAt + count <= machine.links.count else { return false }
                if a.kind == .call {
                    guard previous.links[oldAt] == machine.links[newAt], previous.links[oldAt + 1] == machine.links[newAt + 1]
                    else { return false }
                    for i in 2..<count { pending.append((previous.links[oldAt + i], machine.links[newAt + i])) }
                } else {
                    for i in 0..<3 { pending.append((previous.links[oldAt + i], machine.links[newAt + i])) }
                }
            case .variable, .number, .constant, .missing:
                if a.lhs != b.lhs { return false }
            }
            map[old] = new
        }
        return true
    }
}
