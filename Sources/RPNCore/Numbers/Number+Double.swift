import CGMP

/// Exact values to doubles and back. `doubleValue` rounds correctly (to nearest, ties to even,
/// subnormals included, ±infinity past the range): GMP's mpq_get_d and mpz_get_d truncate,
/// so the rounding is done here from a 55-56-bit quotient and a sticky bit.
extension Number {
    /// The nearest double (ties to even); ±infinity beyond the largest finite double; NaN for a
    /// complex value, which has none.
    @inlinable
    public var doubleValue: Double {
        switch self {
        case .real(let d): return d
        case .float(let f): return f.doubleValue
        case .complex, .list, .quotation: return .nan
        case .integer(.small(let x)): return Double(x)  // the conversion rounds to nearest even
        case .rational(let r):
            // Both parts exact in a double: IEEE division rounds the exact quotient correctly.
            if let (n, d) = r.smallParts, n.magnitude <= 1 << 53, d <= 1 << 53 { return Double(n) / Double(d) }
            return Self.correctlyRounded(r.numerator, r.denominator)
        case .integer(let i): return Self.correctlyRounded(i, .one)
        }
    }

    /// n / d (d > 0) rounded to the nearest double, ties to even.
    @usableFromInline
    static func correctlyRounded(_ n: ExactInteger, _ d: ExactInteger) -> Double {
        if n.isZero { return 0 }
        let negative = n.isNegative
        let magnitude = n.magnitude
        // Scale by 2^k so that m = ⌊|n|·2^k / d⌋ has 55 or 56 bits: n/d lies in
        // [2^(bn−bd−1), 2^(bn−bd+1)), so m lies in [2^54, 2^56).
        let k = 55 - (magnitude.bitLength - d.bitLength)
        let (numerator, denominator) = k >= 0 ? (magnitude.shiftedLeft(k), d) : (magnitude, d.shiftedLeft(-k))
        let (quotient, remainder) = ExactInteger.divide(numerator, by: denominator, rounding: .towardZero)
        let m: UInt64
        switch quotient {
        case .small(let q): m = UInt64(q)
        case .big(let q): m = q.lowMagnitudeBits  // unreachable: m < 2^56
        }
        let result = roundToDouble(m, scale: k, sticky: !remainder.isZero)
        return negative ? -result : result
    }

    /// The double nearest to (m + f)·2^−scale, where 0 ≤ f < 1 and f ≠ 0 iff `sticky`; m has
    /// at least 55 bits, so the bits below the rounding position decide every tie.
    static func roundToDouble(_ m: UInt64, scale: Int, sticky: Bool) -> Double {
        let bits = UInt64.bitWidth - m.leadingZeroBitCount
        let exponent = bits - 1 - scale  // the value lies in [2^exponent, 2^(exponent+1))
        if exponent > 1023 { return .infinity }
        let ulpExponent = max(exponent - 52, -1074)  // subnormals have a fixed ulp of 2^−1074
        let drop = ulpExponent + scale  // bits of m below the ulp, ≥ 2
        if drop > bits { return 0 }  // below half the smallest subnormal
        let kept = drop >= 64 ? 0 : m >> UInt64(drop)
        let rest = drop >= 64 ? m : m & ((1 << UInt64(drop)) - 1)
        let half: UInt64 = 1 << UInt64(drop - 1)
        var q = kept
        if rest > half || (rest == half && (sticky || q & 1 == 1)) { q += 1 }
        // Exact unless it overflows (q = 2^53 at the top exponent), which gives infinity.
        return Double(sign: .plus, exponent: ulpExponent, significand: Double(q))
    }

    /// The exact value of a finite double: an integer, or a rational with a power-of-two
    /// denominator (`0.1` is 3602879701896397/36028797018963968). −0 is 0. For `--set` and
    /// JSON, which give doubles. Infinities and NaN stay `.real` (the caller rejects them).
    public static func exactly(_ d: Double) -> Number {
        guard d.isFinite else { return .real(d) }
        if d == 0 { return .integer(.zero) }
        var significand = Int(d.significandBitPattern)
        var exponent: Int
        if d.isSubnormal {
            exponent = -1074
        } else {
            significand |= 1 << 52
            exponent = Int(d.exponent) - 52
        }
        let zeros = significand.trailingZeroBitCount
        significand >>= zeros
        exponent += zeros
        let signed = ExactInteger.small(d < 0 ? -significand : significand)
        if exponent >= 0 { return .integer(signed.shiftedLeft(exponent)) }
        // An odd numerator over a power of two: already in lowest terms.
        return .rational(Rational(normalized: signed, ExactInteger.one.shiftedLeft(-exponent)))
    }
}
