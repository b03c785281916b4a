/// A problem found in a program, pointing at the source bytes it concerns.
public struct Diagnostic: Sendable, Equatable {
    public enum Severity: String, Sendable, Comparable {
        case error, warning, note

        private var rank: Int { self == .error ? 2 : self == .warning ? 1 : 0 }
        public static func < (a: Self, b: Self) -> Bool { a.rank < b.rank }
    }

    public var severity: Severity
    public var code: DiagnosticCode
    public var message: String
    /// Byte offsets in the `SourceSet`'s address space (see `SourceSet`).
    public var range: Range<Int>
    /// A replacement for the text at `range` that would fix the problem (did-you-mean).
    public var replacement: String?
    /// Other places that explain this one, innermost first: the calls that led to an error in
    /// a word's body, the read that a store changes. Front ends show each as a note at its
    /// place (LSP: `relatedInformation`).
    public var related: [Related] = []

    /// A place that explains a diagnostic: `'r' was read here`, `in f, called here`.
    public struct Related: Sendable, Equatable, Hashable {
        public var message: String
        /// Byte offsets in the `SourceSet`'s address space.
        public var range: Range<Int>
        public init(_ message: String, range: Range<Int>) { self.message = message; self.range = range }
    }

    /// A failure explained in words, where no source range applies.
    public struct Message: Error, Equatable, Sendable {
        public var text: String
        public init(_ text: String) { self.text = text }
    }

    /// The range of a diagnostic about no place in a program (a description cut short): no
    /// source contains it, so it is shown as `rpn: warning: ...` and has no position in JSON.
    public static let nowhere = -1 ..< -1

    public init(_ severity: Severity, _ code: DiagnosticCode, _ message: String,
                range: Range<Int>, replacement: String? = nil, related: [Related] = []) {
        self.severity = severity
        self.code = code
        self.message = message
        self.range = range
        self.replacement = replacement
        self.related = related
    }
}

/// Stable codes: tools and editors may match on them, so never rename one.
public enum DiagnosticCode: String, Sendable, CaseIterable {
    case unknownToken = "unknown-token"
    case invalidNumber = "invalid-number"
    case invalidUTF8 = "invalid-utf8"
    case nulByte = "nul-byte"
    case storeNeedsName = "store-needs-name"
    case storeIntoBuiltin = "store-into-builtin"
    case unsetNeedsName = "unset-needs-name"
    /// `digits` without a decimal whole number right after it.
    case digitsNeedsNumber = "digits-needs-number"
    /// `digits N` with N outside 1 ... 10^6.
    case digitsOutOfRange = "digits-out-of-range"
    case missingOperand = "missing-operand"
    case unsetVariable = "unset-variable"
    case divisionByZero = "division-by-zero"
    case sqrtOfNegative = "sqrt-of-negative"
    case logOfNonPositive = "log-of-non-positive"
    case outOfDomain = "out-of-domain"
    case notFinite = "not-finite"
    case tooManyDiagnostics = "too-many-diagnostics"
    case descriptionTruncated = "description-truncated"
    case numberTooLarge = "number-too-large"
    case notInteger = "not-integer"
    /// A word that needs real values got a complex one (`<`, `floor`, `mod`…).
    case notReal = "not-real"
    // Statistics of lists (issue 19).
    /// A statistic of an empty list (`mean` of `{}`).
    case emptyList = "empty-list"
    /// A statistic of too few values (a sample variance of one value).
    case tooFewValues = "too-few-values"
    /// Paired statistics (`cov`, `corr`, `linreg`) of lists of different lengths.
    case lengthMismatch = "length-mismatch"
    // Programs (issue 10): limits of running, and the static checks of definitions and blocks.
    case stepLimit = "step-limit"
    case recursionLimit = "recursion-limit"
    /// A stack deeper than `EvaluationOptions.maxStackDepth`: a loop that changes the depth
    /// pushing without end (issue 19).
    case stackLimit = "stack-limit"
    case unbalancedBranches = "unbalanced-branches"
    case unbalancedLoop = "unbalanced-loop"
    case stackEffectMismatch = "stack-effect-mismatch"
    case loopBoundUnknown = "loop-bound-unknown"
    case redefinedWord = "redefined-word"
    case nestedDefinition = "nested-definition"
    case unmatchedKeyword = "unmatched-keyword"
    case recursionNeedsEffect = "recursion-needs-effect"
    case unknownStackEffect = "unknown-stack-effect"
    case invalidDefinition = "invalid-definition"
    case storeIntoWord = "store-into-word"
    case storeInUndecidedBranch = "store-in-undecided-branch"
    /// A store into a variable that a result still on the stack read (issue 20): values are
    /// symbolic until evaluated, so the store changes that result too (a warning).
    case storeChangesResult = "store-changes-result"
    /// A call of a word defined further on, run before that definition was.
    case undefinedWord = "undefined-word"
    // Issue 17: `include "FILE"`.
    /// An include with no quoted file name after it (or an empty one, or one never closed).
    case includeNeedsPath = "include-needs-path"
    /// A file that cannot be included: missing, unreadable, not a regular file, too big.
    case includeFailed = "include-failed"
    /// A file that includes itself, directly or through others.
    case includeCycle = "include-cycle"
    /// Includes nested deeper than `IncludeResolver.depthLimit`.
    case includeTooDeep = "include-too-deep"
    /// An include inside a definition or a block: files are included at the top level only.
    case includeNotAtTopLevel = "include-not-at-top-level"
    // Issue 19: lists and quotations.
    /// A value of the wrong kind for the word: a number where a list or quotation is needed
    /// (`3 size`), a quotation where a number is (`[ 1 ] 2 +`).
    case wrongKind = "wrong-kind"
    /// A position outside a list (`{ 5 6 } 3 get`).
    case indexOutOfRange = "index-out-of-range"
    /// A list longer than the words make (`seq` of more than 10^7 integers).
    case listTooLong = "list-too-long"
    /// What is inside `{ }` takes entries from below it, or its count is not known.
    case invalidList = "invalid-list"
    /// A quotation whose effect is not the one the word needs (`map` needs `( x -- y )`).
    case quotationEffect = "quotation-effect"
    // Issue 19: analysis over a free variable
    /// `solve`'s f has the same sign at both ends of the bracket.
    case noSignChange = "no-sign-change"
    /// `∂` (or `taylor`) met a word with no derivative (floor, mod…).
    case notDifferentiable = "not-differentiable"
    /// `integrate` could not meet its error bound.
    case didNotConverge = "did-not-converge"
    /// The operand naming the variable of `solve`, `integrate`, `∂` or `taylor` is not a bare variable.
    case needsVariable = "needs-variable"
}
