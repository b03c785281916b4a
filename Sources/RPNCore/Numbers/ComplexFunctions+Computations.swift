import CMPC
import CMPFR

/// The computations behind `ComplexFunctions`, at any precision, each with the error bound of
/// its parts that `ComplexRounding` rounds by. Shared by doubles and `--digits` values.
extension ComplexFunctions {
    typealias Complex = ComplexRounding.Complex
    typealias ComplexOperand = ComplexRounding.ComplexOperand
    typealias Computation = ComplexRounding.Computation
    typealias Accuracy = ComplexRounding.Accuracy
    typealias MPCUnary = (Complex, ComplexOperand, mpc_rnd_t) -> Int32

    /// The words MPC computes in one call, each part correctly rounded.
    static func direct(_ op: BuiltinID) -> MPCUnary? {
        switch op {
        case .sqrt: { mpc_sqrt($0, $1, $2) }
        case .exp: { mpc_exp($0, $1, $2) }
        case .ln: { mpc_log($0, $1, $2) }
        case .log: { mpc_log10($0, $1, $2) }
        case .sin: { mpc_sin($0, $1, $2) }
        case .cos: { mpc_cos($0, $1, $2) }
        case .tan: { mpc_tan($0, $1, $2) }
        case .asin: { mpc_asin($0, $1, $2) }
        case .acos: { mpc_acos($0, $1, $2) }
        case .atan: { mpc_atan($0, $1, $2) }
        case .sinh: { mpc_sinh($0, $1, $2) }
        case .cosh: { mpc_cosh($0, $1, $2) }
        case .tanh: { mpc_tanh($0, $1, $2) }
        case .asinh: { mpc_asinh($0, $1, $2) }
        case .acosh: { mpc_acosh($0, $1, $2) }
        case .atanh: { mpc_atanh($0, $1, $2) }
        default: nil
        }
    }

    /// Whether `op` is one of the words `unary` computes.
    static func isElementary(_ op: BuiltinID) -> Bool {
        direct(op) != nil || op == .cbrt || op == .exp10 || op == .log2
    }

    /// `op` of z, or nil when `op` is not one of the words.
    static func computation(_ op: BuiltinID, _ z: ComplexOperand) -> Computation? {
        if op == .tanh || op == .tan {
            // Far from the axis MPC's tanh takes seconds (tanh(10^6 + i): 10 s); there the
            // result is ±1 and a tiny part (`farTanh`).
            let f = direct(op)!
            return { r, precision in
                farTanh(r, z, precision, swapped: op == .tan) ?? ComplexRounding.accuracy(f(r, z, ComplexRounding.nearest), precision)
            }
        }
        if let f = direct(op) {
            return { r, precision in ComplexRounding.accuracy(f(r, z, ComplexRounding.nearest), precision) }
        }
        switch op {
        case .exp10: return { r, precision in exp10(r, z, precision) }
        case .log2: return { r, precision in log2(r, z, precision) }
        case .cbrt: return { r, precision in withThree { root(r, z, $0, precision) } }
        default: return nil
        }
    }

