import CGMP
import CMPFR

/// The arithmetic of `--digits N`: every word that has no exact answer, computed by MPFR at the
/// digits the operands carry (at most N) and correctly rounded there. Exact operands enter
/// rounded to the working precision; a double enters exactly and carries its 17 digits.
/// Domain errors are the doubles' errors, with the same codes.
extension BigFloat {
    typealias Pointer = UnsafeMutablePointer<__mpfr_struct>
    typealias Operand = UnsafePointer<__mpfr_struct>

    /// A value as an MPFR number of `digits` digits (exact operands rounded to nearest, to
    /// `precision` bits if given).
    public static func from(_ n: Number, digits: Int, precision: Int? = nil) -> BigFloat {
        switch n {
        case .float(let f): return f
        case .complex(let z): return from(z.re, digits: digits, precision: precision)  // not reached: parts are read one by one
        case .list, .quotation: return BigFloat(digits: digits, precision: precision) { mpfr_set_nan($0) }  // not reached: lists go element by element
        case .real(let d): return BigFloat(digits: Swift.min(digits, doubleDigits)) { mpfr_set_d($0, d, MPFR_RNDN) }
        case .integer(.small(let i)): return BigFloat(digits: digits, precision: precision) { mpfr_set_si($0, i, MPFR_RNDN) }
        case .integer(.big(let z)):
            return BigFloat(digits: digits, precision: precision) { x in _ = z.withPointer { mpfr_set_z(x, $0, MPFR_RNDN) } }
        case .rational(let r):
            let p = big(r.numerator), q = big(r.denominator)
            return BigFloat(digits: digits, precision: precision) { x in
                p.withPointer { p in
                    q.withPointer { q in
                        // n/d with one rounding: the quotient of the two exact integers.
                        var a = __mpfr_struct(), b = __mpfr_struct()
                        mpfr_init2(&a, mpfr_prec_t(Swift.max(64, __gmpz_sizeinbase(p, 2))))
                        mpfr_init2(&b, mpfr_prec_t(Swift.max(64, __gmpz_sizeinbase(q, 2))))
                        mpfr_set_z(&a, p, MPFR_RNDN)
                        mpfr_set_z(&b, q, MPFR_RNDN)
                        mpfr_div(x, &a, &b, MPFR_RNDN)
                        mpfr_clear(&a)
                        mpfr_clear(&b)
                    }
                }
            }
        }
    }

    static func big(_ i: ExactInteger) -> BigInteger {
        switch i {
        case .small(let v): BigInteger(v)
        case .big(let b): b
        }
    }

    /// π or e at `digits` digits.
    public static func constant(_ op: BuiltinID, digits: Int) -> BigFloat {
        BigFloat(digits: digits) { x in
            if op == .pi {
                mpfr_const_pi(x, MPFR_RNDN)
            } else {
                var one = __mpfr_struct()
                mpfr_init2(&one, 2)
                mpfr_set_ui(&one, 1, MPFR_RNDN)
                mpfr_exp(x, &one, MPFR_RNDN)
                mpfr_clear(&one)
            }
        }
    }

    public var negated: BigFloat {
        BigFloat(digits: digits) { x in withPointer { _ = mpfr_neg(x, $0, MPFR_RNDN) } }
    }

    /// The exact value: n / 2^k (k ≥ 0).
    var exactFraction: (ExactInteger, ExactInteger) {
        var exponent = 0
        let significand = ExactInteger(BigInteger { z in exponent = withPointer { Int(mpfr_get_z_2exp(z, $0)) } })
        return exponent >= 0 ? (significand.shiftedLeft(exponent), .one) : (significand, ExactInteger.one.shiftedLeft(-exponent))
    }
}

/// Words on `--digits` values.
enum BigFloatArithmetic {
    typealias Pointer = BigFloat.Pointer
    typealias Operand = BigFloat.Operand

    enum Outcome {
        case value(Number)
        case failure(DiagnosticCode, String)
        /// MPFR has no form of this word: the caller computes in doubles.
        case unsupported
    }

    static func text(_ x: BigFloat) -> String { NumberFormat().string(.float(x)) }

