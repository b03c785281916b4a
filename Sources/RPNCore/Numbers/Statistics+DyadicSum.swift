import CGMP
import CMPFR

extension Statistics {
    /// An exact sum of dyadic terms m·2^e whose m has any number of bits: the moments of
    /// `--digits` values (MPFR numbers: a mantissa and an exponent), where `FixedPointSum`'s
    /// words would be too narrow. One GMP integer at the lowest exponent seen so far: adding a
    /// term shifts one of the two and adds, with no gcd and no fraction per value.
    final class DyadicSum {
        /// Past this many bits between the lowest and highest exponent, the caller sums
        /// fractions instead (whose digit cap then says no): values 10^±10^6 apart at
        /// `--digits` would otherwise make integers of millions of bits here.
        static let spanLimit = Number.bitLimit

        private let total: UnsafeMutablePointer<__mpz_struct>
        /// The weight of the total's bit 0; nil while nothing is added.
        private var exponent: Int?
        /// Whether the span grew past `spanLimit`.
        private(set) var overflowed = false

        init() {
            total = .allocate(capacity: 1)
            __gmpz_init(total)
        }

        deinit {
            __gmpz_clear(total)
            total.deallocate()
        }

        /// Adds term·2^e, consuming `term` (it is shifted in place).
        func add(_ term: UnsafeMutablePointer<__mpz_struct>, exponent e: Int) {
            guard term.pointee._mp_size != 0, !overflowed else { return }
            guard let current = exponent else {
                __gmpz_set(total, term)
                exponent = e
                return
            }
            let span = Swift.max(current, e) - Swift.min(current, e) + Int(__gmpz_sizeinbase(total, 2))
            if span > Self.spanLimit {
                overflowed = true
                return
            }
            if e >= current {
                __gmpz_mul_2exp(term, term, mp_bitcnt_t(e - current))
            } else {
                __gmpz_mul_2exp(total, total, mp_bitcnt_t(current - e))
                exponent = e
            }
            __gmpz_add(total, total, term)
        }

        /// The exact total.
        var value: Number {
            guard let e = exponent else { return Number(0) }
            let n = ExactInteger.make { __gmpz_set($0, total) }
            return e >= 0 ? .integer(n.shiftedLeft(e)) : Number.ratio(n, ExactInteger.one.shiftedLeft(-e))
        }
    }

    /// A value as m·2^e into `m` (exactly), returning e: `--digits` values, doubles and integers;
    /// nil for rationals and complex values, which are not dyadic.
    static func dyadic(_ x: Number, into m: UnsafeMutablePointer<__mpz_struct>) -> Int? {
        switch x {
        case .float(let f):
            return f.withPointer { f in
                guard mpfr_zero_p(f) == 0 else {
                    __gmpz_set_si(m, 0)
                    return 0
                }
                return Int(mpfr_get_z_2exp(m, f))
            }
        case .real(let d):
            if d == 0 {
                __gmpz_set_si(m, 0)
                return 0
            }
            let (significand, e) = FixedPointSum.parts(d)
            __gmpz_set_ui(m, UInt(significand))
            if d < 0 { __gmpz_neg(m, m) }
            return e
        case .integer(let i):
            i.withMPZ { __gmpz_set(m, $0) }
            return 0
        case .rational, .complex, .list, .quotation: return nil
        }
    }

    /// The moments of dyadic values (see `DyadicSum`); nil when a value is not dyadic or the
    /// values' exponents span too far.
    static func dyadicMoments(_ values: [Number], squares: Bool) -> Moments? {
        let terms = UnsafeMutablePointer<__mpz_struct>.allocate(capacity: 2)
        let m = terms, square = terms + 1
        __gmpz_init(m)
        __gmpz_init(square)
        defer {
            __gmpz_clear(m)
            __gmpz_clear(square)
            terms.deallocate()
        }
        let sum = DyadicSum(), sumOfSquares = DyadicSum()
        for x in values {
            guard let e = dyadic(x, into: m) else { return nil }
            if squares {
                __gmpz_mul(square, m, m)  // before `add` shifts m in place
                sumOfSquares.add(square, exponent: 2 * e)
            }
            sum.add(m, exponent: e)
        }
        guard !sum.overflowed, !sumOfSquares.overflowed else { return nil }
        return Moments(count: values.count, sum: sum.value, sumOfSquares: squares ? sumOfSquares.value : Number(0))
    }
}

extension Statistics {
    /// The paired moments of dyadic values (see `DyadicSum`); nil when a value is not dyadic
    /// or the exponents span too far.
    static func dyadicPairedMoments(_ xs: [Number], _ ys: [Number]) -> PairedMoments? {
        let terms = UnsafeMutablePointer<__mpz_struct>.allocate(capacity: 3)
        let u = terms, v = terms + 1, product = terms + 2
        for i in 0..<3 { __gmpz_init(terms + i) }
        defer {
            for i in 0..<3 { __gmpz_clear(terms + i) }
            terms.deallocate()
        }
        let sx = DyadicSum(), sy = DyadicSum(), sxx = DyadicSum(), syy = DyadicSum(), sxy = DyadicSum()
        for (x, y) in zip(xs, ys) {
            guard let e = dyadic(x, into: u), let f = dyadic(y, into: v) else { return nil }
            // The products first: `add` shifts its term in place.
            __gmpz_mul(product, u, v)
            sxy.add(product, exponent: e + f)
            __gmpz_mul(product, u, u)
            sxx.add(product, exponent: 2 * e)
            __gmpz_mul(product, v, v)
            syy.add(product, exponent: 2 * f)
            sx.add(u, exponent: e)
            sy.add(v, exponent: f)
        }
        guard ![sx, sy, sxx, syy, sxy].contains(where: \.overflowed) else { return nil }
        return PairedMoments(count: xs.count, sx: sx.value, sy: sy.value, sxx: sxx.value, syy: syy.value, sxy: sxy.value)
    }
}
