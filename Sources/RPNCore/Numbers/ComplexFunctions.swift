import CMPC
import CMPFR

/// The elementary functions of complex values, through MPC: each part of the result correctly
/// rounded to the nearest double (ties to even, into the subnormals), or at `--digits N` to the
/// binary precision of N digits (ComplexFunctions+BigFloat).
///
/// Principal values and branch cuts are C99 Annex G's (and MPC's). rpn has one zero, +0, so an
/// operand on a cut is on the +0 side of it, the side C99 gives a +0 part:
///   sqrt(−4) = 2i (the real part exactly 0), ln(−1) = πi, log(−100) = 2 + 1.3643763538418414i,
///   asin(2) = π/2 + 1.3169578969248168i, acos(2) = −1.3169578969248168i,
///   atanh(2) = 0.5493061443340549 + π/2 i, acosh(0.5) = 1.0471975511965979i,
///   atan(2i) = π/2 + 0.5493061443340549i, asinh(−2i) = 1.3169578969248168 − π/2 i.
/// (mpmath alone takes the other side at some cuts: its asin(2) is π/2 − 1.3169…i.)
/// cbrt is the principal z^(1/3) (cbrt(−8) = 1 + 1.7320508075688772i); a real operand's real
/// cube root is the caller's.
///
/// A part is ±infinity when the true value's is beyond the doubles (exp(710 + 0.5i) has an
/// infinite real part) or at a pole: ln(0) and log, log2 of 0 (−∞ + 0i), atanh(±1) (±∞),
/// atan(±i) (±∞ imaginary part). The caller reports those. MPC gave no NaN part for any finite
/// operand tried (overflowing exp, sin, cosh, power); a caller treats one as it treats ∞.
/// A zero part is +0.
enum ComplexFunctions {
    /// `op` (sqrt, cbrt, exp, exp10, ln, log, log2, sin, cos, tan, asin, acos, atan, sinh,
    /// cosh, tanh, asinh, acosh, atanh; trigonometry in radians) of re + im·i, or nil when `op`
    /// is not one of them.
    static func unary(_ op: BuiltinID, _ re: Double, _ im: Double) -> (re: Double, im: Double)? {
        guard isElementary(op) else { return nil }
        return ComplexRounding.withOperand(re, im) { z in ComplexRounding.doubles(computation(op, z)!) }
    }

    /// The principal z^w = exp(w log z). 0^w is 0 for Re w > 0 and 0^0 is 1; any other power of
    /// 0 is nil (a pole, or no value).
    static func power(_ z: (re: Double, im: Double), _ w: (re: Double, im: Double)) -> (re: Double, im: Double)? {
        if z.re == 0, z.im == 0 { return powerOfZero(w.re, w.im == 0) }
        return ComplexRounding.withOperand(z.re, z.im) { z in
            ComplexRounding.withOperand(w.re, w.im) { w in
                ComplexRounding.doubles { r, precision in
                    ComplexRounding.accuracy(mpc_pow(r, z, w, ComplexRounding.nearest), precision)
                }
            }
        }
    }

    /// The principal n-th root z^(1/n), n any nonzero complex value (usually an integer). nil
    /// for n = 0, and for z = 0 unless Re n > 0 (then 0).
    static func root(_ z: (re: Double, im: Double), _ n: (re: Double, im: Double)) -> (re: Double, im: Double)? {
        if n.re == 0, n.im == 0 { return nil }
        // Re(1/n) has the sign of Re n.
        if z.re == 0, z.im == 0 { return n.re > 0 ? (0, 0) : nil }
        return ComplexRounding.withOperand(z.re, z.im) { z in
            ComplexRounding.withOperand(n.re, n.im) { n in
                ComplexRounding.doubles { r, precision in root(r, z, n, precision) }
            }
        }
    }

    /// 0^w: 0 for Re w > 0, 1 for w = 0, else nil.
    static func powerOfZero(_ realPartOfW: Double, _ wIsReal: Bool) -> (re: Double, im: Double)? {
        if realPartOfW > 0 { return (0, 0) }
        return realPartOfW == 0 && wIsReal ? (1, 0) : nil
    }
}
