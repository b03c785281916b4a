/// `rat` (issue 18, HP's →Q): a double to the simplest fraction that rounds to it.
///
/// The reals that round to a double x (to nearest, ties to even) form an interval around it,
/// from halfway to the double below to halfway to the double above, its ends included when
/// x's significand is even. Among the fractions in it, `rat` gives the one of least
/// denominator (then least numerator): `0.1` is 1/10, `0.3333333333333333` is 1/3, π's
/// double is 245850922/78256779. Where the interval holds integers (x is then whole: a
/// double that is not whole is less than half an ulp from none) the answer is x itself, not
/// the least integer of the interval: `1e20 rat` is 10^20.
///
/// The search is the walk down the Stern–Brocot tree, a continued-fraction step at a time:
/// a loop of at most about 1100 steps (a subnormal's interval), never recursion.
extension Rational {
    /// The simplest fraction that rounds to `x` (finite): an integer when x is whole.
    static func simplest(roundingTo x: Double) -> Number {
        let exact = Number.exactly(x)
        guard case .rational = exact else { return exact }  // whole (or zero): itself
        let negative = x < 0
        let m = x.magnitude
        // The ends, halfway to the neighbours: (m + m⁻)/2 and (m + m⁺)/2, exactly.
        let (low, high) = (Number.exactly(m.nextDown), Number.exactly(m.nextUp))
        let closed = m.bitPattern & 1 == 0
        guard let (mn, md) = exact.magnitudeFraction, let (ln, ld) = low.fraction, let (hn, hd) = high.fraction else {
            return exact
        }
        // a/b + c/d halved: (a·d + c·b) / (2·b·d).
        let lo = (ln * md + mn * ld, (ld * md).shiftedLeft(1))
        let hi = (hn * md + mn * hd, (hd * md).shiftedLeft(1))
        let (p, q) = simplestBetween(lo, hi, closed: closed)
        return Number.ratio(negative ? -p : p, q)
    }

    /// The fraction of least denominator in the interval from lo to hi (0 ≤ lo < hi, each a
    /// numerator over a positive denominator), its ends included when `closed`.
    static func simplestBetween(_ lo: (ExactInteger, ExactInteger), _ hi: (ExactInteger, ExactInteger),
                                closed: Bool) -> (ExactInteger, ExactInteger) {
        // x = (p1·y + p0) / (q1·y + q0), y the rest of the continued fraction, in [lo, hi].
        var (p1, p0, q1, q0) = (ExactInteger.one, ExactInteger.zero, ExactInteger.zero, ExactInteger.one)
        var (ln, ld) = lo
        var (hn, hd) = hi  // hd zero: the upper end is +∞
        var lowIncluded = closed, highIncluded = closed
        while true {
            // The least integer in the interval, if any.
            let (t, r) = ExactInteger.divide(ln, by: ld, rounding: .down)
            let n = r.isZero && lowIncluded ? t : t + .one
            let inside = hd.isZero || {
                let c = ExactInteger.compare(n * hd, hn)
                return c < 0 || c == 0 && highIncluded
            }()
            if inside { return (p1 * n + p0, q1 * n + q0) }
            // No integer inside: both ends have the integer part t; y = 1 / (x − t).
            (p1, p0, q1, q0) = (p1 * t + p0, p1, q1 * t + q0, q1)
            let lowRest = r, highRest = hn - t * hd  // (lo − t)·ld, (hi − t)·hd
            // The new interval is [1/(hi − t), 1/(lo − t)], its ends swapped.
            (ln, ld, hn, hd) = (hd, highRest, ld, lowRest)
            (lowIncluded, highIncluded) = (highIncluded, lowIncluded)
        }
    }
}

extension Number {
    /// |x| as numerator and denominator (nil for `.real`).
    var magnitudeFraction: (ExactInteger, ExactInteger)? {
        guard let (n, d) = fraction else { return nil }
        return (n.isNegative ? -n : n, d)
    }
}
