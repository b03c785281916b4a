/// The statistics of issue 19 as pure functions over arrays of `Number`: the math the list
/// words call. Nothing here knows the stack or the machine.
///
/// One rule throughout, because a calculator that is wrong once is not trusted again: every
/// result is computed on the exact values of its inputs and rounded once, at the end.
///
/// - Exact inputs (integers, rationals; Gaussian rationals for sum, product and mean) give
///   exact results wherever the result is rational: the mean of {1 2 3 4} is 5/2, a variance
///   is always exact. A square root (standard deviation, correlation) is exact when it is
///   rational, else the correctly rounded double of the exact value, or with `digits: N` an
///   MPFR value of N digits whose digits are decided (as `--digits N` gives √2).
/// - An inexact input (a double, or a `--digits` value) is its exact binary value, a dyadic
///   rational: the mean, variance and sum of doubles are the correctly rounded values of the
///   exact mean, variance and sum (as Python's `statistics` computes through `Fraction`), and
///   a standard deviation the correctly rounded √ of the exact variance.
/// - A list that mixes exact and inexact values gives an inexact result, like an operation
///   with one inexact operand: a double, or a `--digits` value carrying the fewest digits of
///   the inexact inputs (17 for a double, at most N). That holds for the results that pick a
///   value too (min, max, median, mode, quantile): `{1 2.5}` min is 1.0.
/// - Values compare numerically across kinds (`Number.compare`, by exact value): 1 and 1.0
///   are one value for `mode`, as Python's `1 == 1.0`.
///
/// Speed: the sums of doubles and small integers (all the moments: Σx, Σx², Σxy) are exact
/// fixed-point sums of machine words (`FixedPointSum`); GMP is reached once per sum, not once
/// per value. Big integers and `--digits` values are summed as one GMP integer at the lowest
/// exponent (`DyadicSum`); rationals as exact `Number`s. Order statistics sort doubles and
/// machine integers as such.
public enum Statistics {
    /// The statistics of one list. Of an empty list, the sum is 0 and the product 1; the others
    /// fail with `empty-list`.
    public enum Summary: Sendable, CaseIterable {
        case sum, product, mean, median, mode
        /// The sample variance: Σ(x − mean)² / (n − 1).
        case variance
        /// The sample standard deviation: √variance.
        case standardDeviation
        /// Σ(x − mean)² / n.
        case populationVariance
        /// √populationVariance.
        case populationStandardDeviation
        case minimum, maximum

        /// The name messages use for it (the list word's).
        public var name: String {
            switch self {
            case .sum: "sum"
            case .product: "prod"
            case .mean: "mean"
            case .median: "median"
            case .mode: "mode"
            case .variance: "var"
            case .standardDeviation: "sdev"
            case .populationVariance: "pvar"
            case .populationStandardDeviation: "psdev"
            case .minimum: "minimum"
            case .maximum: "maximum"
            }
        }

        /// The fewest values it has a value for: a sample variance needs two.
        var minimumCount: Int {
            switch self {
            case .variance, .standardDeviation: 2
            default: 1
            }
        }
    }

    /// Why a statistic has no value: a diagnostic's code and message.
    public struct Failure: Error, Sendable {
        public let code: DiagnosticCode
        public let message: String

        public init(code: DiagnosticCode, message: String) {
            self.code = code
            self.message = message
        }

        /// As an exact operation's failure.
        public var outcome: NumberOutcome { .failure(code, message) }
    }

    /// A statistic of one list. `digits`: nil = inexact results are IEEE doubles; N = MPFR
    /// values of N digits (`BigFloat`, as `--digits N`).
    public static func summary(_ s: Summary, of values: [Number], digits: Int?) -> NumberOutcome {
        outcome { () throws(Failure) in try summaryValue(s, of: values, digits: digits) }
    }

