/// The final evaluation's values, kept across an incremental run (`Machine+Convergence`).
///
/// After a run, every stack entry is evaluated with the variables as the run left them (the
/// final evaluation: values for hovers and hints, errors for the diagnostics). A run that
/// converges ends with exactly the variables the previous run ended with, so each entry that
/// is the same node as before (below the edit's reach) or a node taken over with the rest has
/// the same final value: the run puts it back instead of evaluating the trees again (the
/// calls of words in them run their bodies). An entry whose evaluation reported something is
/// evaluated again, so that the new final evaluation reports it where it is now.
extension Machine {
    /// A stack entry's final value as the previous run had it.
    struct FinalValue {
        let node: Int32
        /// The value's slot, in the previous run's store.
        let slot: Double
        /// The value when the slot is a value the final evaluation stored (the store after the
        /// run's end is not kept).
        let stored: Number?
    }

    /// The final values of the stack's entries that can be put back after a converging run:
    /// nodes whose value is known with the variables as they are now and whose evaluation
    /// reported nothing. Not an entry without value: a node below it may still have something
    /// to report (a free variable shared with an entry that reported it, or reported before
    /// by a part of the run that the new one runs differently), and a fresh evaluation would.
    /// Empty when the run ended without a final evaluation.
    func finalValues(storedFrom end: ValueStore.Mark) -> [FinalValue?] {
        guard finalEvaluationDone else { return [] }
        var values = [FinalValue?](repeating: nil, count: stack.count)
        var reported = entriesThatReported.makeIterator(), nextReported = reported.next()  // in stack order
        for i in stack.indices {
            if i == nextReported {
                nextReported = reported.next()
                continue
            }
            guard let node = StackSlot.node(stack[i]), isFresh(node) else { continue }
            let slot = nodes[Int(node)].value
            guard !StackSlot.isNone(slot) else { continue }
            let storedAfterEnd = StackSlot.boxIndex(slot).map { $0 >= end.boxes }
                ?? StackSlot.fractionIndex(slot).map { $0 >= end.fractions } ?? false
            values[i] = FinalValue(node: node, slot: slot, stored: storedAfterEnd ? number(slot) : nil)
        }
        return values
    }

    /// Puts back a final value of the previous run in `node` (this run's index of its node);
    /// `moved` maps the previous run's slots to this one's store. Called once the caches'
    /// clock is where the run ends: the value holds from then on.
    mutating func putBackFinalValue(_ value: FinalValue, as node: Int32, moved: (Double) -> Double) {
        let slot = value.stored.map { store.store($0) } ?? moved(value.slot)
        nodes[Int(node)].value = slot
        nodes[Int(node)].cacheEpoch = epoch
    }
}
