import CGMP

/// The words of issue 18's "Number theory and conversions" on exact values: `powmod`,
/// `isprime`, `nextprime`, `prevprime` (integers: ExactInteger+Primes), `rat` (Rational+Simplest),
/// `torad`, `todeg` (Number+Angles). The machine gives them doubles as exact values (a double
/// is a dyadic rational), so one arithmetic serves exact values, inexact ones and `--float`.
extension Number {
    /// The most decimal digits of an operand of `isprime`.
    public static let isPrimeDigitLimit = 10_000
    /// The most decimal digits of an operand of `nextprime` and `prevprime`.
    public static let primeSearchDigitLimit = 1_000

    /// `isprime`, `nextprime`, `prevprime`, `rat`, `torad`, `todeg` of an exact value (a
    /// double given as its exact value, `inexact` telling which).
    static func numberTheory(_ op: BuiltinID, _ a: Number, inexact: Bool) -> NumberOutcome {
        let glyph = Builtin[op].glyph
        switch op {
        case .isprime, .nextprime, .prevprime:
            guard case .integer(let n) = a else {
                return .failure(.notInteger, "\(glyph) needs an integer, got \(messageText(a))")
            }
            let limit = op == .isprime ? isPrimeDigitLimit : primeSearchDigitLimit
            // The estimate first (exact or one too many): the digits are counted only near the limit.
            let estimate = n.decimalDigitEstimate
            if estimate > limit, estimate > limit + 1 || n.decimalDigitCount > limit {
                let digits = estimate > limit + 1 ? Limit.Amount.about(String(estimate)) : .exactly(String(limit + 1))
                return .failure(.numberTooLarge,
                                "\(glyph) takes integers of at most \(limit) digits (its time grows with the "
                                    + "cube of the size), got one of \(digits.text) digits")
            }
            switch op {
            case .isprime: return truth(n.isPrime)
            case .nextprime: return .value(.integer(n.nextPrime))
            default:
                guard let p = n.previousPrime else {
                    return .failure(.outOfDomain, "no prime is less than \(messageText(a)): 2 is the least prime")
                }
                return .value(.integer(p))
            }
        case .rat:
            // At a double's precision, for every value: a double to the simplest fraction that
            // rounds to it; an exact value to the simplest that rounds to the same double (a
            // fraction already that simple stays itself: 1/3, 22/7, 0.75; a longer decimal is
            // read at that precision: 0.3333333333333333 is 1/3). Integers, and exact values
            // beyond the normal doubles' range, stay themselves.
            if case .integer = a { return .value(a) }
            let d = a.doubleValue
            guard inexact || d.isNormal else { return .value(a) }
            return .value(Rational.simplest(roundingTo: d))
        case .torad, .todeg:
            if a.isZero { return .value(.integer(.zero)) }  // the one exact answer: 0
            let result = angleConversion(a, toRadians: op == .torad)
            guard result.isFinite else { return .failure(.notFinite, "result of \(glyph) is too large") }
            return .value(Number(result))
        default:
            return .inexact
        }
    }

    /// `b e m powmod`: b^e modulo m, exactly, with the sign of m as `mod` has it (the result is
    /// `b e ^ m mod`, in [0, m) for m > 0 and in (m, 0] for m < 0). A negative e raises the
    /// inverse of b modulo m, which exists when gcd(b, m) = 1 (else an error). m = 0 is a
    /// division by zero. Integers only.
    public static func powmod(_ b: Number, _ e: Number, _ m: Number) -> NumberOutcome {
        guard case .integer(let base) = b, case .integer(let exponent) = e, case .integer(let modulus) = m else {
            let offending = [b, e, m].first { !$0.isInteger }!
            return .failure(.notInteger, "powmod needs integers, got \(messageText(offending))")
        }
        if modulus.isZero { return .failure(.divisionByZero, "powmod by 0: the modulus must not be 0") }
        // Time: a modular power is about bits(e) products modulo m, each about bits(m)^1.5:
        // refused past 10^11 of those (about a second), before any work.
        let mBits = Double(Swift.max(modulus.bitLength, 64)), eBits = Double(exponent.bitLength)
        if eBits * mBits * mBits.squareRoot() > 1e11 {
            return .failure(.numberTooLarge,
                            "powmod of a \(exponent.bitLength)-bit exponent modulo a \(modulus.bitLength)-bit modulus "
                                + "would take too long (bits of the exponent × bits of the modulus^1.5 at most 1e11)")
        }
        let negative = modulus.isNegative
        let size = negative ? -modulus : modulus
        if size == .one { return .value(.integer(.zero)) }
        var failed = false
        let residue = ExactInteger.make { r in
            size.withMPZ { mz in
                base.withMPZ { bz in
                    exponent.withMPZ { ez in
                        if exponent.isNegative {
                            // b^-e = (b⁻¹)^|e|.
                            var inverse = __mpz_struct()
                            __gmpz_init(&inverse)
                            defer { __gmpz_clear(&inverse) }
                            guard __gmpz_invert(&inverse, bz, mz) != 0 else { failed = true; return }
                            var magnitude = __mpz_struct()
                            __gmpz_init(&magnitude)
                            defer { __gmpz_clear(&magnitude) }
                            __gmpz_neg(&magnitude, ez)
                            __gmpz_powm(r, &inverse, &magnitude, mz)
                        } else {
                            __gmpz_powm(r, bz, ez, mz)
                        }
                    }
                }
            }
        }
        if failed {
            return .failure(.outOfDomain,
                            "\(messageText(b)) has no inverse modulo \(messageText(.integer(size))) "
                                + "(they share the factor \(messageText(.integer(ExactInteger.gcd(base, size))))), "
                                + "so it cannot be raised to the negative power \(messageText(e))")
        }
        if negative, !residue.isZero { return .value(.integer(residue - size)) }
        return .value(.integer(residue))
    }
}
