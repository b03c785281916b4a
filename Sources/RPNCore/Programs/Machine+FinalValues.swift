/// The final evaluation's values, kept across an incremental run (`Machine+Convergence`).
///
/// After a run, every stack entry is evaluated with the variables as the run left them (the
/// final evaluation: values for hovers and hints, errors for the diagnostics). A run that
/// converges ends with exactly the variables the previous run ended with, so each entry that
/// is the same node as before (below the edit's reach) or a node taken over with the rest has
/// the same final value: the run puts it back instead of evaluating the tree again (the calls
/// of words in it run their bodies). Not an entry whose evaluation reported something, nor,
/// unless no node was reported between the checkpoint and the place of convergence (by either
/// run) nor by the final evaluation, an entry without value: a node below it may still have
/// something to report (a free variable shared with an entry that reported it, or reported
/// before by the part of the run that the new one ran differently), and a fresh evaluation
/// would report it where it is now. An entry with a value has no failure below it.
extension Machine {
    /// What the previous run's final evaluation left: the caches' clock while it and the
    /// requests after it ran (a value cached then, or put back by the run, is one with the
    /// final variables; an entry's value cached earlier and still fresh is not put back), and
    /// the entries whose evaluation reported something.
    struct FinalEvaluation {
        let epochs: ClosedRange<UInt32>
        let reported: Set<Int32>
    }

    /// The final evaluation since the run's end, if there was one (`rewind(to:keepingFor:)`
    /// keeps it with the previous run; the store after the run's end is kept with it).
    var finalEvaluation: FinalEvaluation? {
        guard finalEvaluationDone, let end = runEnd, end.epoch < epoch else { return nil }
        return FinalEvaluation(epochs: (end.epoch + 1)...epoch,
                               reported: Set(entriesThatReported.compactMap { StackSlot.node(stack[$0]) }))
    }

    /// Puts back the final value `value` (cached at `cachedAt`, a slot in the previous run's
    /// store) in `node`, this run's index of the entry's node, if it can be. Called once the
    /// caches' clock is where the run ends: the value holds from then on, and is stamped with
    /// the clock of the final evaluation that follows (the run moves it on by one at its end),
    /// as if that had cached it, so that the next incremental run can put it back again.
    @inline(__always) @discardableResult
    mutating func putBackFinalValue(_ value: Double, cachedAt: UInt32, as node: Int32, of old: Int32,
                                    _ final: FinalEvaluation, evenNone: Bool, moved: (Double) -> Double) -> Bool {
        guard final.epochs.contains(cachedAt), evenNone || !StackSlot.isNone(value), !final.reported.contains(old) else {
            return false
        }
        nodes[Int(node)].value = moved(value)
        nodes[Int(node)].cacheEpoch = epoch + 1
        return true
    }
}
