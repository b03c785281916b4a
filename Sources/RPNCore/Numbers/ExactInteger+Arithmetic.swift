import CGMP

/// The ring operations, division, gcd and powers of exact integers. Each has an inlinable
/// machine-word path (overflow-reporting, no allocation) and an out-of-line GMP path taken
/// only for big operands or on overflow. None checks the digit cap: `Number`'s operations do
/// (see `Number.digitLimit`), before computing where the size can be foreseen.
extension ExactInteger {
    @inlinable
    public static func + (a: ExactInteger, b: ExactInteger) -> ExactInteger {
        if case .small(let x) = a, case .small(let y) = b {
            let (r, overflow) = x.addingReportingOverflow(y)
            if !overflow { return .small(r) }
        }
        return make { r in a.withMPZ { x in b.withMPZ { y in __gmpz_add(r, x, y) } } }
    }

    @inlinable
    public static func - (a: ExactInteger, b: ExactInteger) -> ExactInteger {
        if case .small(let x) = a, case .small(let y) = b {
            let (r, overflow) = x.subtractingReportingOverflow(y)
            if !overflow { return .small(r) }
        }
        return make { r in a.withMPZ { x in b.withMPZ { y in __gmpz_sub(r, x, y) } } }
    }

    @inlinable
    public static func * (a: ExactInteger, b: ExactInteger) -> ExactInteger {
        if case .small(let x) = a, case .small(let y) = b {
            let (r, overflow) = x.multipliedReportingOverflow(by: y)
            if !overflow { return .small(r) }
        }
        return make { r in a.withMPZ { x in b.withMPZ { y in __gmpz_mul(r, x, y) } } }
    }

    @inlinable
    public static prefix func - (a: ExactInteger) -> ExactInteger {
        if case .small(let x) = a, x != .min { return .small(-x) }
        return make { r in a.withMPZ { x in __gmpz_neg(r, x) } }
    }

    /// |x|.
    @inlinable
    public var magnitude: ExactInteger { isNegative ? -self : self }

    /// How a quotient is rounded: `.towardZero` (truncated: C's `/` and `%`, `rem`) or `.down`
    /// (floored: the remainder has the divisor's sign, `mod` and `idiv`).
    public enum DivisionRounding: Sendable { case towardZero, down }

    /// Quotient and remainder with `a == q·b + r`; `b` must not be zero.
    @inlinable
    public static func divide(_ a: ExactInteger, by b: ExactInteger, rounding: DivisionRounding)
        -> (quotient: ExactInteger, remainder: ExactInteger) {
        precondition(!b.isZero, "division by zero")
        if case .small(let x) = a, case .small(let y) = b, !(x == .min && y == -1) {
            var q = x / y, r = x % y
            if rounding == .down, r != 0, (r < 0) != (y < 0) { q -= 1; r += y }
            return (.small(q), .small(r))
        }
        return divideBig(a, by: b, rounding: rounding)
    }

    @usableFromInline
    static func divideBig(_ a: ExactInteger, by b: ExactInteger, rounding: DivisionRounding)
        -> (quotient: ExactInteger, remainder: ExactInteger) {
        let q = BigInteger(building: { _ in }), r = BigInteger(building: { _ in })
        a.withMPZ { x in
            b.withMPZ { y in
                if rounding == .down { __gmpz_fdiv_qr(&q.storage, &r.storage, x, y) }
                else { __gmpz_tdiv_qr(&q.storage, &r.storage, x, y) }
            }
        }
        return (ExactInteger(q), ExactInteger(r))
    }

    /// `a / b` when `b` divides `a` (as after dividing by a gcd); `b` not zero.
    @inlinable
    public static func divideExactly(_ a: ExactInteger, by b: ExactInteger) -> ExactInteger {
        if case .small(let x) = a, case .small(let y) = b, !(x == .min && y == -1) { return .small(x / y) }
        return make { r in a.withMPZ { x in b.withMPZ { y in __gmpz_divexact(r, x, y) } } }
    }

    /// The greatest common divisor, ≥ 0; gcd(0, 0) = 0.
    @inlinable
    public static func gcd(_ a: ExactInteger, _ b: ExactInteger) -> ExactInteger {
        if case .small(let x) = a, case .small(let y) = b {
            return ExactInteger(magnitude: Self.gcd(x.magnitude, y.magnitude), negative: false)
        }
        return make { r in a.withMPZ { x in b.withMPZ { y in __gmpz_gcd(r, x, y) } } }
    }

    /// gcd of machine words: one Euclidean step brings the larger below the smaller (operands
    /// of programs are mostly small against a large running value), then binary gcd (Stein):
    /// shifts and subtractions.
    @inlinable
    public static func gcd(_ a: UInt, _ b: UInt) -> UInt {
        var (u, v) = a >= b ? (a, b) : (b, a)
        if v <= 1 { return v == 0 ? u : 1 }
        u %= v
        if u == 0 { return v }
        let shift = (u | v).trailingZeroBitCount
        u >>= u.trailingZeroBitCount
        repeat {
            v >>= v.trailingZeroBitCount
            if u > v { swap(&u, &v) }
            v -= u
        } while v != 0
        return u << shift
    }

    /// The least common multiple, ≥ 0; 0 if either is 0.
    public static func lcm(_ a: ExactInteger, _ b: ExactInteger) -> ExactInteger {
        if a.isZero || b.isZero { return .zero }
        return (divideExactly(a, by: gcd(a, b)) * b).magnitude
    }

    /// x^n for n ≥ 0 (0^0 = 1). The caller checks the size first.
    public func power(_ n: Int) -> ExactInteger {
        precondition(n >= 0)
        if case .small(var base) = self {
            var result = 1, e = n, overflow = false
            while e > 0 {
                if e & 1 == 1 {
                    (result, overflow) = result.multipliedReportingOverflow(by: base)
                    if overflow { break }
                }
                e >>= 1
                if e > 0 {
                    (base, overflow) = base.multipliedReportingOverflow(by: base)
                    if overflow { break }
                }
            }
            if !overflow { return .small(result) }
        }
        return Self.make { r in withMPZ { x in __gmpz_pow_ui(r, x, UInt(n)) } }
    }

    /// x · 2^n (n ≥ 0). The caller checks the size first.
    public func shiftedLeft(_ n: Int) -> ExactInteger {
        precondition(n >= 0)
        if case .small(let x) = self, n < Int.bitWidth {
            let r = x << n
            if r >> n == x { return .small(r) }
        }
        return Self.make { r in withMPZ { x in __gmpz_mul_2exp(r, x, UInt(n)) } }
    }

    /// ⌊x / 2^n⌋ (n ≥ 0): the arithmetic shift of two's complement, `-7 >> 1 = -4`.
    public func shiftedRight(_ n: Int) -> ExactInteger {
        precondition(n >= 0)
        if case .small(let x) = self { return .small(n >= Int.bitWidth ? (x < 0 ? -1 : 0) : x >> n) }
        return Self.make { r in withMPZ { x in __gmpz_fdiv_q_2exp(r, x, UInt(n)) } }
    }
}