    /// `op` on one value at `digits` digits (fewer if the operand carries fewer).
    static func unary(_ op: BuiltinID, _ a: Number, digits: Int, angle: AngleUnit) -> Outcome {
        let x = BigFloat.from(a, digits: digits)
        let sign = x.signum
        var glyph: String { Builtin[op].glyph }
        func result(_ f: (Pointer, Operand) -> Int32) -> Outcome {
            let r = correctlyRounded(digits: x.digits, exact: a.isExact, operands: (a, nil)) { z, precision in
                let operand = precision.map { BigFloat.from(a, digits: digits, precision: operandBits(a, $0)) } ?? x
                return operand.withPointer { f(z, $0) }
            }
            if r.isNaN { return .failure(.outOfDomain, "\(glyph)(\(text(x))) is not a real number") }
            if !r.isFinite { return .failure(.notFinite, "\(glyph)(\(text(x))) is not finite") }
            return .value(.float(r))
        }
        let degrees = angle == .degrees
        switch op {
        case .sqrt:
            if sign < 0 { return .failure(.sqrtOfNegative, DomainMessage.sqrtOfNegative(text(x))) }
            return result { mpfr_sqrt($0, $1, MPFR_RNDN) }
        case .cbrt: return result { mpfr_cbrt($0, $1, MPFR_RNDN) }
        case .sin: return result { degrees ? mpfr_sinu($0, $1, 360, MPFR_RNDN) : mpfr_sin($0, $1, MPFR_RNDN) }
        case .cos: return result { degrees ? mpfr_cosu($0, $1, 360, MPFR_RNDN) : mpfr_cos($0, $1, MPFR_RNDN) }
        case .tan: return result { degrees ? mpfr_tanu($0, $1, 360, MPFR_RNDN) : mpfr_tan($0, $1, MPFR_RNDN) }
        case .asin, .acos:
            if x.withPointer({ mpfr_cmpabs_ui($0, 1) }) > 0 {
                return .failure(.outOfDomain, DomainMessage.outsideUnitInterval(glyph, text(x)))
            }
            return result {
                op == .asin ? (degrees ? mpfr_asinu($0, $1, 360, MPFR_RNDN) : mpfr_asin($0, $1, MPFR_RNDN))
                    : (degrees ? mpfr_acosu($0, $1, 360, MPFR_RNDN) : mpfr_acos($0, $1, MPFR_RNDN))
            }
        case .atan: return result { degrees ? mpfr_atanu($0, $1, 360, MPFR_RNDN) : mpfr_atan($0, $1, MPFR_RNDN) }
        case .ln, .log, .log2:
            if sign <= 0 { return .failure(.logOfNonPositive, DomainMessage.logOfNonPositive(text(x))) }
            return result {
                op == .ln ? mpfr_log($0, $1, MPFR_RNDN) : op == .log ? mpfr_log10($0, $1, MPFR_RNDN) : mpfr_log2($0, $1, MPFR_RNDN)
            }
        case .exp: return result { mpfr_exp($0, $1, MPFR_RNDN) }
        case .exp10: return result { mpfr_exp10($0, $1, MPFR_RNDN) }
        case .sinh: return result { mpfr_sinh($0, $1, MPFR_RNDN) }
        case .cosh: return result { mpfr_cosh($0, $1, MPFR_RNDN) }
        case .tanh: return result { mpfr_tanh($0, $1, MPFR_RNDN) }
        case .asinh: return result { mpfr_asinh($0, $1, MPFR_RNDN) }
        case .acosh:
            if x.withPointer({ mpfr_cmp_ui($0, 1) }) < 0 {
                return .failure(.outOfDomain, DomainMessage.acoshBelowOne(text(x)))
            }
            return result { mpfr_acosh($0, $1, MPFR_RNDN) }
        case .atanh:
            if x.withPointer({ mpfr_cmpabs_ui($0, 1) }) >= 0 {
                return .failure(.outOfDomain, DomainMessage.atanhOutside(text(x)))
            }
            return result { mpfr_atanh($0, $1, MPFR_RNDN) }
        case .abs: return result { mpfr_abs($0, $1, MPFR_RNDN) }
        case .negate: return .value(.float(x.negated))
        case .sq: return result { mpfr_sqr($0, $1, MPFR_RNDN) }
        case .inv:
            if sign == 0 { return .failure(.divisionByZero, "division by zero") }
            return result { mpfr_ui_div($0, 1, $1, MPFR_RNDN) }
        case .floor: return integral(x) { mpfr_floor($0, $1) }
        case .ceil: return integral(x) { mpfr_ceil($0, $1) }
        case .round: return integral(x) { mpfr_round($0, $1) }
        case .trunc: return integral(x) { mpfr_trunc($0, $1) }
        case .fp: return result { mpfr_frac($0, $1, MPFR_RNDN) }
        case .sign: return .value(.integer(.small(sign)))
        default: return .unsupported
        }
    }

