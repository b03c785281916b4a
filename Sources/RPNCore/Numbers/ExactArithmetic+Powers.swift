/// Integer powers and exact roots.
extension Number {
    /// a^b: exact for an integer b (a negative b gives a rational; 0 to a negative power is a
    /// division by zero); `.inexact` for a non-integer b, even where a is a perfect power.
    static func power(_ a: Number, _ b: Number, _ op: ExactOperation) -> NumberOutcome {
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

    /// y n root: exact when y is a perfect n-th power (a negative y with an odd n is real);
    /// `.inexact` otherwise, and for n = 0 or an even root of a negative, where the Double
    /// arithmetic reports the domain error.
    static func root(_ y: Number, _ index: Number) -> NumberOutcome {
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
