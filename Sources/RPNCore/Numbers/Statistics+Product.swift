import CMPFR

extension Statistics {
    /// The product of real values: exact of exact values (a product tree, so that big
    /// factors meet big ones late); of inexact values the correctly rounded value of the exact
    /// product, found without building it (`roundedProduct`).
    static func product(_ values: [Number], _ kind: PartKind, _ name: String) throws(Failure) -> Number {
        if values.contains(where: \.isZero) { return try rounded(Number(0), kind, name) }
        if kind == .exact { return try exactProduct(values.map(exactValue), name) }
        if let r = try roundedProduct(values, kind, name) { return r }
        return try rounded(try exactProduct(values.map(exactValue), name), kind, name)
    }

    /// The exact product, refused before computing when the factors are integers whose
    /// product is surely past the digit cap (a rational's may cancel, so it is checked after).
    static func exactProduct(_ factors: [Number], _ name: String) throws(Failure) -> Number {
        if factors.allSatisfy({ if case .integer = $0 { true } else { false } }) {
            var log10Size = 0.0
            for case .integer(let i) in factors { log10Size += i.log2Magnitude * Number.digitsPerBit }
            if Number.surelyTooLarge(log10: log10Size),
               case .failure(let code, let message) = Number.tooLarge("result of \(name)", Number.digits(log10: log10Size)) {
                throw Failure(code: code, message: message)
            }
        }
        var level = factors
        while level.count > 1 {
            var next = [Number]()
            next.reserveCapacity((level.count + 1) / 2)
            var i = 0
            while i + 1 < level.count {
                next.append(try Exact.multiply(level[i], level[i + 1]))
                i += 2
            }
            if i < level.count { next.append(level[i]) }
            level = next
        }
        return level[0]
    }

    /// The product of nonzero values, at least one inexact, rounded once to `kind` (`.double`
    /// or `.float`), or nil when the bounds do not decide it (a product exactly at a midpoint
    /// of rational factors): the caller then multiplies exactly. Ziv's way with a proof: the
    /// product of the magnitudes is computed twice at p bits, every step rounded down, then
    /// every step rounded up; the exact product lies between, so when both round to the same
    /// result, that is the exact product's rounding. p doubles until they do.
    static func roundedProduct(_ values: [Number], _ kind: PartKind, _ name: String) throws(Failure) -> Number? {
        let negative = values.reduce(false) { $0 != ($1.signum < 0) }
        var precision = 128
        while precision <= 1 << 16 {
            // On the heap: MPFR multiplies in place (z = z·f), which Swift's exclusive access
            // to a local struct forbids.
            let numbers = UnsafeMutablePointer<__mpfr_struct>.allocate(capacity: 3)
            let lower = numbers, upper = numbers + 1, factor = numbers + 2
            for z in [lower, upper, factor] { mpfr_init2(z, mpfr_prec_t(precision)) }
            defer {
                for z in [lower, upper, factor] { mpfr_clear(z) }
                numbers.deallocate()
            }
            mpfr_set_ui(lower, 1, MPFR_RNDN)
            mpfr_set_ui(upper, 1, MPFR_RNDN)
            for x in values {
                magnitude(x, into: factor, MPFR_RNDD)
                mpfr_mul(lower, lower, factor, MPFR_RNDD)
                magnitude(x, into: factor, MPFR_RNDU)
                mpfr_mul(upper, upper, factor, MPFR_RNDU)
            }
            if negative {
                mpfr_neg(lower, lower, MPFR_RNDN)
                mpfr_neg(upper, upper, MPFR_RNDN)
            }
            switch kind {
            case .double:
                let a = mpfr_get_d(lower, MPFR_RNDN), b = mpfr_get_d(upper, MPFR_RNDN)
                if a == b {
                    guard a.isFinite else { throw tooLargeForDouble(name) }
                    return Number(a)
                }
            case .float(let digits):
                let a = BigFloat(digits: digits) { mpfr_set($0, lower, MPFR_RNDN) }
                let b = BigFloat(digits: digits) { mpfr_set($0, upper, MPFR_RNDN) }
                if a.compare(b) == 0 { return .float(a) }
            case .exact: return nil
            }
            precision *= 2
        }
        return nil
    }

    /// |x| into `z` (of its precision), rounded in `direction`.
    static func magnitude(_ x: Number, into z: UnsafeMutablePointer<__mpfr_struct>, _ direction: mpfr_rnd_t) {
        switch x {
        case .real(let d): mpfr_set_d(z, Swift.abs(d), direction)
        case .float(let f): _ = f.withPointer { mpfr_abs(z, $0, direction) }
        case .integer(let i): MPFRDouble.withInteger(i.magnitude) { _ = mpfr_set(z, $0, direction) }
        case .rational(let r):
            MPFRDouble.withInteger(r.numerator.magnitude) { n in
                MPFRDouble.withInteger(r.denominator) { d in _ = mpfr_div(z, n, d, direction) }
            }
        case .complex, .list, .quotation: break  // not reached: complex products are `complexProduct`'s, collections refused (`requireNumbers`)
        }
    }
}
