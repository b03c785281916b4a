import Platform
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

    /// The y span; infinite when the range runs from near -1.8e308 to near 1.8e308 (comparisons
    /// with it still work; arithmetic goes through `PlotRange`).
    var ySpan: Double { yRange.upperBound - yRange.lowerBound }

    /// Unit coordinates, kept within ±1e9 so that later arithmetic never overflows.
    func u(_ x: Double) -> Double { Self.limit(PlotRange.fraction(x, from: xRange.lowerBound, to: xRange.upperBound)) }
    func v(_ y: Double) -> Double { Self.limit(PlotRange.fraction(y, from: yRange.lowerBound, to: yRange.upperBound)) }

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

    /// About `target` x ticks, fewer when their labels would not fit side by side across
    /// `width` (in the unit `labelWidth` measures, with `gap` between labels).
    func xTicks(target: Int, width: Double, gap: Double, labelWidth: (String) -> Double) -> [PlotTick] {
        var target = Swift.max(2, target)
        while true {
            let ticks = xTicks(target: target)
            let widest = ticks.map { labelWidth($0.label) }.max() ?? 0
            let spacing = ticks.count > 1 ? (ticks[1].position - ticks[0].position) * width : .infinity
            if target == 2 || spacing >= widest + gap { return ticks }
            target -= 1
        }
    }

    func yTicks(target: Int) -> [PlotTick] {
        Self.ticks(in: yRange, target: target).map { PlotTick(value: $0.value, position: v($0.value), label: $0.label) }
    }

    /// Round values (1, 2 or 5 times a power of ten apart) inside the range, about `target` of
    /// them, with short labels. Each tick is a whole number of units times a power of ten, and
    /// its label is written from those integers, so labels are exact and never repeat; the
    /// arithmetic stays finite from 5e-324 to 1.8e308.
    static func ticks(in range: ClosedRange<Double>, target: Int) -> [(value: Double, label: String)] {
        let low = range.lowerBound, high = range.upperBound
        let halfSpan = PlotRange.halfSpan(from: low, to: high)
        guard halfSpan > 0, halfSpan.isFinite else { return [(low, NumberFormatting.ascii(low))] }
        // The step wanted, span / target, kept halved (the span may overflow).
        let halfRaw = halfSpan / Double(Swift.max(1, target))
        guard halfRaw > 0 else { return [(low, NumberFormatting.ascii(low)), (high, NumberFormatting.ascii(high))] }
        var exponent = Int((log10(halfRaw) + log10(2.0)).rounded(.down))
        let fraction = scaled(halfRaw, byPowerOfTen: -exponent) * 2
        var mantissa = fraction < 1.5 ? 1 : fraction < 3.5 ? 2 : fraction < 7.5 ? 5 : 10
        if mantissa == 10 { mantissa = 1; exponent += 1 }
        // Ticks are k·mantissa·10^exponent for whole k from `first` to `last`.
        let first = (scaled(low, byPowerOfTen: -exponent) / Double(mantissa)).rounded(.up)
        let last = (scaled(high, byPowerOfTen: -exponent) / Double(mantissa)).rounded(.down)
        guard first.magnitude < 1e15, last.magnitude < 1e15, first <= last, last - first < 1000 else {
            return [(low, NumberFormatting.ascii(low)), (high, NumberFormatting.ascii(high))]
        }
        var ticks: [(Double, String)] = []
        for k in Int(first)...Int(last) {
            let units = k * mantissa
            // units·10^exponent with one rounding (3/10 is 0.3, where 3·0.1 is not).
            ticks.append((scaled(Double(units), byPowerOfTen: exponent), label(units: units, exponent: exponent)))
        }
        return ticks
    }

    /// x·10^exponent, in steps of 10^300 so that the power itself never overflows or vanishes
    /// (10^-320 is not a double worth dividing by; 10^-300 twice is fine).
    static func scaled(_ x: Double, byPowerOfTen exponent: Int) -> Double {
        var x = x, exponent = exponent
        while exponent > 300 { x *= 1e300; exponent -= 300 }
        while exponent < -300 { x /= 1e300; exponent += 300 }
        return exponent >= 0 ? x * pow(10, Double(exponent)) : x / pow(10, Double(-exponent))
    }

    /// The decimal label of units·10^exponent: plain for magnitudes from 1e-4 to 99999, else with
    /// an exponent (0.5, -10, 12345, 1e+6, 2.5e-5, 1.5e+308).
    static func label(units: Int, exponent: Int) -> String {
        guard units != 0 else { return "0" }
        var digits = Array(String(units.magnitude)), exponent = exponent
        while digits.count > 1, digits.last == "0" { digits.removeLast(); exponent += 1 }
        let sign = units < 0 ? "-" : ""
        // The power of ten of the leading digit.
        let magnitude = digits.count - 1 + exponent
        if magnitude >= 5 || magnitude <= -5 {
            let mantissa = digits.count == 1 ? String(digits) : String(digits[0]) + "." + String(digits.dropFirst())
            return sign + mantissa + (magnitude < 0 ? "e-" : "e+") + String(magnitude.magnitude)
        }
        if exponent >= 0 { return sign + String(digits) + String(repeating: "0", count: exponent) }
        let whole = digits.count + exponent  // digits before the point
        if whole > 0 { return sign + String(digits[..<whole]) + "." + String(digits[whole...]) }
        return sign + "0." + String(repeating: "0", count: -whole) + String(digits)
    }
}
