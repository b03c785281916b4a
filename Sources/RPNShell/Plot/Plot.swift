import RPNCore

/// One sample of a function: `y` is nil where the function has no value (an error, a NaN, an
/// infinity).
public struct PlotPoint: Sendable, Equatable {
    public var x: Double
    public var y: Double?

    public init(x: Double, y: Double?) {
        self.x = x
        self.y = y
    }
}

public enum PlotSampler {
    /// `count` evenly spaced samples of f over [from, to] (both ends included). Non-finite values
    /// become nil. One sample (`count` 1) is taken at `from`; none when `count` < 1.
    public static func sample(from: Double, to: Double, count: Int, _ f: (Double) -> Double?) -> [PlotPoint] {
        guard count > 0 else { return [] }
        guard count > 1 else { return [point(from, f)] }
        var points: [PlotPoint] = []
        points.reserveCapacity(count)
        let last = Double(count - 1)
        for i in 0..<count {
            // Interpolated from both ends so that the last x is exactly `to`.
            let t = Double(i) / last
            let x = i == count - 1 ? to : from * (1 - t) + to * t
            points.append(point(x, f))
        }
        return points
    }

    private static func point(_ x: Double, _ f: (Double) -> Double?) -> PlotPoint {
        let y = f(x)
        return PlotPoint(x: x, y: y.flatMap { $0.isFinite ? $0 : nil })
    }
}

/// What to draw: the samples, the function's description as a title, the variable name, and a
/// note about what was drawn (SVG shows it under the title; the terminal says it on a line).
public struct Plot: Sendable {
    public var title: String
    public var variable: String
    public var points: [PlotPoint]
    public var note: String?
    /// Issue 19: analysis over a free variable: the roots and extrema found between the samples
    /// (`Machine.features`), drawn as dots (SVG) and listed under the picture (the terminal).
    public var marks: [FeaturePoint] = []

    /// The marks as a line of text: `roots: x = 1.4142135623730951, x = -1.4142135623730951;
    /// minimum: (0, -2)`; nil without marks.
    public var marksText: String? {
        guard !marks.isEmpty else { return nil }
        let roots = marks.filter { $0.kind == .root }.map { "\(variable) = \(NumberFormatting.ascii($0.x))" }
        var parts: [String] = []
        if !roots.isEmpty { parts.append((roots.count == 1 ? "root: " : "roots: ") + roots.joined(separator: ", ")) }
        for kind in [FeaturePoint.Kind.minimum, .maximum] {
            let points = marks.filter { $0.kind == kind }.map { "(\(NumberFormatting.ascii($0.x)), \(NumberFormatting.ascii($0.y)))" }
            if !points.isEmpty {
                parts.append((kind == .minimum ? (points.count == 1 ? "minimum: " : "minima: ")
                                               : (points.count == 1 ? "maximum: " : "maxima: ")) + points.joined(separator: ", "))
            }
        }
        return parts.joined(separator: "; ")
    }

    /// The note of a plot some of whose values were complex: a plot has one y per x.
    public static let realPartNote = "the plot shows the real part of complex values; their imaginary part was left out"

    /// Longest title described: a line of a terminal or an SVG page shows less, and an
    /// expression like `M dup + dup + ...` would describe in gigabytes.
    public static let titleBytes = 1024

    public init(title: String, variable: String, points: [PlotPoint]) {
        self.title = title
        self.variable = variable
        self.points = points
    }

    /// The x range of the samples (nil without any, or when they all sit at one x).
    public var xRange: ClosedRange<Double>? {
        guard let first = points.first?.x, let last = points.last?.x else { return nil }
        let low = Swift.min(first, last), high = Swift.max(first, last)
        return low < high ? low...high : nil
    }

    /// The y range to show: all finite values when they are tame; when a few values explode
    /// (1/M near 0) a robust range so the shape stays visible: the 5th to 95th percentiles,
    /// padded by a quarter of their spread on each side (never beyond the data). Values too
    /// close together to tell apart in doubles (a flat function, or one that only wobbles in its
    /// last digits) get a band around their middle (see `PlotRange`). Spreads are computed in
    /// halves so that values near ±1.8e308 cannot overflow them. A range that nearly reaches 0
    /// reaches it. Nil when no sample has a value.
    public var yRange: ClosedRange<Double>? {
        var ys = points.compactMap(\.y)
        guard !ys.isEmpty else { return nil }
        ys.sort()
        let low = ys[0], high = ys[ys.count - 1]
        let p05 = Self.percentile(ys, 0.05), p95 = Self.percentile(ys, 0.95)
        let halfSpread = PlotRange.halfSpan(from: p05, to: p95)
        var range = low...high
        // Tame: the extremes are within a few spreads of the bulk (a line, a parabola, exp over
        // a modest range). The full range is then the honest one.
        if halfSpread > 0, PlotRange.halfSpan(from: low, to: high) > 4 * halfSpread {
            let pad = halfSpread / 2
            range = Swift.max(low, p05 - pad)...Swift.min(high, p95 + pad)
        }
        guard PlotRange.distinctValues(from: range.lowerBound, to: range.upperBound) >= PlotRange.minimumDistinctValues else {
            return PlotRange.band(around: range.lowerBound / 2 + range.upperBound / 2)
        }
        // Data that come within a 50th of the span of 0 reach it: samples step over the 0 of
        // M×M or abs(M), and 0 belongs on the axis with its label.
        let slack = PlotRange.halfSpan(from: range.lowerBound, to: range.upperBound) / 25
        if range.lowerBound > 0, range.lowerBound <= slack { return 0...range.upperBound }
        if range.upperBound < 0, -range.upperBound <= slack { return range.lowerBound...0 }
        return range
    }

    /// The q-quantile of sorted values, linearly interpolated.
    static func percentile(_ sorted: [Double], _ q: Double) -> Double {
        let position = q * Double(sorted.count - 1)
        let index = Int(position)
        guard index + 1 < sorted.count else { return sorted[sorted.count - 1] }
        let fraction = position - Double(index)
        return sorted[index] + (sorted[index + 1] - sorted[index]) * fraction
    }
}
