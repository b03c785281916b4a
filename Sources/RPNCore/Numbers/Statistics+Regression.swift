extension Statistics {
    /// Pearson's r = Sxy / √(Sxx·Syy) = sign(Sxy)·√(Sxy² / (Sxx·Syy)): the √ of an exact
    /// rational, so exact when that is a square, else correctly rounded from the exact value.
    static func correlationValue(_ xs: [Number], _ ys: [Number], digits: Int?) throws(Failure) -> Number {
        let m = try pairedMoments(xs, ys, "corr", minimumCount: 2)
        let sxx = try m.scaledSxx(), syy = try m.scaledSyy(), sxy = try m.scaledSxy()
        if sxx.isZero || syy.isZero {
            throw Failure(code: .outOfDomain,
                          message: "corr has no value when the \(sxx.isZero ? "xs" : "ys") are all equal")
        }
        let q = try Exact.divide(try Exact.multiply(sxy, sxy), try Exact.multiply(sxx, syy))
        let magnitude = try squareRoot(q, resultKind(xs + ys, digits: digits), digits: digits, "corr")
        return sxy.signum < 0 ? Number.negated(magnitude) : magnitude
    }

    /// The least-squares line: slope = Sxy/Sxx, intercept = (Σy − slope·Σx)/n, each exact,
    /// then rounded once.
    static func regressionLine(_ xs: [Number], _ ys: [Number], digits: Int?) throws(Failure) -> (slope: Number, intercept: Number) {
        let m = try pairedMoments(xs, ys, "linreg", minimumCount: 2)
        let sxx = try m.scaledSxx()
        if sxx.isZero {
            throw Failure(code: .outOfDomain, message: "linreg has no line when the xs are all equal")
        }
        let slope = try Exact.divide(try m.scaledSxy(), sxx)
        let intercept = try Exact.divide(try Exact.subtract(m.sy, try Exact.multiply(slope, m.sx)), Number(m.count))
        let kind = resultKind(xs + ys, digits: digits)
        return (try rounded(slope, kind, "slope"), try rounded(intercept, kind, "intercept"))
    }
}
