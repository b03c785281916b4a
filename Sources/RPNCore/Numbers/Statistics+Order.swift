extension Statistics {
    /// The values in increasing numeric order (by exact value across kinds). Doubles alone
    /// are sorted as doubles, machine integers alone as machine integers.
    static func sortedValues(_ values: [Number]) -> [Number] {
        if let doubles = machineDoubles(values) { return doubles.sorted().map { .real($0) } }
        if let integers = machineIntegers(values) { return integers.sorted().map { Number($0) } }
        return values.sorted(by: precedes)
    }

    /// Numeric order; two `--digits` values by MPFR's comparison, not by their exact fractions
    /// (which `Number.compare` builds: GMP integers for every comparison of a sort).
    @inline(__always)
    static func precedes(_ a: Number, _ b: Number) -> Bool {
        if case .float(let x) = a, case .float(let y) = b { return x.compare(y) < 0 }
        return Number.compare(a, b) < 0
    }

    /// The sorted values at h = (n − 1)·p, interpolated linearly between neighbours: x⌊h⌋ +
    /// (h − ⌊h⌋)(x⌊h⌋₊₁ − x⌊h⌋), exactly. `position` is h ≥ 0, exact.
    static func interpolated(_ sorted: [Number], at position: Number) throws(Failure) -> Number {
        let (n, d) = position.fraction!
        let whole = ExactInteger.divide(n, by: d, rounding: .down).quotient
        guard case .small(let j) = whole, j < sorted.count else { return exactValue(sorted[sorted.count - 1]) }
        let below = exactValue(sorted[j])
        let fraction = try Exact.subtract(position, .integer(whole))
        if fraction.isZero || j + 1 >= sorted.count { return below }
        let above = exactValue(sorted[j + 1])
        return try Exact.add(below, try Exact.multiply(fraction, try Exact.subtract(above, below)))
    }

    /// The middle value, or the mean of the two middle values of an even count.
    static func median(_ values: [Number], _ kind: PartKind) throws(Failure) -> Number {
        let middle = try interpolated(sortedValues(values), at: Number.ratio(.small(values.count - 1), .small(2)))
        return try rounded(middle, kind, "median")
    }

    static func quantileValue(_ values: [Number], _ p: Number, digits: Int?) throws(Failure) -> Number {
        if p.isCollection { throw notNumber("quantile", p, "its p is") }
        if p.isComplex { throw notReal("quantile", p) }
        try requireNumbers(values, "quantile")
        try requireCount(values.count, atLeast: 1, "quantile")
        if let z = values.first(where: \.isComplex) { throw notReal("quantile", z) }
        let exactP = exactValue(p)
        guard Number.compare(exactP, Number(0)) >= 0, Number.compare(exactP, Number(1)) <= 0 else {
            throw Failure(code: .outOfDomain, message: "quantile needs p between 0 and 1, got \(text(p))")
        }
        let position = try Exact.multiply(Number(values.count - 1), exactP)
        return try rounded(try interpolated(sortedValues(values), at: position), resultKind(values + [p], digits: digits), "quantile")
    }

    /// The least or greatest value, in the result's kind.
    static func extreme(_ values: [Number], _ kind: PartKind, maximum: Bool) throws(Failure) -> Number {
        var best = values[0]
        for x in values.dropFirst() {
            if maximum ? precedes(best, x) : precedes(x, best) { best = x }
        }
        return try rounded(exactValue(best), kind, maximum ? "maximum" : "minimum")
    }
}