    /// The result of `compute(z, precision)`. With exact operands (`exact`), they are read at
    /// `operandBits` for a result of `precision` bits, so that their rounding moves the result
    /// by far less than its last bit, and the result is computed again at twice the bits until
    /// its digits are decided (`decidesItsDigits`): a value of exact operands shows the true
    /// value's digits correctly rounded even next to a decimal midpoint; an exact result
    /// (ternary 0) is decided at once. Inexact operands carry their own error: their result
    /// is the one computation (`precision` nil: the operands as they are).
    static func correctlyRounded(digits: Int, exact: Bool, operands: (Number, Number?),
                                 _ compute: (Pointer, Int?) -> Int32) -> BigFloat {
        var ternary: Int32 = 0
        var precision = BigFloat.precision(digits: digits)
        guard exact else { return BigFloat(digits: digits) { ternary = compute($0, nil) } }
        // Operands that the working precision rounds (1/3, a 60-digit literal) move the result
        // by their rounding times the function's condition, which can be huge (ln near 1):
        // then a result is taken only when one computed with twice the bits has its digits.
        let rounded = !exactAt(operandBits(operands.0, precision), operands.0)
            || operands.1.map { !exactAt(operandBits($0, precision), $0) } == true
        var r = BigFloat(digits: digits) { ternary = compute($0, precision) }
        while ternary != 0, precision < BigFloat.precision(digits: digits) * 64 {
            let p = precision * 2
            var next: BigFloat?
            if rounded {
                var t: Int32 = 0
                next = BigFloat(digits: digits, precision: p) { t = compute($0, p) }
                if r.decidesItsDigits, r.digitText == next!.digitText { break }
                ternary = t
            } else if r.decidesItsDigits {
                break
            }
            precision = p
            r = next ?? BigFloat(digits: digits, precision: p) { ternary = compute($0, p) }
        }
        return r
    }

    /// Whether an exact value is an MPFR number of `bits` bits: an integer that fits, or a
    /// fraction over a power of two whose numerator fits.
    static func exactAt(_ bits: Int, _ a: Number) -> Bool {
        switch a {
        case .integer(let i): return i.bitLength <= bits
        case .rational(let r):
            let d = r.denominator
            return d.bitLength >= 1 && ExactInteger.one.shiftedLeft(d.bitLength - 1) == d && r.numerator.bitLength <= bits
        default: return true
        }
    }

    /// The bits an exact operand is read with for a result of `precision` bits: 64 more, and as
    /// many more as its integer part has (sin of 10^100 needs the operand's 333 bits of
    /// magnitude and then the result's).
    static func operandBits(_ a: Number, _ precision: Int) -> Int {
        let magnitude = switch a {
        case .integer(let i): i.bitLength
        case .rational(let r): Swift.max(0, r.numerator.bitLength - r.denominator.bitLength)
        default: 0
        }
        return precision + 64 + magnitude
    }

    /// floor, ceil, round, trunc: an integer, exactly (as they give for doubles' integers).
    static func integral(_ x: BigFloat, _ f: (Pointer, Operand) -> Int32) -> Outcome {
        let r = BigFloat(digits: x.digits) { z in
            mpfr_set_prec(z, Swift.max(2, x.withPointer { mpfr_get_prec($0) }))
            _ = x.withPointer { f(z, $0) }
        }
        let (n, d) = r.exactFraction
        return .value(d == .one ? .integer(n) : Number.ratio(n, d))
    }

