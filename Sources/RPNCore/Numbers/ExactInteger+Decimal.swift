import CGMP

/// What a formatter needs from an exact integer: its digits in a base, powers of ten, and
/// its number of digits (exact, or estimated without converting).
extension ExactInteger {
    /// The decimal digits, `-` first if negative (GMP's mpz_get_str for big values).
    public var decimalString: String { string(radix: 10) }

    /// The digits in base 2...36 (lowercase letters), `-` first if negative; no prefix.
    public func string(radix: Int) -> String {
        precondition((2...36).contains(radix))
        switch self {
        case .small(let x): return String(x, radix: radix)
        case .big(let b): return b.decimalString(radix: Int32(radix))
        }
    }

    /// 10^k (k ≥ 0). The caller checks the size (k digits) first.
    public static func powerOfTen(_ k: Int) -> ExactInteger {
        precondition(k >= 0)
        if k <= 18 { return .small(smallPowersOfTen[k]) }
        return make { __gmpz_ui_pow_ui($0, 10, UInt(k)) }
    }

    /// x · 10^k (k ≥ 0).
    public func timesPowerOfTen(_ k: Int) -> ExactInteger {
        k == 0 ? self : self * Self.powerOfTen(k)
    }

    static let smallPowersOfTen: [Int] = {
        var powers = [1]
        for _ in 1...18 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()

    /// Decimal digits of |x| (1 for zero), exact. For big values it converts a power of ten
    /// when the size in bits leaves it open; `decimalDigitEstimate` does not.
    public var decimalDigitCount: Int {
        switch self {
        case .small(let x):
            var count = 1, m = x.magnitude
            while m >= 10 { m /= 10; count += 1 }
            return count
        case .big:
            // mpz_sizeinbase(10) is exact or one too many: decide by comparing with 10^(s−1).
            let s = decimalDigitEstimate
            let lowest = Self.powerOfTen(s - 1)
            return Self.compare(magnitude, lowest) >= 0 ? s : s - 1
        }
    }

    /// Decimal digits of |x|, exact or one too many (1 for zero); no conversion.
    public var decimalDigitEstimate: Int {
        switch self {
        case .small: return decimalDigitCount
        case .big(let b): return b.withPointer { Int(__gmpz_sizeinbase($0, 10)) }
        }
    }
}
