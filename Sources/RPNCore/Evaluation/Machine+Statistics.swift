/// The statistics words on lists (issue 19): the machine's side of `Statistics`.
extension Machine {
    mutating func statistic(_ op: BuiltinID, _ a: Number) -> Arithmetic.Outcome {
        .failure(.wrongKind, "\(Builtin[op].glyph): statistics are not wired yet")
    }

    mutating func statistic(_ op: BuiltinID, _ a: Number, _ b: Number) -> Arithmetic.Outcome {
        .failure(.wrongKind, "\(Builtin[op].glyph): statistics are not wired yet")
    }
}

extension BuiltinID {
    /// The statistics of one list (`sum` … `maximum`) and of two (`cov`, `corr`, `quantile`,
    /// `histogram`).
    var isStatistic: Bool {
        switch self {
        case .sum, .prod, .mean, .median, .mode, .variance, .sdev, .pvar, .psdev, .minimum, .maximum,
             .cov, .corr, .quantile, .histogram: true
        default: false
        }
    }
}

extension Machine {
    /// `linreg`: the slope and intercept, encoded (NaN, reported, when there are none).
    mutating func linearRegression(_ xs: Number, _ ys: Number, at range: Range<Int>) -> (Double, Double) {
        report(.error, .wrongKind, "linreg: statistics are not wired yet", range)
        return (.nan, .nan)
    }
}
