import CMPC
import CMPFR

/// Each part of a complex result rounded once, to a double or to a precision: Ziv's strategy
/// over MPC, part by part, as `MPFRDouble` does for real results.
///
/// A computation sets a complex number of a given precision and says, for each part, whether it
/// is exact or how far it may be off (`Accuracy`). A part is taken when that error cannot change
/// its rounding to nearest at the target precision: `mpfr_can_round` to nearest, which asks
/// only that no midpoint between two representable values lie within the error. A part that is
/// a representable value (cbrt(8i) = √3 + 1i, whose 1 a computation through 1/3 never gets
/// exactly) is then decided as soon as any other. The part not decided is computed again at
/// twice the bits. MPFR's exponent range is never narrowed: a double is rounded from the wide
/// result by `mpfr_get_d`, once, and the test asks for the precision a double has at the part's
/// exponent (fewer bits in the subnormals); no global setting of either library is touched.
enum ComplexRounding {
    typealias Complex = UnsafeMutablePointer<__mpc_struct>
    typealias ComplexOperand = UnsafePointer<__mpc_struct>
    typealias Part = UnsafeMutablePointer<__mpfr_struct>

    /// What a computation at `precision` bits knows of one part of its result.
    enum Accuracy {
        /// The part is the true value.
        case exact
        /// |part − true value| ≤ 2^(EXP(part) − bits), EXP as `mpfr_get_exp` (|part| < 2^EXP).
        case bits(Int)
    }

    /// `compute(r, precision)` sets `r` (both parts of `precision` bits) and says how accurate
    /// each part is.
    typealias Computation = (Complex, Int) -> (re: Accuracy, im: Accuracy)

    /// MPC_RNDNN (both parts to nearest), a macro Swift does not import.
    static let nearest = mpc_rnd_t(MPFR_RNDN.rawValue) | mpc_rnd_t(MPFR_RNDN.rawValue) << 4

    /// The accuracy of a result MPC rounded to nearest at `precision` bits, from its inexactness
    /// code (two bits a part, 0 when exact): within half a unit in its last place, so within
    /// 2^(EXP − precision − 1); taken as 2^(EXP − precision + 1), two units, to leave room.
    static func accuracy(_ inexact: Int32, _ precision: Int) -> (re: Accuracy, im: Accuracy) {
        (inexact & 3 == 0 ? .exact : .bits(precision - 1), inexact >> 2 == 0 ? .exact : .bits(precision - 1))
    }

    /// The real part of an MPC number (`mpc_realref`, a macro), writable when the number is.
    static func real(_ z: ComplexOperand) -> Part {
        UnsafeMutableRawPointer(mutating: z).assumingMemoryBound(to: __mpfr_struct.self)
    }

    /// The imaginary part of an MPC number (`mpc_imagref`, a macro), writable when the number is.
    static func imaginary(_ z: ComplexOperand) -> Part {
        (UnsafeMutableRawPointer(mutating: z) + MemoryLayout<__mpc_struct>.offset(of: \__mpc_struct.im)!)
            .assumingMemoryBound(to: __mpfr_struct.self)
    }

    /// Both parts, each rounded to nearest by `finish` once decided at `target(EXP)` bits (the
    /// target's precision at a part's exponent); computed from `start` bits, doubling, and taken
    /// as they are at `limit` bits (a part that close to a midpoint is almost surely on it: an
    /// exact midpoint the computation cannot see, which rounding to even may then miss).
    static func rounded<T>(target: (Int) -> Int, start: Int, limit: Int, _ compute: Computation,
                           _ finish: (UnsafePointer<__mpfr_struct>) -> T) -> (T, T) {
        var re: T?, im: T?
        var precision = start
        while true {
            var r = __mpc_struct()
            mpc_init2(&r, mpfr_prec_t(precision))
            defer { mpc_clear(&r) }
            let accuracy = compute(&r, precision)
            let last = precision >= limit
            if re == nil, decides(real(&r), accuracy.re, target, last) { re = finish(real(&r)) }
            if im == nil, decides(imaginary(&r), accuracy.im, target, last) { im = finish(imaginary(&r)) }
            if let re, let im { return (re, im) }
            precision *= 2
        }
    }

    /// Whether every value within the part's error rounds to the same number at the target's
    /// precision there. Zero, infinity and NaN are taken as they are: MPFR's exponent range is
    /// far wider than any target's, so a zero or an infinity there is one in the target too.
    /// Below one bit of precision (under half the least subnormal) the test is MPFRDouble's:
    /// no 54-bit number within the error, which 0, the least subnormal and the midpoint are.
    static func decides(_ x: Part, _ accuracy: Accuracy, _ target: (Int) -> Int, _ last: Bool) -> Bool {
        guard case .bits(let bits) = accuracy, !last, mpfr_regular_p(x) != 0 else { return true }
        let precision = target(Int(mpfr_get_exp(x)))
        if precision < 1 { return mpfr_can_round(x, mpfr_exp_t(bits), MPFR_RNDN, MPFR_RNDZ, 54) != 0 }
        return mpfr_can_round(x, mpfr_exp_t(bits), MPFR_RNDN, MPFR_RNDN, mpfr_prec_t(precision)) != 0
    }

    /// A double's precision at an MPFR exponent (|x| < 2^EXP): 53 bits down to the least
    /// normal, 2^-1022 (EXP −1021), then one bit fewer per binade, to 1 bit at 2^-1074.
    static func doublePrecision(exponent: Int) -> Int { Swift.min(53, exponent + 1074) }

    /// Both parts as doubles, correctly rounded; a zero part is +0 (rpn has one zero).
    static func doubles(_ compute: Computation) -> (re: Double, im: Double) {
        let (re, im) = rounded(target: doublePrecision, start: 64, limit: MPFRDouble.maxPrecision, compute) { mpfr_get_d($0, MPFR_RNDN) }
        return (re == 0 ? 0 : re, im == 0 ? 0 : im)
    }

    /// A complex double as an MPC number of 53 bits (exact); −0 is read as +0, the side of a
    /// branch cut rpn's one zero is on.
    static func withOperand<R>(_ re: Double, _ im: Double, _ body: (ComplexOperand) -> R) -> R {
        var z = __mpc_struct()
        mpc_init2(&z, 53)
        defer { mpc_clear(&z) }
        mpc_set_d_d(&z, re == 0 ? 0 : re, im == 0 ? 0 : im, nearest)
        return withUnsafePointer(to: &z) { body($0) }
    }

    /// The bits in the binary form of |n|: log2 of the next power of two above it.
    static func bitLength(_ n: Int) -> Int { Int.bitWidth - n.magnitude.leadingZeroBitCount }
}
