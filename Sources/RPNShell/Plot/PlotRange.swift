import RPNCore

/// What a plot's ranges must satisfy to be drawn with doubles: enough distinct numbers across
/// them for the samples to differ and the tick labels to be told apart, and arithmetic on them
/// that cannot overflow (a span from -1e308 to 1e308 is infinite; half of it is not).
public enum PlotRange {
    /// The fewest doubles a range must hold. 1000 doubles across a range leave tick steps of at
    /// least 100 of them, which 15 significant digits tell apart; below that the samples repeat
    /// and the labels would all read the same.
    public static let minimumDistinctValues: UInt64 = 1000

    /// How many doubles lie in [low, high], both ends included (0 when low > high or either
    /// is NaN). Exact: it counts bit patterns, subnormals included; -0 and +0 count once.
    public static func distinctValues(from low: Double, to high: Double) -> UInt64 {
        guard low <= high else { return 0 }
        return UInt64(bitPattern: ordinal(high) &- ordinal(low)) &+ 1
    }

    /// Doubles in order as integers: consecutive doubles get consecutive ordinals.
    static func ordinal(_ x: Double) -> Int64 {
        let magnitude = Int64(bitPattern: x.magnitude.bitPattern)
        return x.sign == .minus ? -magnitude : magnitude
    }

    /// Why [from, to] (from < to, both finite) cannot be the x range of a plot, or nil.
    public static func problem(from: Double, to: Double) -> String? {
        let count = distinctValues(from: from, to: to)
        guard count < minimumDistinctValues else { return nil }
        return "the range from \(NumberFormatting.ascii(from)) to \(NumberFormatting.ascii(to)) is too narrow to plot: "
            + "it holds only \(count) double-precision numbers, and a plot needs at least \(minimumDistinctValues)"
    }

    /// `(x - low) / (high - low)` without overflow: halves when the span itself overflows.
    static func fraction(_ x: Double, from low: Double, to high: Double) -> Double {
        let span = high - low
        if span.isFinite { return (x - low) / span }
        return (x / 2 - low / 2) / (high / 2 - low / 2)
    }

    /// Half of `high - low`, finite for any finite ends.
    static func halfSpan(from low: Double, to high: Double) -> Double { high / 2 - low / 2 }

    /// The y range for values that are all the same, or too close to tell apart: a band around
    /// the value (a tenth of it each way, at least 1), kept finite.
    static func band(around value: Double) -> ClosedRange<Double> {
        let pad = Swift.max(value.magnitude / 10, 1)
        return Swift.max(value - pad, -.greatestFiniteMagnitude)...Swift.min(value + pad, .greatestFiniteMagnitude)
    }
}
