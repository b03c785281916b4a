#if canImport(Glibc)
import Glibc
#endif
import RPNCore

/// A point in unit coordinates: u across the visible x range, v up the visible y range, the
/// visible rectangle being [0, 1] x [0, 1].
struct UnitPoint: Equatable {
    var u: Double
    var v: Double
}

/// A tick: a value on an axis, its position in unit coordinates and its label.
struct PlotTick: Equatable {
    var value: Double
    var position: Double
    var label: String
}

/// What both renderers share: the visible ranges, the curve cut into clipped polylines, the
/// axes and the ticks, all in unit coordinates.
struct PlotGeometry {
    var xRange: ClosedRange<Double>
    var yRange: ClosedRange<Double>
    /// False when no sample has a value (the ranges are then placeholders).
    var hasValues: Bool

    init(_ plot: Plot) {
        if let range = plot.xRange {
            xRange = range
        } else {
            let x = plot.points.first?.x ?? 0
            xRange = (x - 1)...(x + 1)
        }
        let y = plot.yRange
        hasValues = y != nil
        yRange = y ?? -1...1
    }

    var xSpan: Double { xRange.upperBound - xRange.lowerBound }
    var ySpan: Double { yRange.upperBound - yRange.lowerBound }

    /// Unit coordinates, kept within ±1e9 so that later arithmetic never overflows.
    func u(_ x: Double) -> Double { Self.limit((x - xRange.lowerBound) / xSpan) }
    func v(_ y: Double) -> Double { Self.limit((y - yRange.lowerBound) / ySpan) }

    private static func limit(_ t: Double) -> Double {
        t.isNaN ? 0 : Swift.min(Swift.max(t, -1e9), 1e9)
    }

    /// Where the vertical axis stands (x = 0 when visible, else the left edge) and where the
    /// horizontal one does (y = 0 when visible, else the bottom edge), in unit coordinates.
    var verticalAxis: Double { xRange.contains(0) ? u(0) : 0 }
    var horizontalAxis: Double { yRange.contains(0) ? v(0) : 0 }

    // MARK: - The curve

    /// The curve as polylines in unit coordinates, clipped to the unit square. A polyline ends at a
    /// sample without a value, at a discontinuity, and where the curve leaves the square. A lone
    /// sample with a value inside the square is a polyline of one point.
    func polylines(_ points: [PlotPoint]) -> [[UnitPoint]] {
        var lines: [[UnitPoint]] = []
        var current: [UnitPoint] = []
        func finish() {
            if !current.isEmpty { lines.append(current); current = [] }
        }
        for i in points.indices {
            guard let y = points[i].y else { finish(); continue }
            let p = UnitPoint(u: u(points[i].x), v: v(y))
            if i > 0, points[i - 1].y != nil, !breaks(points, between: i - 1, and: i) {
                let p0 = UnitPoint(u: u(points[i - 1].x), v: v(points[i - 1].y!))
                guard let (a, b) = Self.clip(p0, p) else { finish(); continue }
                if current.last != a { finish(); current = [a] }
                current.append(b)
                if b != p { finish() }
            } else {
                finish()
                let joinsNext = i + 1 < points.count && points[i + 1].y != nil && !breaks(points, between: i, and: i + 1)
                if !joinsNext, Self.inside(p) { lines.append([p]) }
            }
        }
        finish()
        return lines
    }

    /// Whether the samples i and j = i + 1 (both with values) lie on two sides of a
    /// discontinuity, so that no line joins them: both far outside the visible range on opposite
    /// sides (1/M across 0), or a jump larger than the whole range against the trend on both
    /// sides of it (tan at its poles). A steep but continuous stretch goes with its trend; a
    /// narrow spike goes against it on one side only.
    func breaks(_ points: [PlotPoint], between i: Int, and j: Int) -> Bool {
        guard let y0 = points[i].y, let y1 = points[j].y else { return true }
        let span = ySpan
        let jump = y1 - y0
        guard jump.magnitude > span else { return false }
        let low = yRange.lowerBound - span, high = yRange.upperBound + span
        if (y0 < low && y1 > high) || (y0 > high && y1 < low) { return true }
        let before = i > 0 ? points[i - 1].y.map { y0 - $0 } : nil
        let after = j + 1 < points.count ? points[j + 1].y.map { $0 - y1 } : nil
        guard before != nil || after != nil else { return false }
        func against(_ slope: Double?) -> Bool { slope.map { $0 * jump < 0 } ?? true }
        return against(before) && against(after)
    }

    static func inside(_ p: UnitPoint) -> Bool { (0...1).contains(p.u) && (0...1).contains(p.v) }

