import PlatformMath

/// The integer and rounding words: mod, rem, idiv, comb, perm, <<, >>, !, floor, ceil, round,
/// trunc, fp.
extension Number {
    /// mod (floored: the sign of the divisor), rem (truncated: the sign of the dividend), idiv
    /// (the floored quotient). Exact for rationals too: over the common denominator D,
    /// a = A/D and b = B/D, so a mod b = (A mod B)/D and ⌊a/b⌋ = ⌊A/B⌋.
    static func division(_ a: Number, _ b: Number, _ op: ExactOperation,
                         rounding: ExactInteger.DivisionRounding, wantsQuotient: Bool) -> NumberOutcome {
        guard let (n1, d1) = a.fraction, let (n2, d2) = b.fraction else { return .inexact }
        if n2.isZero { return .failure(.divisionByZero, "division by zero") }
        if d1 == .one, d2 == .one {
            let (q, r) = ExactInteger.divide(n1, by: n2, rounding: rounding)
            return checked(.integer(wantsQuotient ? q : r), op)
        }
        let (q, r) = ExactInteger.divide(n1 * d2, by: n2 * d1, rounding: rounding)
        return checked(wantsQuotient ? .integer(q) : ratio(r, d1 * d2), op)
    }

    /// comb (n k comb = C(n, k)) and perm (P(n, k)); 0 when k > n.
    static func combinatorics(_ a: Number, _ b: Number, _ op: ExactOperation, permutations: Bool) -> NumberOutcome {
        guard case .integer(let n) = a, case .integer(let k) = b else { return notInteger(op, a, b) }
        if n.isNegative || k.isNegative {
            return .failure(.outOfDomain, "\(op.glyph) needs non-negative integers, got \(messageText(n.isNegative ? a : b))")
        }
        if ExactInteger.compare(k, n) > 0 { return .value(.integer(.zero)) }
        // Refuse before computing when the result is surely over the cap.
        let kk = permutations ? k : (ExactInteger.compare(k, n - k) <= 0 ? k : n - k)
        let nn = exp2Of(n)
        let kd = exp2Of(kk)
        let bits: Double
        if kd >= 1, kd * 1024 <= nn {
            // k ≪ n: Σ log2(n − i) for i < k is k·log2(n − (k−1)/2) to within k³/(24n²) nats
            // (log is concave), to a fraction of a bit wherever the size is near the cap. The
            // Stirling differences below lose bits there: two values near n·log2 n, 2^54 for
            // n near 2^49, where a double's unit is several bits.
            let perm = kd * (n.log2Magnitude + log1p(-(kd - 1) / (2 * nn)) / M_LN2)
            bits = permutations ? perm : perm - ExactInteger.log2Factorial(kd)
        } else if nn < 0x1p50 {
            bits = permutations ? ExactInteger.log2Factorial(nn) - ExactInteger.log2Factorial(nn - kd)
                : ExactInteger.log2Factorial(nn) - ExactInteger.log2Factorial(kd) - ExactInteger.log2Factorial(nn - kd)
        } else {
            // n too large for Stirling differences in doubles, and k > n/1024 > 2^40: far past
            // the cap, as C(n, k) ≥ (n/k)^k and P(n, k) ≥ (n−k+1)^k say.
            bits = kd * (n.log2Magnitude - (permutations || kd < 2 ? 0 : log2(kd))) - 1
        }
        if surelyTooLarge(log10: bits * digitsPerBit) || kk.smallValue == nil {
            return tooLarge(op, estimate(log10: bits * digitsPerBit))
        }
        let result = permutations ? ExactInteger.permutations(n, kk) : ExactInteger.binomial(n, kk)
        return checked(.integer(result), op)
    }

    /// The magnitude as a double (for estimates).
    static func exp2Of(_ x: ExactInteger) -> Double {
        if case .small(let s) = x { return Double(s.magnitude) }
        return Number.integer(x).doubleValue.magnitude
    }

    /// x n << (x·2^n) and x n >> (⌊x/2^n⌋); a negative n shifts the other way.
    static func shift(_ a: Number, _ b: Number, _ op: ExactOperation, left: Bool) -> NumberOutcome {
        guard case .integer(let x) = a, case .integer(let n) = b else { return notInteger(op, a, b) }
        let towardLeft = left != n.isNegative
        if !towardLeft {
            guard let count = n.magnitude.smallValue else { return .value(.integer(.small(x.isNegative ? -1 : 0))) }
            return .value(.integer(x.shiftedRight(count)))
        }
        if x.isZero { return .value(a) }
        // x·2^n has ⌊log10|x| + n·log10 2⌋ + 1 digits: refused before shifting when surely past the cap.
        let log10Size = (x.log2Magnitude + exp2Of(n)) * digitsPerBit
        guard !surelyTooLarge(log10: log10Size), let count = n.magnitude.smallValue else {
            return tooLarge(op, digits(log10: log10Size))
        }
        return checked(.integer(x.shiftedLeft(count)), op)
    }

    /// n! of an integer n ≥ 0; `.inexact` for non-integers (Γ(x+1) in Double).
    static func factorial(_ a: Number, _ op: ExactOperation) -> NumberOutcome {
        guard case .integer(let n) = a else { return .inexact }
        if n.isNegative {
            return .failure(.outOfDomain, "\(op.glyph) is not defined for negative integers, got \(messageText(a))")
        }
        let bits = ExactInteger.log2Factorial(exp2Of(n))
        guard let small = n.smallValue, !surelyTooLarge(log10: bits * digitsPerBit) else {
            return tooLarge(op, estimate(log10: bits * digitsPerBit))
        }
        return checked(.integer(ExactInteger.factorial(small)), op)
    }

    /// floor, ceil, round (half away from zero), trunc, fp (x − trunc x).
    static func rounding(_ a: Number, _ operation: ExactOperation) -> NumberOutcome {
        guard case .rational(let r) = a else {
            return .value(operation == .fp ? .integer(.zero) : a)
        }
        let n = r.numerator, d = r.denominator
        switch operation {
        case .floor: return .value(.integer(ExactInteger.divide(n, by: d, rounding: .down).quotient))
        case .ceil: return .value(.integer(-ExactInteger.divide(-n, by: d, rounding: .down).quotient))
        case .trunc: return .value(.integer(ExactInteger.divide(n, by: d, rounding: .towardZero).quotient))
        case .round:
            // |x| + 1/2 rounded down, the sign put back: (2|n| + d) div 2d.
            let twice = n.magnitude + n.magnitude + d
            let rounded = ExactInteger.divide(twice, by: d + d, rounding: .down).quotient
            return .value(.integer(n.isNegative ? -rounded : rounded))
        default:
            // n − trunc(n/d)·d keeps gcd with d at 1: already in lowest terms.
            let remainder = ExactInteger.divide(n, by: d, rounding: .towardZero).remainder
            return .value(.rational(Rational(normalized: remainder, d)))
        }
    }
}
