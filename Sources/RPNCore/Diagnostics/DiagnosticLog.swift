/// The diagnostics of a run, as the compiler and the machine report them: kept up to a limit
/// (errors and other diagnostics counted apart, so a file full of errors still shows its
/// warnings and the fixes they carry), the rest counted and summarised in one note.
///
/// One diagnostic per cause: the same problem at the same place, found again (a word's body
/// failing at each call, a loop's at each pass, `map`'s quotation at each element), is kept
/// once, as first found.
public struct DiagnosticLog: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []
    /// The causes of the diagnostics kept, to know one found again.
    private var causes: Set<Cause> = []
    /// Reports of a cause already kept: not kept again, but counted, so that `count` still
    /// tells a caller that something was reported (`Machine.evaluateStack`, stores).
    private var repeated = 0
    /// The message of the last report not kept because its cause was (for a caller asking
    /// why something has no value, `Machine.valueAt`).
    private(set) var lastRepeatedMessage: String?
    /// Diagnostics beyond `limit`, counted but not kept.
    public private(set) var suppressed = 0
    /// How many of the suppressed diagnostics are errors.
    public private(set) var suppressedErrors = 0
    /// Where the first diagnostic that was not kept points: the list is complete before it.
    public private(set) var firstSuppressedRange: Range<Int>?
    private var keptErrors = 0, keptOthers = 0
    /// Errors kept, and other diagnostics kept, each (`EvaluationOptions.diagnosticLimit`).
    var limit: Int

    init(limit: Int) { self.limit = limit }

    mutating func report(_ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String,
                         _ range: Range<Int>, replacement: String? = nil, related: [Diagnostic.Related] = []) {
        let isError = severity == .error
        guard !causes.contains(Cause(severity, code, message, range)) else {
            repeated += 1
            lastRepeatedMessage = message
            return
        }
        guard (isError ? keptErrors : keptOthers) < limit else {
            if suppressed == 0 { firstSuppressedRange = range }
            suppressed += 1
            if isError { suppressedErrors += 1 }
            return
        }
        if isError { keptErrors += 1 } else { keptOthers += 1 }
        causes.insert(Cause(severity, code, message, range))
        diagnostics.append(Diagnostic(severity, code, message, range: range, replacement: replacement, related: related))
    }

    /// Reports of a cause already kept, since the log began or was emptied.
    var repeatedCount: Int { repeated }

    /// Whether a diagnostic of the same cause is kept.
    func hasCause(of diagnostic: Diagnostic) -> Bool { causes.contains(Cause(diagnostic)) }

    /// Whether `report` would keep this diagnostic: a new cause, below the limit (so that what
    /// only a kept one needs, its call chain, is worked out for it alone).
    func wouldKeep(_ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String, _ range: Range<Int>) -> Bool {
        (severity == .error ? keptErrors : keptOthers) < limit && !causes.contains(Cause(severity, code, message, range))
    }

    /// What makes two diagnostics one: what they say and where.
    private struct Cause: Hashable, Sendable {
        let severity: Diagnostic.Severity, code: DiagnosticCode, message: String, range: Range<Int>
        init(_ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String, _ range: Range<Int>) {
            (self.severity, self.code, self.message, self.range) = (severity, code, message, range)
        }
        init(_ diagnostic: Diagnostic) { self.init(diagnostic.severity, diagnostic.code, diagnostic.message, diagnostic.range) }
    }

    /// Forgets everything, keeping the storage.
    mutating func removeAll() {
        diagnostics.removeAll(keepingCapacity: true)
        causes.removeAll(keepingCapacity: true)
        repeated = 0
        lastRepeatedMessage = nil
        suppressed = 0
        suppressedErrors = 0
        firstSuppressedRange = nil
        keptErrors = 0
        keptOthers = 0
    }

    /// Every report made: kept, beyond the limit, or of a cause already kept.
    var count: Int { diagnostics.count + suppressed + repeated }

    /// The log as it was at a moment, to take it back there (`Machine.rewind`): only
    /// diagnostics are added after it.
    struct Mark: Sendable {
        var kept: Int, suppressed: Int, suppressedErrors: Int, keptErrors: Int, keptOthers: Int
        var repeated = 0
        var firstSuppressedRange: Range<Int>?
    }

    var keptErrorCount: Int { keptErrors }
    var keptOtherCount: Int { keptOthers }

    /// The diagnostics kept between two marks.
    func diagnostics(from start: Mark, to end: Mark) -> [Diagnostic] { Array(diagnostics[start.kept..<end.kept]) }

    /// Appends diagnostics kept by another run (`Machine+Convergence`), of which `errors` are
    /// errors and `others` not; the caller checked that the limit is not reached.
    mutating func append(_ more: [Diagnostic], errors: Int, others: Int) {
        diagnostics.append(contentsOf: more)
        for diagnostic in more { causes.insert(Cause(diagnostic)) }
        keptErrors += errors
        keptOthers += others
    }

    var mark: Mark {
        Mark(kept: diagnostics.count, suppressed: suppressed, suppressedErrors: suppressedErrors, keptErrors: keptErrors,
             keptOthers: keptOthers, repeated: repeated, firstSuppressedRange: firstSuppressedRange)
    }

    mutating func rewind(to mark: Mark) {
        for diagnostic in diagnostics[mark.kept...] { causes.remove(Cause(diagnostic)) }
        diagnostics.removeSubrange(mark.kept...)
        suppressed = mark.suppressed
        suppressedErrors = mark.suppressedErrors
        keptErrors = mark.keptErrors
        keptOthers = mark.keptOthers
        repeated = mark.repeated
        firstSuppressedRange = mark.firstSuppressedRange
    }

    /// The diagnostics plus, when some were dropped, a note saying how many, where the first
    /// dropped one points (the list is complete before it).
    var all: [Diagnostic] {
        guard suppressed > 0, let range = firstSuppressedRange else { return diagnostics }
        let errors = suppressedErrors, others = suppressed - suppressedErrors
        var counts: [String] = []
        if errors > 0 { counts.append("\(errors) more error\(errors == 1 ? "" : "s")") }
        if others > 0 { counts.append("\(others) more warning\(others == 1 ? "" : "s")") }
        return diagnostics + [Diagnostic(.note, .tooManyDiagnostics, counts.joined(separator: " and ") + " not shown",
                                         range: range)]
    }
}
