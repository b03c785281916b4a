extension Statistics {
    /// The exact sums a list's mean and variances are made of.
    struct Moments {
        var count: Int
        /// Σx.
        var sum: Number
        /// Σx² (0 when not asked for).
        var sumOfSquares: Number

        /// Σ(x − mean)² / (n − 1) (`sample`) or / n, as (nΣx² − (Σx)²) / (n(n − 1)) or / n²:
        /// one exact division, no mean in between.
        func variance(sample: Bool) throws(Failure) -> Number {
            let n = Number(count)
            let scaled = try Exact.subtract(try Exact.multiply(n, sumOfSquares), try Exact.multiply(sum, sum))
            return try Exact.divide(scaled, try Exact.multiply(n, sample ? Number(count - 1) : n))
        }
    }

    /// Σx and (if `squares`) Σx² of real values, exactly.
    static func moments(_ values: [Number], squares: Bool) throws(Failure) -> Moments {
        if let fast = machineMoments(values, squares: squares) { return fast }
        if let dyadic = dyadicMoments(values, squares: squares) { return dyadic }
        if let fractions = fractionMoments(values, squares: squares) { return fractions }
        var sum = Number(0), sumOfSquares = Number(0)
        for x in values {
            let v = exactValue(x)
            sum = try Exact.add(sum, v)
            if squares { sumOfSquares = try Exact.add(sumOfSquares, try Exact.multiply(v, v)) }
        }
        return Moments(count: values.count, sum: sum, sumOfSquares: sumOfSquares)
    }

    /// The moments of fractions of machine words (decimals read as text: `rpn --list` of
    /// 10^6 lines like 123.456789) over one common denominator D: each value n/d is n·(D/d) over
    /// D, its square that squared over D², summed in 128-bit integers with no gcd a value; one
    /// exact division at the end. nil when a value is no such fraction, D would pass 2^40, or a
    /// sum would overflow: the general path then adds fractions one by one.
    static func fractionMoments(_ values: [Number], squares: Bool) -> Moments? {
        var common = 1
        for x in values {
            let d: Int
            switch x {
            case .integer(.small): continue
            case .rational(let r):
                guard let (_, denominator) = r.smallParts else { return nil }
                d = denominator
            default: return nil
            }
            if common % d == 0 { continue }
            let g = Int(ExactInteger.gcd(UInt(common), UInt(d)))
            let (lcm, overflow) = (common / g).multipliedReportingOverflow(by: d)
            guard !overflow, lcm <= 1 << 40 else { return nil }
            common = lcm
        }
        var sum: Int128 = 0, sumOfSquares: Int128 = 0
        for x in values {
            let (n, d): (Int, Int)
            switch x {
            case .integer(.small(let i)): (n, d) = (i, 1)
            case .rational(let r): (n, d) = r.smallParts!
            default: return nil
            }
            let (scaled, o1) = Int128(n).multipliedReportingOverflow(by: Int128(common / d))
            guard !o1 else { return nil }
            let (s, o2) = sum.addingReportingOverflow(scaled)
            guard !o2 else { return nil }
            sum = s
            if squares {
                let (square, o3) = scaled.multipliedReportingOverflow(by: scaled)
                guard !o3 else { return nil }
                let (q, o4) = sumOfSquares.addingReportingOverflow(square)
                guard !o4 else { return nil }
                sumOfSquares = q
            }
        }
        let d = Number(common)
        guard let total = try? Exact.divide(Number(exactly: sum), d),
              let totalOfSquares = try? Exact.divide(Number(exactly: sumOfSquares), try Exact.multiply(d, d)) else { return nil }
        return Moments(count: values.count, sum: total, sumOfSquares: squares ? totalOfSquares : Number(0))
    }

    /// A double or a machine integer as ±m·2^e (m < 2^64); nil for other values.
    @inline(__always)
    static func machineParts(_ x: Number) -> (m: UInt64, e: Int, negative: Bool)? {
        switch x {
        case .real(let d):
            if d == 0 { return (0, 0, false) }
            let (m, e) = FixedPointSum.parts(d)
            return (m, e, d < 0)
        case .integer(.small(let i)): return (UInt64(i.magnitude), 0, i < 0)
        default: return nil
        }
    }

    /// The moments of doubles and machine integers as fixed-point sums; nil when another
    /// value is among them.
    static func machineMoments(_ values: [Number], squares: Bool) -> Moments? {
        var sum = FixedPointSum.ofDoubles()
        var sumOfSquares = squares ? FixedPointSum.ofProducts() : FixedPointSum(lowestExponent: 0, highestExponent: 0)
        for x in values {
            guard let (m, e, negative) = machineParts(x) else { return nil }
            if m == 0 { continue }
            sum.add(high: 0, low: m, exponent: e, negative: negative)
            if squares {
                let (high, low) = m.multipliedFullWidth(by: m)
                sumOfSquares.add(high: high, low: low, exponent: 2 * e, negative: false)
            }
        }
        return Moments(count: values.count, sum: sum.value, sumOfSquares: squares ? sumOfSquares.value : Number(0))
    }

    /// The exact sums of paired values that covariance, correlation and the regression line
    /// are made of.
    struct PairedMoments {
        var count: Int
        var sx: Number, sy: Number, sxx: Number, syy: Number, sxy: Number

        /// n·Σ(x − x̄)² = nΣx² − (Σx)².
        func scaledSxx() throws(Failure) -> Number { try scaled(sxx, sx, sx) }
        /// n·Σ(y − ȳ)².
        func scaledSyy() throws(Failure) -> Number { try scaled(syy, sy, sy) }
        /// n·Σ(x − x̄)(y − ȳ) = nΣxy − ΣxΣy.
        func scaledSxy() throws(Failure) -> Number { try scaled(sxy, sx, sy) }

        private func scaled(_ s: Number, _ a: Number, _ b: Number) throws(Failure) -> Number {
            try Exact.subtract(try Exact.multiply(Number(count), s), try Exact.multiply(a, b))
        }

        /// The sample covariance: nΣ(x − x̄)(y − ȳ) / (n(n − 1)).
        func covariance() throws(Failure) -> Number {
            try Exact.divide(try scaledSxy(), try Exact.multiply(Number(count), Number(count - 1)))
        }
    }

    /// The paired moments of two lists of real values of one length (at least
    /// `minimumCount`).
    static func pairedMoments(_ xs: [Number], _ ys: [Number], _ name: String, minimumCount: Int) throws(Failure) -> PairedMoments {
        guard xs.count == ys.count else {
            throw Failure(code: .lengthMismatch,
                          message: "\(name) needs two lists of one length, got \(xs.count) and \(ys.count) values")
        }
        try requireNumbers(xs + ys, name)
        try requireCount(xs.count, atLeast: minimumCount, name)
        if let z = xs.first(where: \.isComplex) ?? ys.first(where: \.isComplex) { throw notReal(name, z) }
        if let fast = machinePairedMoments(xs, ys) { return fast }
        if let dyadic = dyadicPairedMoments(xs, ys) { return dyadic }
        var m = PairedMoments(count: xs.count, sx: Number(0), sy: Number(0), sxx: Number(0), syy: Number(0), sxy: Number(0))
        for (x, y) in zip(xs, ys) {
            let u = exactValue(x), v = exactValue(y)
            m.sx = try Exact.add(m.sx, u)
            m.sy = try Exact.add(m.sy, v)
            m.sxx = try Exact.add(m.sxx, try Exact.multiply(u, u))
            m.syy = try Exact.add(m.syy, try Exact.multiply(v, v))
            m.sxy = try Exact.add(m.sxy, try Exact.multiply(u, v))
        }
        return m
    }

    static func machinePairedMoments(_ xs: [Number], _ ys: [Number]) -> PairedMoments? {
        var sx = FixedPointSum.ofDoubles(), sy = FixedPointSum.ofDoubles()
        var sxx = FixedPointSum.ofProducts(), syy = FixedPointSum.ofProducts(), sxy = FixedPointSum.ofProducts()
        for (x, y) in zip(xs, ys) {
            guard let (m1, e1, n1) = machineParts(x), let (m2, e2, n2) = machineParts(y) else { return nil }
            if m1 != 0 {
                sx.add(high: 0, low: m1, exponent: e1, negative: n1)
                let (h, l) = m1.multipliedFullWidth(by: m1)
                sxx.add(high: h, low: l, exponent: 2 * e1, negative: false)
            }
            if m2 != 0 {
                sy.add(high: 0, low: m2, exponent: e2, negative: n2)
                let (h, l) = m2.multipliedFullWidth(by: m2)
                syy.add(high: h, low: l, exponent: 2 * e2, negative: false)
            }
            if m1 != 0, m2 != 0 {
                let (h, l) = m1.multipliedFullWidth(by: m2)
                sxy.add(high: h, low: l, exponent: e1 + e2, negative: n1 != n2)
            }
        }
        return PairedMoments(count: xs.count, sx: sx.value, sy: sy.value, sxx: sxx.value, syy: syy.value, sxy: sxy.value)
    }
}

extension Number {
    /// A 128-bit integer, exactly.
    init(exactly value: Int128) {
        if let small = Int(exactly: value) {
            self = Number(small)
            return
        }
        // In 32-bit pieces, high to low: each fits a machine word.
        let magnitude = value.magnitude
        var result = ExactInteger.small(0)
        for shift in stride(from: 96, through: 0, by: -32) {
            result = result.shiftedLeft(32) + .small(Int(truncatingIfNeeded: (magnitude >> UInt128(shift)) & 0xFFFF_FFFF))
        }
        self = .integer(value < 0 ? -result : result)
    }
}
