extension Statistics {
    /// The most bins a histogram has: its counts are a list of that many values.
    public static let binLimit = 1_000_000

    static func tooManyBins(_ asked: String) -> Failure {
        Failure(code: .outOfDomain, message: "histogram makes at most \(binLimit) bins, got \(asked)")
    }

    /// The counts of `bins` equal-width bins (see `histogram`). A value's bin is
    /// ⌊bins·(x − low)/(high − low)⌋, the last bin closed; doubles find it in doubles, and
    /// exactly when that lands near an edge, where rounding could move a value across.
    static func histogramCounts(_ values: [Number], bins: Int) throws(Failure) -> [Number] {
        guard bins >= 1 else {
            throw Failure(code: .outOfDomain, message: "histogram needs at least 1 bin, got \(bins)")
        }
        guard bins <= binLimit else { throw tooManyBins(String(bins)) }
        try requireNumbers(values, "histogram")
        try requireCount(values.count, atLeast: 1, "histogram")
        if let z = values.first(where: \.isComplex) { throw notReal("histogram", z) }
        var low = values[0], high = values[0]
        for x in values.dropFirst() {
            if precedes(x, low) { low = x }
            if precedes(high, x) { high = x }
        }
        var counts = [Int](repeating: 0, count: bins)
        if Number.compare(low, high) == 0 {
            // One value: the range low − 1/2 … high + 1/2 puts it in the middle bin.
            counts[bins / 2] = values.count
            return counts.map { Number($0) }
        }
        let exactLow = exactValue(low), width = try Exact.subtract(exactValue(high), exactLow)
        func exactBin(_ x: Number) throws(Failure) -> Int {
            let scaled = try Exact.divide(try Exact.multiply(try Exact.subtract(exactValue(x), exactLow), Number(bins)), width)
            let (n, d) = scaled.fraction!
            let k = ExactInteger.divide(n, by: d, rounding: .down).quotient
            guard case .small(let bin) = k else { return bins - 1 }
            return Swift.min(bin, bins - 1)
        }
        if case .real(let lo) = low, case .real(let hi) = high, let doubles = machineDoubles(values) {
            let span = hi - lo, scale = Double(bins)
            for (i, x) in doubles.enumerated() {
                let t = (x - lo) / span * scale
                // Four roundings: t is within 2^−50·t of its exact value.
                let whole = t.rounded(.down), margin = 1e-14 * Swift.max(t, 1)
                if t.isFinite, t - whole > margin, whole + 1 - t > margin {
                    counts[Swift.min(Int(whole), bins - 1)] += 1
                } else {
                    counts[try exactBin(values[i])] += 1
                }
            }
        } else {
            for x in values { counts[try exactBin(x)] += 1 }
        }
        return counts.map { Number($0) }
    }
}
