import CGMP

/// Bitwise operations with two's-complement semantics of unbounded width: a negative number
/// behaves as if it had infinitely many leading one bits (`-1 & 255 = 255`, `~5 = -6`), as in
/// Python and GMP. Machine integers already behave so; GMP's mpz_and/ior/xor/com do too.
extension ExactInteger {
    public static func & (a: ExactInteger, b: ExactInteger) -> ExactInteger {
        if case .small(let x) = a, case .small(let y) = b { return .small(x & y) }
        return make { r in a.withMPZ { x in b.withMPZ { y in __gmpz_and(r, x, y) } } }
    }

    public static func | (a: ExactInteger, b: ExactInteger) -> ExactInteger {
        if case .small(let x) = a, case .small(let y) = b { return .small(x | y) }
        return make { r in a.withMPZ { x in b.withMPZ { y in __gmpz_ior(r, x, y) } } }
    }

    public static func ^ (a: ExactInteger, b: ExactInteger) -> ExactInteger {
        if case .small(let x) = a, case .small(let y) = b { return .small(x ^ y) }
        return make { r in a.withMPZ { x in b.withMPZ { y in __gmpz_xor(r, x, y) } } }
    }

    /// −x − 1.
    public static prefix func ~ (a: ExactInteger) -> ExactInteger {
        if case .small(let x) = a { return .small(~x) }
        return make { r in a.withMPZ { x in __gmpz_com(r, x) } }
    }
}
