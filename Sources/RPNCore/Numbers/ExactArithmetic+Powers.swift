/// Integer powers and exact roots.
extension Number {
    /// a^b: exact for an integer b (a negative b gives a rational; 0 to a negative power is a
    /// division by zero), and for a rational b whenever the result is rational (see
    /// `rationalPower`); `.inexact` otherwise.
    static func power(_ a: Number, _ b: Number, _ op: ExactOperation) -> NumberOutcome {
        if case .rational(let r) = b { return rationalPower(a, r.numerator, r.denominator, op) }
        guard case .integer(let e) = b, let (n, d) = a.fraction else { return .inexact }
        if e.isZero { return .value(Number(1)) }
        if n.isZero {
            return e.isNegative ? .failure(.divisionByZero, "0 raised to a negative power is a division by zero")
                : .value(a)
        }
        if d == .one, n.magnitude == .one {  // ±1: the parity of e decides
            return .value(n.isNegative && e.isOdd ? Number(-1) : Number(1))
        }
        // Refused before computing when surely past the cap. Its digits are the parts'
        // together; an integer to a positive power has no denominator to count.
        let times = exp2Of(e)
        let integral = d == .one && !e.isNegative
        let log10Size = times * (n.log2Magnitude + (integral ? 0 : d.log2Magnitude)) * digitsPerBit
        guard !surelyTooLarge(log10: log10Size), let count = e.magnitude.smallValue else {
            return tooLarge(op, integral ? powerDigits(n, times) : sum(powerDigits(n, times), powerDigits(d, times)))
        }
        // Coprime parts stay coprime under powers: no gcd needed.
        let top = n.power(count), bottom = d.power(count)
        let value = e.isNegative ? coprime(bottom, top) : coprime(top, bottom)
        return checked(value, op)
    }

    /// n/d for coprime n and d ≠ 0 (the sign moved to the numerator).
    static func coprime(_ n: ExactInteger, _ d: ExactInteger) -> Number {
        let (numerator, denominator) = d.isNegative ? (-n, -d) : (n, d)
        return denominator == .one ? .integer(numerator) : .rational(Rational(normalized: numerator, denominator))
    }

    /// a^(p/q) for an exponent in lowest terms (q ≥ 2): rational exactly when a ≥ 0 and both
    /// its parts are perfect q-th powers (if (n/d)^(p/q) = r then n^p/d^p = r^q, and with p, q
    /// coprime every prime's exponent in n and d is a multiple of q), and then (ⁿ√a)^p, which
    /// `power` refuses before computing when it would be past the cap. The root is never larger
    /// than a, and a base that is no perfect q-th power is told apart by its bits alone when
    /// q is at least its bit length (2^q > a > 1), so a huge q costs nothing. `.inexact`
    /// otherwise, and for a negative a: its principal value is not real, and the Double
    /// arithmetic reports that, as under `--float` (`-8 3 root` is the real root).
    static func rationalPower(_ a: Number, _ p: ExactInteger, _ q: ExactInteger, _ op: ExactOperation) -> NumberOutcome {
        guard let (n, d) = a.fraction, !n.isNegative else { return .inexact }
        if n.isZero {
            return p.isNegative ? .failure(.divisionByZero, "0 raised to a negative power is a division by zero") : .value(a)
        }
        if n == .one, d == .one { return .value(a) }
        // A part of fewer bits than q (or a q past a machine word) is no q-th power unless it is 1.
        guard let degree = q.smallValue else { return .inexact }
        // The part with fewer bits first: most non-powers are told apart on it.
        let (first, second) = d.bitLength < n.bitLength ? (d, n) : (n, d)
        guard let firstRoot = first.exactRoot(degree), let secondRoot = second.exactRoot(degree) else { return .inexact }
        let (top, bottom) = d.bitLength < n.bitLength ? (secondRoot, firstRoot) : (firstRoot, secondRoot)
        return power(coprime(top, bottom), .integer(p), op)
    }

    /// y n root: exact when y is a perfect n-th power (a negative y with an odd n is real);
    /// for a rational n = p/q it is y^(q/p), exact when that is rational (`rationalPower`).
    /// `.inexact` otherwise, and for n = 0, an even root of a negative, a negative y with a
    /// non-integer n and a negative non-integer root of 0, where the Double arithmetic reports
    /// the domain error.
    static func root(_ y: Number, _ index: Number) -> NumberOutcome {
        if case .rational(let r) = index {
            guard y.signum > 0 else { return y.isZero && !r.numerator.isNegative ? .value(y) : .inexact }
            // 1/(p/q) = q/p, the sign on the numerator; p/q is in lowest terms, so q/p is too.
            let (p, q) = r.numerator.isNegative ? (-r.denominator, -r.numerator) : (r.denominator, r.numerator)
            return q == .one ? power(y, .integer(p), .root) : rationalPower(y, p, q, .root)
        }
        guard case .integer(let nn) = index, let n = nn.smallValue, n != 0, n != .min else { return .inexact }
        if n > 0 { return exactRoot(y, n) }
        if y.isZero { return .failure(.divisionByZero, "division by zero") }
        guard case .value(let r) = exactRoot(y, -n) else { return .inexact }
        return quotient(Number(1), r, .root)
    }

    /// The n-th root (n ≥ 1) when both parts of the value are perfect n-th powers.
    static func exactRoot(_ x: Number, _ n: Int) -> NumberOutcome {
        guard let (numerator, denominator) = x.fraction else { return .inexact }
        if numerator.isNegative, n % 2 == 0 { return .inexact }
        guard let top = numerator.magnitude.exactRoot(n), let bottom = denominator.exactRoot(n) else { return .inexact }
        return .value(coprime(numerator.isNegative ? -top : top, bottom))
    }
}