    /// `op` on two values at `digits` digits (fewer if an operand carries fewer).
    static func binary(_ op: BuiltinID, _ a: Number, _ b: Number, digits: Int, angle: AngleUnit) -> Outcome {
        // `+ − ×` of two values already of N digits (a loop's running sum): one MPFR call,
        // none of the general path's reading of operands.
        if op == .add || op == .subtract || op == .multiply, case .float(let x) = a, case .float(let y) = b {
            let r = BigFloat(digits: Swift.min(x.digits, y.digits)) { z in
                x.withPointer { p in
                    y.withPointer { q in
                        _ = op == .add ? mpfr_add(z, p, q, MPFR_RNDN)
                            : op == .subtract ? mpfr_sub(z, p, q, MPFR_RNDN) : mpfr_mul(z, p, q, MPFR_RNDN)
                    }
                }
            }
            return r.isFinite ? .value(.float(r)) : .failure(.notFinite, DomainMessage.tooLarge(Builtin[op].glyph))
        }
        let x = BigFloat.from(a, digits: digits), y = BigFloat.from(b, digits: digits)
        let carried = Swift.min(x.digits, y.digits)
        var glyph: String { Builtin[op].glyph }
        func result(_ f: (Pointer, Operand, Operand) -> Int32) -> Outcome {
            let r = correctlyRounded(digits: carried, exact: a.isExact && b.isExact, operands: (a, b)) { z, precision in
                let (u, v) = precision.map { (BigFloat.from(a, digits: digits, precision: operandBits(a, $0)),
                                              BigFloat.from(b, digits: digits, precision: operandBits(b, $0))) } ?? (x, y)
                return u.withPointer { p in v.withPointer { q in f(z, p, q) } }
            }
            if r.isNaN { return .failure(.notFinite, "\(text(x))\(glyph)\(text(y)) is not a real number") }
            if !r.isFinite { return .failure(.notFinite, DomainMessage.tooLarge(glyph)) }
            return .value(.float(r))
        }
        switch op {
        case .add: return result { mpfr_add($0, $1, $2, MPFR_RNDN) }
        case .subtract: return result { mpfr_sub($0, $1, $2, MPFR_RNDN) }
        case .multiply: return result { mpfr_mul($0, $1, $2, MPFR_RNDN) }
        case .divide:
            if y.isZero { return .failure(.divisionByZero, "division by zero") }
            return result { mpfr_div($0, $1, $2, MPFR_RNDN) }
        case .power:
            if x.isZero, y.signum < 0 {
                return .failure(.divisionByZero, DomainMessage.zeroToNegativePower)
            }
            if x.signum < 0, !y.isInteger {
                return .failure(.notFinite, DomainMessage.powerNotReal(text(x), text(y)))
            }
            return result { mpfr_pow($0, $1, $2, MPFR_RNDN) }
        case .root:
            if y.isZero { return .failure(.outOfDomain, DomainMessage.zerothRoot) }
            let odd = y.isInteger && y.withPointer { q in
                var t = __mpfr_struct()
                mpfr_init2(&t, mpfr_get_prec(q))
                defer { mpfr_clear(&t) }
                mpfr_div_2ui(&t, q, 1, MPFR_RNDN)
                return mpfr_integer_p(&t) == 0
            }
            if x.signum < 0, !odd { return .failure(.notFinite, DomainMessage.rootNotReal(text(x), text(y))) }
            if x.isZero, y.signum < 0 { return .failure(.divisionByZero, DomainMessage.negativeRootOfZero) }
            return result { z, p, q in
                // |x|^(1/n), with 1/n carried further than the result.
                var t = __mpfr_struct(), m = __mpfr_struct()
                mpfr_init2(&t, mpfr_get_prec(z) + 64)
                mpfr_init2(&m, mpfr_get_prec(p))
                let reciprocal = mpfr_ui_div(&t, 1, q, MPFR_RNDN)
                mpfr_abs(&m, p, MPFR_RNDN)
                let power = mpfr_pow(z, &m, &t, MPFR_RNDN)
                if mpfr_sgn(p) < 0 { mpfr_neg(z, z, MPFR_RNDN) }
                mpfr_clear(&t)
                mpfr_clear(&m)
                return reciprocal != 0 || power != 0 ? 1 : 0
            }
        case .hypot: return result { mpfr_hypot($0, $1, $2, MPFR_RNDN) }
        case .atan2:
            if x.isZero, y.isZero { return .value(.integer(.small(0))) }
            return result { angle == .degrees ? mpfr_atan2u($0, $1, $2, 360, MPFR_RNDN) : mpfr_atan2($0, $1, $2, MPFR_RNDN) }
        case .min: return .value(.float(x.compare(y) <= 0 ? x : y))
        case .max: return .value(.float(x.compare(y) >= 0 ? x : y))
        case .percent:
            return result { z, p, q in mpfr_mul(z, p, q, MPFR_RNDN) != 0 || mpfr_div_ui(z, z, 100, MPFR_RNDN) != 0 ? 1 : 0 }
        case .percentChange:
            if x.isZero { return .failure(.divisionByZero, DomainMessage.percentChangeFromZero) }
            return result { z, p, q in
                let steps = [mpfr_sub(z, q, p, MPFR_RNDN), mpfr_mul_ui(z, z, 100, MPFR_RNDN), mpfr_div(z, z, p, MPFR_RNDN)]
                return steps.contains { $0 != 0 } ? 1 : 0
            }
        default:
            if let operation = ExactOperation(op), case .value(let truth)? = Number.truth(operation, a, b) {
                return .value(truth)
            }
            return .unsupported
        }
    }
}
