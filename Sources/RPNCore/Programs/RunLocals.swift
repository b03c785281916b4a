/// Where a run's locals are (`Machine.runLocals`), while it runs a step that may compact the
/// value store: the run owns them in a `RawStack`, and compaction must move the values they
/// refer to as well. Empty between runs.
struct RunLocals: @unchecked Sendable {
    var base: UnsafeMutablePointer<Double>?
    var count = 0
}