    static func summaryValue(_ s: Summary, of values: [Number], digits: Int?) throws(Failure) -> Number {
        // The empty sum and product are the identities (as Python's sum and math.prod); every
        // other statistic of no values has none.
        try requireNumbers(values, s.name)
        if values.isEmpty, s == .sum || s == .product { return Number(s == .sum ? 0 : 1) }
        try requireCount(values.count, atLeast: s.minimumCount, s.name)
        if let z = values.first(where: \.isComplex) {
            switch s {
            case .sum, .mean: return try complexSum(values, mean: s == .mean, digits: digits)
            case .product: return try complexProduct(values, digits: digits)
            case .mode: return try mode(values, digits: digits)
            default: throw notReal(s.name, z)
            }
        }
        let kind = resultKind(values, digits: digits)
        switch s {
        case .sum:
            return try rounded(try moments(values, squares: false).sum, kind, s.name)
        case .mean:
            let m = try moments(values, squares: false)
            return try rounded(try Exact.divide(m.sum, Number(m.count)), kind, s.name)
        case .variance, .populationVariance:
            return try rounded(try moments(values, squares: true).variance(sample: s == .variance), kind, s.name)
        case .standardDeviation, .populationStandardDeviation:
            let variance = try moments(values, squares: true).variance(sample: s == .standardDeviation)
            return try squareRoot(variance, kind, digits: digits, s.name)
        case .product: return try product(values, kind, s.name)
        case .median: return try median(values, kind)
        case .mode: return try mode(values, digits: digits)
        case .minimum, .maximum: return try extreme(values, kind, maximum: s == .maximum)
        }
    }

    /// The sample covariance: Σ(x − x̄)(y − ȳ) / (n − 1).
    public static func covariance(_ xs: [Number], _ ys: [Number], digits: Int?) -> NumberOutcome {
        outcome { () throws(Failure) in
            let m = try pairedMoments(xs, ys, "cov", minimumCount: 2)
            return try rounded(try m.covariance(), resultKind(xs + ys, digits: digits), "cov")
        }
    }

    /// Pearson's r: Sxy / √(Sxx·Syy) (the S the sums of products of deviations).
    public static func correlation(_ xs: [Number], _ ys: [Number], digits: Int?) -> NumberOutcome {
        outcome { () throws(Failure) in try correlationValue(xs, ys, digits: digits) }
    }

    /// The least-squares line y = slope·x + intercept: slope = Sxy/Sxx, intercept = ȳ − slope·x̄.
    public static func linearRegression(_ xs: [Number], _ ys: [Number], digits: Int?)
        -> Result<(slope: Number, intercept: Number), Failure> {
        do { return .success(try regressionLine(xs, ys, digits: digits)) } catch { return .failure(error) }
    }

    /// The p-quantile, p in [0, 1], by linear interpolation between the order statistics (R's
    /// type 7, numpy's default, Python's `statistics.quantiles(method='inclusive')`): with the
    /// values sorted as x₀ ≤ … ≤ xₙ₋₁ and h = (n − 1)·p, it is x⌊h⌋ + (h − ⌊h⌋)(x⌊h⌋₊₁ − x⌊h⌋).
    /// p 0 is the minimum, 1 the maximum, 1/2 the median.
    public static func quantile(_ values: [Number], _ p: Number, digits: Int?) -> NumberOutcome {
        outcome { () throws(Failure) in try quantileValue(values, p, digits: digits) }
    }

    /// The counts (exact integers) of `bins` equal-width bins from the minimum to the maximum:
    /// bin k holds min + k·w ≤ x < min + (k+1)·w, w = (max − min)/bins, and the last bin holds
    /// the maximum too. Bins are decided on exact values, so a value on an edge is in the bin
    /// the edge opens. All values equal: the range is min − 1/2 … max + 1/2 (numpy's choice),
    /// so they fall in the middle bin.
    public static func histogram(_ values: [Number], bins: Int) -> Result<[Number], Failure> {
        do { return .success(try histogramCounts(values, bins: bins)) } catch { return .failure(error) }
    }

    /// `histogram` with the bin count as a value of the language: it must be an integer ≥ 1.
    public static func histogram(_ values: [Number], bins: Number) -> Result<[Number], Failure> {
        guard !bins.isCollection else { return .failure(notNumber("histogram", bins, "its bin count is")) }
        guard !bins.isComplex else { return .failure(notReal("histogram", bins)) }
        guard case .integer(let k) = ComplexArithmetic.exact(bins) else {
            return .failure(Failure(code: .notInteger, message: "histogram needs a whole number of bins, got \(text(bins))"))
        }
        guard k.signum > 0 else {
            return .failure(Failure(code: .outOfDomain, message: "histogram needs at least 1 bin, got \(text(bins))"))
        }
        guard case .small(let count) = k else { return .failure(tooManyBins(Limit.integerText(k))) }
        return histogram(values, bins: count)
    }

    // MARK: - Shared pieces

    static func outcome(_ body: () throws(Failure) -> Number) -> NumberOutcome {
        do { return .value(try body()) } catch { return error.outcome }
    }

    typealias PartKind = ComplexArithmetic.PartKind