    /// tanh(x + iy) where e^(−2|x|) is below 2^−(2·precision + 4), or nil nearer the axis.
    /// With t = e^(−2|x|), s the sign of x, c = cos 2y and σ = sin 2y,
    ///   tanh(x + iy) = s(1 − t²)/(1 + 2tc + t²) + i·2tσ/(1 + 2tc + t²)
    ///                = s(1 − 2tc) + i·2tσ, to a relative 4t² and 2t ≤ 2^−(2·precision + 3).
    /// At q = precision + 8 bits, t, c and σ are correctly rounded (half a unit each) and so are
    /// the products and the difference: the imaginary part is off by a relative 2^(3 − q)
    /// with the model's error, within 2^(EXP − q + 4); the real part, near ±1, by 2^(1 − q)
    /// absolute, within 2^(EXP − q + 2) for EXP ≥ 0. `swapped`: tan(x + iy) = −i·tanh(−y + ix),
    /// computed as tanh(y' + ix) for y' = |y| with the parts exchanged and signed: tan is
    /// 2t·sin 2x + i·sign(y)(1 − 2t·cos 2x) with t = e^(−2|y|).
    static func farTanh(_ r: Complex, _ z: ComplexOperand, _ precision: Int, swapped: Bool) -> (re: Accuracy, im: Accuracy)? {
        let x = swapped ? ComplexRounding.imaginary(z) : ComplexRounding.real(z)
        let y = swapped ? ComplexRounding.real(z) : ComplexRounding.imaginary(z)
        guard mpfr_regular_p(x) != 0 else { return nil }
        // |x| > (precision + 2)·ln 2 ⇔ t < 2^−(2·precision + 4); tested through |x| ≥ 2^EXP−1.
        let threshold = Double(precision + 2) * 0.6931471805599453
        guard mpfr_get_exp(x) > 1024 || mpfr_get_d(x, MPFR_RNDZ).magnitude > threshold else { return nil }
        let q = mpfr_prec_t(precision + 8)
        // minus2x (−2|x|, exact), t, c, σ, 2y (exact), u = 2tc: one allocation.
        let v = UnsafeMutablePointer<__mpfr_struct>.allocate(capacity: 6)
        let (minus2x, t, c, sigma, twoY, u) = (v, v + 1, v + 2, v + 3, v + 4, v + 5)
        mpfr_init2(minus2x, mpfr_get_prec(x) + 1)
        mpfr_init2(twoY, mpfr_get_prec(y) + 1)
        for w in [t, c, sigma, u] { mpfr_init2(w, q) }
        defer {
            for w in [minus2x, t, c, sigma, twoY, u] { mpfr_clear(w) }
            v.deallocate()
        }
        mpfr_mul_2ui(minus2x, x, 1, MPFR_RNDN)
        mpfr_abs(minus2x, minus2x, MPFR_RNDN)
        mpfr_neg(minus2x, minus2x, MPFR_RNDN)
        mpfr_exp(t, minus2x, MPFR_RNDN)  // underflows to 0 past MPFR's range: far below any target
        mpfr_mul_2ui(twoY, y, 1, MPFR_RNDN)
        mpfr_sin_cos(sigma, c, twoY, MPFR_RNDN)
        let sign: Int = mpfr_sgn(x) < 0 ? -1 : 1
        let outReal = swapped ? ComplexRounding.imaginary(r) : ComplexRounding.real(r)
        let outImaginary = swapped ? ComplexRounding.real(r) : ComplexRounding.imaginary(r)
        // The tiny part: 2tσ (for tan, 2t·sin 2x, the real part).
        mpfr_mul(outImaginary, t, sigma, MPFR_RNDN)
        mpfr_mul_2ui(outImaginary, outImaginary, 1, MPFR_RNDN)
        // The part near ±1: s(1 − 2tc) (for tan, sign(y)(1 − 2t·cos 2x), the imaginary part).
        mpfr_mul(u, t, c, MPFR_RNDN)
        mpfr_mul_2ui(u, u, 1, MPFR_RNDN)
        mpfr_ui_sub(outReal, 1, u, MPFR_RNDN)
        if sign < 0 { mpfr_neg(outReal, outReal, MPFR_RNDN) }
        let nearOne: Accuracy = .bits(Int(q) - 2), tiny: Accuracy = .bits(Int(q) - 4)
        return swapped ? (re: tiny, im: nearOne) : (re: nearOne, im: tiny)
    }

    /// 10^z: MPC's power of the exact 10, correctly rounded (exact where it is: 10^2 = 100).
    static func exp10(_ r: Complex, _ z: ComplexOperand, _ precision: Int) -> (re: Accuracy, im: Accuracy) {
        var ten = __mpc_struct()
        mpc_init2(&ten, 4)
        defer { mpc_clear(&ten) }
        mpc_set_ui(&ten, 10, ComplexRounding.nearest)
        return ComplexRounding.accuracy(mpc_pow(r, &ten, z, ComplexRounding.nearest), precision)
    }

    /// The exact 3 + 0i, for the principal cube root.
    static func withThree<R>(_ body: (ComplexOperand) -> R) -> R {
        var three = __mpc_struct()
        mpc_init2(&three, 2)
        defer { mpc_clear(&three) }
        mpc_set_ui(&three, 3, ComplexRounding.nearest)
        return withUnsafePointer(to: &three) { body($0) }
    }

