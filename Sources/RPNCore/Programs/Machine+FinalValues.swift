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
    /// A stack entry's final value as the previous run had it (a plain value, so that an
    /// array of one per entry costs no reference counting).
    struct FinalValue {
        /// The entry's node; -1: no value to put back.
        var node: Int32 = -1
        /// The value's slot, in the previous run's store.
        var slot: Double = 0
        /// When the slot is a value the final evaluation stored (the store after the run's end
        /// is not kept): its index in `FinalValues.stored`.
        var stored: Int32 = -1
    }

    /// The previous run's final values, by stack position.
    struct FinalValues {
        var entries: [FinalValue] = []
        var stored: [Number] = []
    }

    /// The final values of the stack's entries that can be put back after a converging run:
    /// nodes whose value is known with the variables as they are now and whose evaluation
    /// reported nothing. Not an entry without value: a node below it may still have something
    /// to report (a free variable shared with an entry that reported it, or reported before
    /// by a part of the run that the new one runs differently), and a fresh evaluation would.
    /// Empty when the run ended without a final evaluation.
    func finalValues(storedFrom end: ValueStore.Mark) -> FinalValues {
        guard finalEvaluationDone else { return FinalValues() }
        var values = FinalValues()
        values.entries = [FinalValue](repeating: FinalValue(), count: stack.count)
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
            values.entries[i] = FinalValue(node: node, slot: slot, stored: -1)
            if storedAfterEnd, let value = number(slot) {
                values.entries[i].stored = Int32(values.stored.count)
                values.stored.append(value)
            }
        }
        return values
    }

    /// Puts back a final value of the previous run in `node` (this run's index of its node);
    /// `moved` maps the previous run's slots to this one's store. Called once the caches'
    /// clock is where the run ends: the value holds from then on.
    mutating func putBackFinalValue(_ value: FinalValue, of values: FinalValues, as node: Int32, moved: (Double) -> Double) {
        let slot = value.stored >= 0 ? store.store(values.stored[Int(value.stored)]) : moved(value.slot)
        nodes[Int(node)].value = slot
        nodes[Int(node)].cacheEpoch = epoch
    }
}
