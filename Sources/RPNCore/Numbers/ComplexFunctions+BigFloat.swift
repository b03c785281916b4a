import CMPC
import CMPFR

/// The complex functions at `--digits N`: operands are `BigFloat`s, results `BigFloat`s of
/// `digits` digits, each part correctly rounded to nearest at their binary precision
/// (`BigFloat.precision(digits:)`, the digits and the guard bits), by the same computations
/// and rounding test as the doubles' (ComplexRounding). The caller passes the digits the result
/// may carry: the fewest of the operands' and N. Conventions, poles and overflow as for doubles
/// (ComplexFunctions); an infinite part is a `BigFloat` that is not finite.
extension ComplexFunctions {
    typealias BigComplex = (re: BigFloat, im: BigFloat)

    /// `op` of re + im·i at `digits` digits, or nil when `op` is not one of the words.
    static func unary(_ op: BuiltinID, _ re: BigFloat, _ im: BigFloat, digits: Int) -> BigComplex? {
        guard isElementary(op) else { return nil }
        return withOperand((re, im)) { z in rounded(digits: digits, computation(op, z)!) }
    }

    /// The principal z^w at `digits` digits; powers of 0 as for doubles.
    static func power(_ z: BigComplex, _ w: BigComplex, digits: Int) -> BigComplex? {
        if z.re.isZero, z.im.isZero {
            return powerOfZero(Double(w.re.signum), w.im.isZero).map { (integer($0.re, digits), integer($0.im, digits)) }
        }
        return withOperand(z) { z in
            withOperand(w) { w in
                rounded(digits: digits) { r, precision in
                    ComplexRounding.accuracy(mpc_pow(r, z, w, ComplexRounding.nearest), precision)
                }
            }
        }
    }

    /// The principal z^(1/n) at `digits` digits; n = 0 and roots of 0 as for doubles.
    static func root(_ z: BigComplex, _ n: BigComplex, digits: Int) -> BigComplex? {
        if n.re.isZero, n.im.isZero { return nil }
        if z.re.isZero, z.im.isZero { return n.re.signum > 0 ? (integer(0, digits), integer(0, digits)) : nil }
        return withOperand(z) { z in
            withOperand(n) { n in rounded(digits: digits) { r, precision in root(r, z, n, precision) } }
        }
    }

    /// Both parts correctly rounded at the precision of `digits` digits. The computation starts
    /// 16 bits past it (the rounding test then fails for about one part in 2^14) and gives up
    /// deciding at 4 times its bits: a part that near a midpoint is on it.
    static func rounded(digits: Int, _ compute: ComplexRounding.Computation) -> BigComplex {
        let target = BigFloat.precision(digits: digits)
        let (re, im) = ComplexRounding.rounded(target: { _ in target }, start: target + 16, limit: 4 * target, compute) { x in
            BigFloat(digits: digits) { _ = mpfr_set($0, x, MPFR_RNDN) }
        }
        return (re, im)
    }

    static func integer(_ value: Double, _ digits: Int) -> BigFloat {
        BigFloat(digits: digits) { _ = mpfr_set_d($0, value, MPFR_RNDN) }
    }

    /// The two values as one MPC number: copies of their MPFR headers, whose limbs are shared
    /// and only read (as `BigFloat.withPointer` reads them), for as long as `body` runs.
    static func withOperand<R>(_ z: BigComplex, _ body: (ComplexOperand) -> R) -> R {
        withExtendedLifetime(z) {
            var operand = __mpc_struct(re: z.re.withPointer { $0.pointee }, im: z.im.withPointer { $0.pointee })
            return withUnsafePointer(to: &operand) { body($0) }
        }
    }
}
