import CGMP
import CMPFR

/// Functions of exact operands correctly rounded to a double from their exact values, not from
/// the operands rounded to doubles first: the modulus and argument of a Gaussian rational
/// (`3 4i + 5 ÷ arg` is atan2(4, 3) = 0.9272952180016122, where atan2(0.8, 0.6) of the rounded
/// parts gives …123).
extension MPFRDouble {
    /// √(n/d), d > 0, n ≥ 0. n/d is carried two bits past the result's precision (an error of
    /// 2^-(p+2) relative), which √ halves; with √'s own half unit the error stays below one
    /// unit, as `rounded` asks. A rational square root never gets here (it is exact).
    static func squareRoot(_ n: ExactInteger, _ d: ExactInteger) -> Double {
        withInteger(n) { n in
            withInteger(d) { d in
                rounded { z, precision in
                    var t = __mpfr_struct()
                    mpfr_init2(&t, mpfr_prec_t(precision + 2))
                    defer { mpfr_clear(&t) }
                    let exactQuotient = mpfr_div(&t, n, d, MPFR_RNDN) == 0
                    return mpfr_sqrt(z, &t, MPFR_RNDN) == 0 && exactQuotient
                }
            }
        }
    }

    /// atan2(y, x) of two integers, not both 0, in radians or degrees (MPFR's atan2u with a
    /// full turn of 360, exact where the angle is: 45, 90).
    static func atan2(_ y: ExactInteger, _ x: ExactInteger, degrees: Bool) -> Double {
        withInteger(y) { y in
            withInteger(x) { x in
                rounded { z, _ in (degrees ? mpfr_atan2u(z, y, x, 360, MPFR_RNDN) : mpfr_atan2(z, y, x, MPFR_RNDN)) == 0 }
            }
        }
    }

    /// An integer as an MPFR number of as many bits as it has (exact).
    static func withInteger<R>(_ i: ExactInteger, _ body: (UnsafePointer<__mpfr_struct>) -> R) -> R {
        i.withMPZ { z in
            var a = __mpfr_struct()
            mpfr_init2(&a, mpfr_prec_t(Swift.max(2, __gmpz_sizeinbase(z, 2))))
            defer { mpfr_clear(&a) }
            mpfr_set_z(&a, z, MPFR_RNDN)
            return withUnsafePointer(to: &a) { body($0) }
        }
    }
}
