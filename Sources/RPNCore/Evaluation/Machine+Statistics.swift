/// The statistics words on lists (issue 19): the machine's side of `Statistics`, the pure
/// kernel. A list's elements go in as they are (exact, doubles, `--digits` values, complex for
/// the words that take them); inexact results carry the run's digits.
extension Machine {
    /// The digits of inexact results: `--digits N`, or nil for doubles (with `--float` too).
    private var statisticsDigits: Int? { options.exact ? options.digits : nil }

    /// A statistic of one list: `sum` … `maximum`.
    mutating func statistic(_ op: BuiltinID, _ a: Number) -> Arithmetic.Outcome {
        guard case .list(let elements) = a else { return Self.needsList(op, a) }
        if let bad = elements.first(where: \.isCollection) {
            return .failure(.wrongKind, "\(Builtin[op].glyph) takes a list of numbers, and it holds \(Self.shown(bad))")
        }
        let summary: Statistics.Summary = switch op {
        case .sum: .sum
        case .prod: .product
        case .mean: .mean
        case .median: .median
        case .mode: .mode
        case .variance: .variance
        case .sdev: .standardDeviation
        case .pvar: .populationVariance
        case .psdev: .populationStandardDeviation
        case .minimum: .minimum
        default: .maximum
        }
        return encoded(Statistics.summary(summary, of: elements, digits: statisticsDigits))
    }

    /// A statistic of two operands: `cov`, `corr` (two lists), `quantile` (a list and p),
    /// `histogram` (a list and a count of bins).
    mutating func statistic(_ op: BuiltinID, _ a: Number, _ b: Number) -> Arithmetic.Outcome {
        guard case .list(let xs) = a else { return Self.needsList(op, a) }
        switch op {
        case .cov, .corr:
            guard case .list(let ys) = b else { return Self.needsList(op, b) }
            if let bad = (xs + ys).first(where: \.isCollection) {
                return .failure(.wrongKind, "\(Builtin[op].glyph) takes lists of numbers, and one holds \(Self.shown(bad))")
            }
            return encoded(op == .cov ? Statistics.covariance(xs, ys, digits: statisticsDigits)
                : Statistics.correlation(xs, ys, digits: statisticsDigits))
        case .quantile:
            if b.isCollection { return .failure(.wrongKind, "quantile takes a probability from 0 to 1, got \(Self.shown(b))") }
            return encoded(Statistics.quantile(xs, b, digits: statisticsDigits))
        default:  // histogram
            if b.isCollection { return .failure(.wrongKind, "histogram takes a number of bins, got \(Self.shown(b))") }
            switch Statistics.histogram(xs, bins: b) {
            case .success(let counts): return .value(encode(.list(counts)))
            case .failure(let failure): return .failure(failure.code, failure.message)
            }
        }
    }

    /// `linreg`: the slope and intercept, encoded (NaN, reported, when there are none).
    mutating func linearRegression(_ xs: Number, _ ys: Number, at range: Range<Int>) -> (Double, Double) {
        guard case .list(let x) = xs, case .list(let y) = ys else {
            if case .failure(let code, let message) = Self.needsList(.linreg, xs.isCollection ? ys : xs) {
                report(.error, code, message, range)
            }
            return (.nan, .nan)
        }
        switch Statistics.linearRegression(x, y, digits: statisticsDigits) {
        case .success(let line): return (encode(line.slope), encode(line.intercept))
        case .failure(let failure):
            report(.error, failure.code, failure.message, range)
            return (.nan, .nan)
        }
    }
}

extension BuiltinID {
    /// The statistics of one list (`sum` … `maximum`) and of two operands (`cov`, `corr`,
    /// `quantile`, `histogram`).
    var isStatistic: Bool {
        switch self {
        case .sum, .prod, .mean, .median, .mode, .variance, .sdev, .pvar, .psdev, .minimum, .maximum,
             .cov, .corr, .quantile, .histogram: true
        default: false
        }
    }
}