    /// The kind of a result of these values: exact when every value is, else the inexact
    /// values' kind (`PartKind`: `--digits` values winning over doubles, with the fewest
    /// digits); `digits` N makes doubles N-digit values (17 at most: what a double carries).
    static func resultKind(_ values: [Number], digits: Int?) -> PartKind {
        var kind = PartKind.exact
        var fewestDigits = Int.max
        for x in values {
            switch x {
            case .integer, .rational, .list, .quotation: continue  // collections: refused before (`requireNumbers`)
            case .real:
                if kind == .exact { kind = .double }
                fewestDigits = Swift.min(fewestDigits, BigFloat.doubleDigits)
            case .float(let f):
                kind = .float(digits: 0)
                fewestDigits = Swift.min(fewestDigits, f.digits)
            case .complex(let z):
                let parts = resultKind([z.re, z.im], digits: nil)
                switch parts {
                case .exact: continue
                case .double:
                    if kind == .exact { kind = .double }
                    fewestDigits = Swift.min(fewestDigits, BigFloat.doubleDigits)
                case .float(let d):
                    kind = .float(digits: 0)
                    fewestDigits = Swift.min(fewestDigits, d)
                }
            }
        }
        switch kind {
        case .exact: return .exact
        case .double: return digits.map { .float(digits: Swift.min($0, fewestDigits)) } ?? .double
        case .float: return .float(digits: Swift.min(digits ?? .max, fewestDigits))
        }
    }

    /// An exact value as a result of `kind`, rounded once.
    static func rounded(_ exact: Number, _ kind: PartKind, _ name: String) throws(Failure) -> Number {
        switch kind {
        case .exact: return exact
        case .double:
            let d = exact.doubleValue
            guard d.isFinite else { throw tooLargeForDouble(name) }
            return Number(d)
        case .float(let digits): return .float(BigFloat.from(exact, digits: digits))
        }
    }

    /// √ of an exact q ≥ 0 as a result of `kind`: exact when q is the square of a rational and
    /// the kind is exact; otherwise the correctly rounded double of the exact √, or the √ at
    /// the kind's digits (of exact operands: `digits` N), decided as `--digits` decides √2.
    static func squareRoot(_ q: Number, _ kind: PartKind, digits: Int?, _ name: String) throws(Failure) -> Number {
        if case .value(let root) = Number.exact(op: .sqrt, q) { return try rounded(root, kind, name) }
        switch kind.inexact(digits: digits) {
        case .exact, .double:
            guard let (n, d) = q.fraction else { throw tooLargeForDouble(name) }  // q is exact
            let r = MPFRDouble.squareRoot(n, d)
            guard r.isFinite else { throw tooLargeForDouble(name) }
            return Number(r)
        case .float(let carried):
            switch BigFloatArithmetic.unary(.sqrt, q, digits: carried, angle: .radians) {
            case .value(let v): return v
            case .failure(let code, let message): throw Failure(code: code, message: message)
            case .unsupported: throw tooLargeForDouble(name)  // unreachable: MPFR has √
            }
        }
    }

    static func requireCount(_ count: Int, atLeast minimum: Int, _ name: String) throws(Failure) {
        if count == 0 { throw Failure(code: .emptyList, message: "\(name) of an empty list has no value") }
        if count < minimum {
            throw Failure(code: .tooFewValues,
                          message: "\(name) needs at least \(minimum) values, the list has \(count)")
        }
    }

    /// Statistics are of numbers: a list that holds a list or a quotation has none.
    static func requireNumbers(_ values: [Number], _ name: String) throws(Failure) {
        if let bad = values.first(where: \.isCollection) { throw notNumber(name, bad, "the list holds") }
    }

    static func notNumber(_ name: String, _ value: Number, _ role: String) -> Failure {
        let text = NumberFormat().string(value)
        let shown = text.count <= 40 ? text : String(text.prefix(37)) + "…"
        return Failure(code: .wrongKind, message: "\(name) needs numbers, and \(role) \(shown)")
    }

    static func notReal(_ name: String, _ z: Number) -> Failure {
        Failure(code: .notReal, message: "\(name) needs real values, and \(text(z)) is complex")
    }

    static func tooLargeForDouble(_ name: String) -> Failure {
        Failure(code: .notFinite, message: "\(name): the result is too large for a double (over 1.8e308)")
    }

    /// A value in a message.
    static func text(_ x: Number) -> String { Limit.numberText(x) }

    /// The exact value of any value (an inexact value's exact binary value; complex values
    /// part by part).
    @inline(__always)
    static func exactValue(_ x: Number) -> Number {
        switch x {
        case .integer, .rational: return x
        case .real(let d): return Number.exactly(d)
        default: return ComplexArithmetic.exact(x)
        }
    }
}
