import CMPFR
import PlatformMath  // libm only: the core does no I/O

/// The elementary functions of doubles, correctly rounded: the double nearest the exact value
/// (ties to even), which libm's double functions do not promise (`deg 45 cos` was one unit in
/// the last place off).
///
/// The fast path computes in x87 extended precision (64 bits, 11 more than a double) with
/// libm's `long double` functions, whose error is at most 2.8 units in the 64-bit last place
/// (measured against MPFR over 200,000 random operands per function and range; glibc's own
/// tables say 1–3). Allowing 16 units (`errorUnits`), the approximation decides the double
/// when both ends of its error interval round to the same double: Ziv's rounding test. The
/// test fails only within 2^-7 of a unit of a midpoint between two doubles, about one operand
/// in 64; those, and anything the fast path cannot bound, go to `MPFRDouble`, which is always
/// right. `tests/numerics` checks both against mpmath.
enum CorrectRounding {
    /// The fast path's error bound, in units of the 64-bit approximation's last place: 2^4.
    static let errorUnitsLog2 = 4

    enum Function: CaseIterable, Sendable {
        case cbrt, exp, exp10, ln, log10, log2
        case sin, cos, tan, asin, acos, atan
        case sinh, cosh, tanh, asinh, acosh, atanh
    }

    /// f(x) correctly rounded; NaN where f is not real at x (the caller checks domains first).
    static func value(_ f: Function, _ x: Double) -> Double {
        if let decided = decided(approximation(f, Float80(x))) { return decided }
        return MPFRDouble.unary(x, mpfrFunction(f))
    }

    /// The double that every value within the fast path's error of `y` rounds to, or nil when
    /// `y` does not decide it (or is zero, infinite or NaN: MPFR answers those).
    @inline(__always)
    static func decided(_ y: Float80) -> Double? {
        guard y.isFinite, y != 0 else { return nil }
        let error = Float80(sign: .plus, exponent: y.exponent - 63 + errorUnitsLog2, significand: 1)
        let rounded = Double(y)
        return Double(y - error) == rounded && Double(y + error) == rounded ? rounded : nil
    }

    static func approximation(_ f: Function, _ x: Float80) -> Float80 {
        switch f {
        case .cbrt: cbrtl(x)
        case .exp: expl(x)
        case .exp10: powl(10, x)
        case .ln: logl(x)
        case .log10: log10l(x)
        case .log2: log2l(x)
        case .sin: sinl(x)
        case .cos: cosl(x)
        case .tan: tanl(x)
        case .asin: asinl(x)
        case .acos: acosl(x)
        case .atan: atanl(x)
        case .sinh: sinhl(x)
        case .cosh: coshl(x)
        case .tanh: tanhl(x)
        case .asinh: asinhl(x)
        case .acosh: acoshl(x)
        case .atanh: atanhl(x)
        }
    }

    static func mpfrFunction(_ f: Function) -> MPFRDouble.Unary {
        switch f {
        case .cbrt: { mpfr_cbrt($0, $1, $2) }
        case .exp: { mpfr_exp($0, $1, $2) }
        case .exp10: { mpfr_exp10($0, $1, $2) }
        case .ln: { mpfr_log($0, $1, $2) }
        case .log10: { mpfr_log10($0, $1, $2) }
        case .log2: { mpfr_log2($0, $1, $2) }
        case .sin: { mpfr_sin($0, $1, $2) }
        case .cos: { mpfr_cos($0, $1, $2) }
        case .tan: { mpfr_tan($0, $1, $2) }
        case .asin: { mpfr_asin($0, $1, $2) }
        case .acos: { mpfr_acos($0, $1, $2) }
        case .atan: { mpfr_atan($0, $1, $2) }
        case .sinh: { mpfr_sinh($0, $1, $2) }
        case .cosh: { mpfr_cosh($0, $1, $2) }
        case .tanh: { mpfr_tanh($0, $1, $2) }
        case .asinh: { mpfr_asinh($0, $1, $2) }
        case .acosh: { mpfr_acosh($0, $1, $2) }
        case .atanh: { mpfr_atanh($0, $1, $2) }
        }
    }

    /// a^b correctly rounded (NaN for a negative base and a non-integer exponent). Exact
    /// cases (a power of two to an integer, 4^0.5) come out exact: an exact result is no
    /// midpoint, so the test decides it, and MPFR knows exactness itself.
    static func power(_ a: Double, _ b: Double) -> Double {
        if b == 0 || a == 1 { return 1 }
        if a == 0 || a.isInfinite || b.isInfinite { return pow(a, b) }
        let y = powl(Float80(a), Float80(b))
        if y.isNaN { return .nan }
        if let decided = decided(y) { return decided }
        return MPFRDouble.binary(a, b) { mpfr_pow($0, $1, $2, $3) }
    }

    /// atan2(y, x) in radians, correctly rounded.
    static func atan2(_ y: Double, _ x: Double) -> Double {
        if y == 0 || x.isInfinite || y.isInfinite { return PlatformMath.atan2(y, x) }
        if let decided = decided(atan2l(Float80(y), Float80(x))) { return decided }
        return MPFRDouble.binary(y, x) { mpfr_atan2($0, $1, $2, $3) }
    }

    /// √(a² + b²) correctly rounded.
    static func hypot(_ a: Double, _ b: Double) -> Double {
        if a == 0 || b == 0 || a.isInfinite || b.isInfinite { return PlatformMath.hypot(a, b) }
        if let decided = decided(hypotl(Float80(a), Float80(b))) { return decided }
        return MPFRDouble.binary(a, b) { mpfr_hypot($0, $1, $2, $3) }
    }

    /// |y|^(1/n) correctly rounded, for finite y ≠ 0 and n ≠ 0. An integer n reduces the
    /// exponent of y exactly first (|y| = m·2^(qn+s), the root 2^q·(m·2^s)^(1/n)), so the
    /// approximation's error does not grow with y; other n go through MPFR unless ln|y|/n is
    /// small enough for the error of 1/n to stay within the bound.
    static func root(_ y: Double, _ n: Double) -> Double {
        let magnitude = y.magnitude
        if let k = Int(exactly: n), k.magnitude <= 1 << 30 {
            let order = Int(k.magnitude)
            if order == 1 { return k < 0 ? 1 / magnitude : magnitude }
            if order == 2, k > 0 { return magnitude.squareRoot() }
            let exponent = Int(Float80(magnitude).exponent)
            let s = (exponent % order + order) % order, q = (exponent - s) / order
            let reduced = Float80(sign: .plus, exponent: s, significand: Float80(magnitude).significand)  // [1, 2^order)
            var approximation = order == 3 ? cbrtl(reduced) : exp2l(log2l(reduced) / Float80(order))
            approximation = Float80(sign: .plus, exponent: approximation.exponent + q,
                                    significand: approximation.significand)
            if k < 0 { approximation = 1 / approximation }
            if let decided = decided(approximation) { return decided }
            return MPFRDouble.unary(magnitude) { mpfr_rootn_si($0, $1, k, $2) }
        }
        if (PlatformMath.log2(magnitude) / n).magnitude <= 4, let decided = decided(powl(Float80(magnitude), 1 / Float80(n))) { return decided }
        return MPFRDouble.root(magnitude, n)
    }
}