    /// log z / ln 2, each part divided by ln 2 rounded to `precision` bits. The parts of log z
    /// are correctly rounded (relative error below 2^-precision), ln 2 too and so is the
    /// quotient: three relative errors of 2^-precision, below 2^(2 − precision) together, and
    /// one bit more for the quotient's exponent, which may be one below the true value's. Parts
    /// MPC gives exactly stay exact (0 for |z| = 1, 0 for a positive z). The real part,
    /// log2 |z|, is a dyadic number only when |z|² is a power of two: one part zero and the
    /// other ±2^k (log2 |z| = k), or both ±2^k (k + 1/2); those are set exactly, without
    /// which the rounding test could never decide them.
    static func log2(_ r: Complex, _ z: ComplexOperand, _ precision: Int) -> (re: Accuracy, im: Accuracy) {
        let inexact = mpc_log(r, z, ComplexRounding.nearest)
        var ln2 = __mpfr_struct()
        mpfr_init2(&ln2, mpfr_prec_t(precision))
        defer { mpfr_clear(&ln2) }
        mpfr_const_log2(&ln2, MPFR_RNDN)
        let re = ComplexRounding.real(r), im = ComplexRounding.imaginary(r)
        mpfr_div(re, re, &ln2, MPFR_RNDN)
        mpfr_div(im, im, &ln2, MPFR_RNDN)
        var reAccuracy: Accuracy = inexact & 3 == 0 ? .exact : .bits(precision - 3)
        if case .bits = reAccuracy, let k = exactLog2OfModulus(z) {
            mpfr_set_si_2exp(re, k, -1, MPFR_RNDN)
            reAccuracy = .exact
        }
        return (reAccuracy, inexact >> 2 == 0 ? .exact : .bits(precision - 3))
    }

    /// 2 log2 |z| when it is an integer (|z|² a power of two), else nil.
    static func exactLog2OfModulus(_ z: ComplexOperand) -> Int? {
        let a = ComplexRounding.real(z), b = ComplexRounding.imaginary(z)
        func powerOfTwo(_ x: UnsafePointer<__mpfr_struct>) -> Int? {
            mpfr_regular_p(x) != 0 && mpfr_min_prec(x) == 1 ? Int(mpfr_get_exp(x)) - 1 : nil
        }
        if mpfr_zero_p(b) != 0 { return powerOfTwo(a).map { 2 * $0 } }
        if mpfr_zero_p(a) != 0 { return powerOfTwo(b).map { 2 * $0 } }
        guard mpfr_cmpabs(a, b) == 0, let k = powerOfTwo(a) else { return nil }
        return 2 * k + 1
    }

