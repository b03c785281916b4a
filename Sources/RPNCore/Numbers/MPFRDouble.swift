import CMPFR

/// Functions of doubles computed by MPFR and rounded once to the nearest double: the slow,
/// always right half of `CorrectRounding`.
///
/// Ziv's strategy: compute at 64 bits, and at twice the bits while the approximation does not
/// decide the rounding to 53 bits (`mpfr_can_round` at 54 bits: no double and no midpoint
/// between two doubles lies within its error). An exact result (MPFR's ternary 0) decides at
/// once, so a result that is itself a midpoint, rounded to even, does not loop. `mpfr_get_d`
/// then rounds once, into the subnormals too. MPFR's own exponent range is never narrowed,
/// so no global setting of the library is touched.
enum MPFRDouble {
    typealias Pointer = UnsafeMutablePointer<__mpfr_struct>
    typealias Unary = (Pointer, UnsafePointer<__mpfr_struct>, mpfr_rnd_t) -> Int32
    typealias Binary = (Pointer, UnsafePointer<__mpfr_struct>, UnsafePointer<__mpfr_struct>, mpfr_rnd_t) -> Int32

    /// Past this many bits the approximation is taken as it is; the hardest doubles of the
    /// elementary functions need under 160 (Lefèvre and Muller's worst cases).
    static let maxPrecision = 1 << 14

    /// `compute(z, precision)` sets `z` (of that precision) to the function's value with an
    /// error below one unit in its last place, and says whether it is exact.
    static func rounded(_ compute: (Pointer, Int) -> Bool) -> Double {
        var precision = 64
        while true {
            var z = __mpfr_struct()
            mpfr_init2(&z, mpfr_prec_t(precision))
            defer { mpfr_clear(&z) }
            let exact = compute(&z, precision)
            if exact || precision >= maxPrecision || mpfr_nan_p(&z) != 0 || mpfr_inf_p(&z) != 0
                || mpfr_can_round(&z, mpfr_exp_t(precision - 1), MPFR_RNDN, MPFR_RNDZ, 54) != 0 {
                return mpfr_get_d(&z, MPFR_RNDN)
            }
            precision *= 2
        }
    }

    /// f(x), f correctly rounded by MPFR at any precision.
    static func unary(_ x: Double, _ f: Unary) -> Double {
        withOperand(x) { a in rounded { z, _ in f(z, a, MPFR_RNDN) == 0 } }
    }

    /// f(a, b), f correctly rounded by MPFR at any precision.
    static func binary(_ a: Double, _ b: Double, _ f: Binary) -> Double {
        withOperand(a) { a in withOperand(b) { b in rounded { z, _ in f(z, a, b, MPFR_RNDN) == 0 } } }
    }

    /// y^(1/n) for |y| and a double n that need not be an integer: 1/n is carried 64 bits
    /// further than the result, so its error stays far below the result's last bit (the
    /// result is a double only while |ln y / n| < 745).
    static func root(_ y: Double, _ n: Double) -> Double {
        withOperand(y) { y in
            withOperand(n) { n in
                rounded { z, precision in
                    var t = __mpfr_struct()
                    mpfr_init2(&t, mpfr_prec_t(precision + 64))
                    defer { mpfr_clear(&t) }
                    let reciprocalExact = mpfr_ui_div(&t, 1, n, MPFR_RNDN) == 0
                    return mpfr_pow(z, y, &t, MPFR_RNDN) == 0 && reciprocalExact
                }
            }
        }
    }

    /// A double as an MPFR number of 53 bits (exact).
    static func withOperand<R>(_ x: Double, _ body: (UnsafePointer<__mpfr_struct>) -> R) -> R {
        var a = __mpfr_struct()
        mpfr_init2(&a, 53)
        defer { mpfr_clear(&a) }
        mpfr_set_d(&a, x, MPFR_RNDN)
        return withUnsafePointer(to: &a) { body($0) }
    }
}
