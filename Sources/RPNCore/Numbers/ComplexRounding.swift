import CMPC
import CMPFR

/// Each part of a complex result rounded once, to a double or to a precision: Ziv's strategy
/// over MPC, part by part, as `MPFRDouble` does for real results.
///
/// A computation sets a complex number of a given precision and says, for each part, whether it
/// is exact or how far it may be off (`Accuracy`). A part is taken when that error cannot change
/// its rounding to the target: `mpfr_can_round` at one bit more than the target, toward zero,
/// so that no representable value and no midpoint between two lies within the error. The other
/// part, and the first when it is not decided, are computed again at twice the bits. MPFR's
/// exponent range is never narrowed: a double is rounded from the wide result by `mpfr_get_d`,
/// once, into the subnormals too, and no global setting of either library is touched.
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

    /// Both parts, each rounded to nearest at `target` bits by `finish` once decided; computed
    /// from `start` bits, doubling, and taken as they are at `limit` bits (a part that close to
    /// a rounding boundary is almost surely on it: an exact value the computation cannot see).
    static func rounded<T>(target: Int, start: Int, limit: Int, _ compute: Computation,
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

    /// Whether every value within the part's error rounds to the same `target`-bit number.
    /// Zero, infinity and NaN are taken as they are: MPFR's exponent range is far wider than
    /// any target's, so a zero or an infinity there is one in the target too.
    static func decides(_ x: Part, _ accuracy: Accuracy, _ target: Int, _ last: Bool) -> Bool {
        guard case .bits(let bits) = accuracy, !last, mpfr_regular_p(x) != 0 else { return true }
        return mpfr_can_round(x, mpfr_exp_t(bits), MPFR_RNDN, MPFR_RNDZ, mpfr_prec_t(target + 1)) != 0
    }

    /// Both parts as doubles, correctly rounded; a zero part is +0 (rpn has one zero).
    static func doubles(_ compute: Computation) -> (re: Double, im: Double) {
        let (re, im) = rounded(target: 53, start: 64, limit: MPFRDouble.maxPrecision, compute) { mpfr_get_d($0, MPFR_RNDN) }
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