    /// The principal z^(1/n). 1/n is computed `extra` bits past the result, so far that what
    /// its rounding moves z^(1/n) by is below the result's last bit (then MPC's pow is
    /// correctly rounded for that exponent); where 1/n is exact, the result is MPC's.
    ///
    /// The bound, for 1/n rounded to q bits: |w' − w| ≤ 2^(2 − q + E) with E the larger
    /// exponent of w's parts, and |log z| ≤ |ln |z|| + π < 2^L with L from z's exponent, so
    /// z^w' = z^w · exp((w' − w) log z) moves by a relative 2^(3 − q + E + L) at most. With
    /// q = precision + 64 + E + L that is 2^-(precision + 61): of the result's modulus, which
    /// is below 2^(M + 1) for M its larger part's exponent. A part of exponent e is then off by
    /// 2^(e − precision − 1) (its rounding) plus 2^(M − precision − 60) at most: within
    /// 2^(e − bits) for bits = min(precision, precision + 59 − (M − e)), one less to leave room.
    /// A part much smaller than the other (z near the positive axis, n = 3) needs more bits.
    /// Only a zero part is trusted as exact when 1/n is not: z^w' is real for a positive z and
    /// a real w', as z^w is; nothing else makes a part zero for a w' that rounds a w.
    static func root(_ r: Complex, _ z: ComplexOperand, _ n: ComplexOperand, _ precision: Int) -> (re: Accuracy, im: Accuracy) {
        let zExponent = largestExponent(z) ?? 0
        let logBits = ComplexRounding.bitLength(Swift.abs(zExponent) + 5)
        var w = __mpc_struct()
        mpc_init2(&w, mpfr_prec_t(precision + 64 + logBits))
        defer { mpc_clear(&w) }
        if mpc_ui_div(&w, 1, n, ComplexRounding.nearest) == 0 {
            return ComplexRounding.accuracy(mpc_pow(r, z, &w, ComplexRounding.nearest), precision)
        }
        // An exponent of 1/n past 0 needs as many more bits; set again at the wider precision.
        let wExponent = largestExponent(&w) ?? 0
        if wExponent > 0 {
            mpc_set_prec(&w, mpfr_prec_t(precision + 64 + logBits + wExponent))
            mpc_ui_div(&w, 1, n, ComplexRounding.nearest)
        }
        let inexact = mpc_pow(r, z, &w, ComplexRounding.nearest)
        let zeroPart = zeroPartOfRoot(z, n)
        if let zeroPart { mpfr_set_zero(zeroPart == 0 ? ComplexRounding.real(r) : ComplexRounding.imaginary(r), 1) }
        let largest = largestExponent(r) ?? 0
        func accuracy(_ x: UnsafeMutablePointer<__mpfr_struct>, _ inexact: Int32) -> Accuracy {
            if mpfr_zero_p(x) != 0, inexact == 0 || zeroPart != nil { return .exact }
            guard mpfr_regular_p(x) != 0 else { return .bits(precision - 1) }
            return .bits(Swift.min(precision - 1, precision + 58 - (largest - Int(mpfr_get_exp(x)))))
        }
        return (accuracy(ComplexRounding.real(r), inexact & 3), accuracy(ComplexRounding.imaginary(r), inexact >> 2))
    }

    /// Which part of z^(1/n) is exactly zero (0 the real part, 1 the imaginary part) for a real n
    /// whose 1/n is not exact, or nil. A part is zero when the result's argument θ/n is a
    /// multiple of π/2, and θ is a rational multiple of π, kπ/4, only for z on an axis or a
    /// diagonal: then the real part is zero when k/(2n) is an odd integer, the imaginary part
    /// when it is an even one (root(−1 + i, 1.5) = 2^(1/3)·i). No computation through a
    /// rounded 1/n gets that zero.
    static func zeroPartOfRoot(_ z: ComplexOperand, _ n: ComplexOperand) -> Int? {
        let a = ComplexRounding.real(z), b = ComplexRounding.imaginary(z)
        guard mpfr_zero_p(ComplexRounding.imaginary(n)) != 0 else { return nil }
        let k: Int
        switch (Int(mpfr_sgn(a)).signum(), Int(mpfr_sgn(b)).signum()) {
        case (1, 0): k = 0
        case (0, let s): k = 2 * s
        case (-1, 0): k = 4
        case (let r, let s) where mpfr_cmpabs(a, b) == 0: k = r > 0 ? s : 3 * s
        default: return nil
        }
        var quotient = __mpfr_struct()
        mpfr_init2(&quotient, 64)
        defer { mpfr_clear(&quotient) }
        return withUnsafeMutablePointer(to: &quotient) { t in
            // k/(2n): an integer one is k over an odd divisor of k times a power of two, at most
            // 2 bits, so 64 bits hold it exactly; an inexact quotient is no integer.
            guard mpfr_si_div(t, k, ComplexRounding.real(n), MPFR_RNDN) == 0 else { return nil }
            mpfr_div_2ui(t, t, 1, MPFR_RNDN)
            guard mpfr_integer_p(t) != 0 else { return nil }
            mpfr_div_2ui(t, t, 1, MPFR_RNDN)
            return mpfr_integer_p(t) != 0 ? 1 : 0
        }
    }

    /// The larger exponent of the nonzero finite parts, nil if there are none.
    static func largestExponent(_ z: ComplexOperand) -> Int? {
        let re = ComplexRounding.real(z), im = ComplexRounding.imaginary(z)
        let a = mpfr_regular_p(re) != 0 ? Int(mpfr_get_exp(re)) : nil, b = mpfr_regular_p(im) != 0 ? Int(mpfr_get_exp(im)) : nil
        guard let a, let b else { return a ?? b }
        return Swift.max(a, b)
    }
}