    /// The part of the segment a-b inside the unit square (Liang–Barsky); the ends that are
    /// inside come back unchanged, so consecutive segments can be chained by equality.
    static func clip(_ a: UnitPoint, _ b: UnitPoint) -> (UnitPoint, UnitPoint)? {
        var t0 = 0.0, t1 = 1.0
        let du = b.u - a.u, dv = b.v - a.v
        for (p, q) in [(-du, a.u), (du, 1 - a.u), (-dv, a.v), (dv, 1 - a.v)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let r = q / p
            if p < 0 {
                if r > t1 { return nil }
                if r > t0 { t0 = r }
            } else {
                if r < t0 { return nil }
                if r < t1 { t1 = r }
            }
        }
        let start = t0 == 0 ? a : UnitPoint(u: a.u + t0 * du, v: a.v + t0 * dv)
        let end = t1 == 1 ? b : UnitPoint(u: a.u + t1 * du, v: a.v + t1 * dv)
        return (start, end)
    }

    // MARK: - Ticks

    func xTicks(target: Int) -> [PlotTick] {
        Self.ticks(in: xRange, target: target).map { PlotTick(value: $0.value, position: u($0.value), label: $0.label) }
    }

    func yTicks(target: Int) -> [PlotTick] {
        Self.ticks(in: yRange, target: target).map { PlotTick(value: $0.value, position: v($0.value), label: $0.label) }
    }

    /// Round values (1, 2 or 5 times a power of ten apart) inside the range, about `target` of
    /// them, with short labels.
    static func ticks(in range: ClosedRange<Double>, target: Int) -> [(value: Double, label: String)] {
        let low = range.lowerBound, high = range.upperBound
        let span = high - low
        guard span > 0, span.isFinite else { return [(low, label(low, step: low.magnitude / 1000))] }
        let raw = span / Double(Swift.max(1, target))
        var exponent = Int(floor(log10(raw)))
        let fraction = raw / pow(10, Double(exponent))
        var mantissa = fraction < 1.5 ? 1 : fraction < 3.5 ? 2 : fraction < 7.5 ? 5 : 10
        if mantissa == 10 { mantissa = 1; exponent += 1 }
        let scale = pow(10, Double(exponent.magnitude))
        let step = exponent >= 0 ? Double(mantissa) * scale : Double(mantissa) / scale
        let first = (low / step).rounded(.up), last = (high / step).rounded(.down)
        guard first.magnitude < 1e15, last.magnitude < 1e15, last - first < 1000 else {
            return [(low, label(low, step: span)), (high, label(high, step: span))]
        }
        var ticks: [(Double, String)] = []
        var k = Int(first)
        while Double(k) <= last {
            // k·m exactly, then one rounding: 3/10 is 0.3, where 3·0.1 is not.
            let units = Double(k * mantissa)
            let value = exponent >= 0 ? units * scale : units / scale
            ticks.append((value, label(value, step: step)))
            k += 1
        }
        return ticks
    }

    /// A short label: as many decimals as the step needs, exponents for the very large and the
    /// very small (0.5, -10, 1e+6, 2.5e-5).
    static func label(_ value: Double, step: Double) -> String {
        guard value != 0, value.isFinite else { return value.isFinite ? "0" : NumberFormatting.ascii(value) }
        var stepExponent = step > 0 && step.isFinite ? Int(floor(log10(step))) : 0
        // One more digit while the step has one (0.25 needs two decimals, 0.2 one).
        for _ in 0..<3 {
            let scaled = step / pow(10, Double(stepExponent))
            guard (scaled - scaled.rounded()).magnitude > 1e-9 else { break }
            stepExponent -= 1
        }
        var exponent = Int(floor(log10(value.magnitude)))
        if exponent >= 5 || exponent <= -5 {
            let decimals = Swift.min(Swift.max(exponent - stepExponent, 0), 15)
            var mantissa = rounded(value / pow(10, Double(exponent)), decimals: decimals)
            if mantissa.magnitude >= 10 {
                exponent += 1
                mantissa = rounded(value / pow(10, Double(exponent)), decimals: decimals)
            }
            return NumberFormatting.ascii(mantissa) + (exponent < 0 ? "e-" : "e+") + String(exponent.magnitude)
        }
        let decimals = Swift.min(Swift.max(-stepExponent, 0), 15)
        return NumberFormatting.ascii(rounded(value, decimals: decimals))
    }

    private static func rounded(_ x: Double, decimals: Int) -> Double {
        let scale = pow(10, Double(decimals))
        let r = (x * scale).rounded() / scale
        return r == 0 ? 0 : r  // no "-0"
    }
}
