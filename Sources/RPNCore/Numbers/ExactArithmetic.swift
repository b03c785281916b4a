/// Exact arithmetic of the words: `Number.exact(op:…)` with exact operands (`.integer` or
/// `.rational`) gives the exact result, a failure to report at the word's token, or
/// `.inexact` when no exact answer exists and the caller computes in Double. Domain errors
/// the Double arithmetic reports anyway (√ of a negative, an even root of a negative) are
/// left to it (`.inexact`), so both modes say the same.
///
/// Speed: small integers and small rationals (parts in machine words) never allocate and
/// never reach GMP. The `+ − ×` of two small integers is inlined into the caller.
extension Number {
    /// `a op b` for a binary word (`a` is the deeper operand: `a b −` is a − b).
    @inlinable
    public static func exact(op: BuiltinID, _ a: Number, _ b: Number) -> NumberOutcome {
        if case .integer(.small(let x)) = a, case .integer(.small(let y)) = b {
            switch op {
            case .add:
                let (r, overflow) = x.addingReportingOverflow(y)
                if !overflow { return .value(.integer(.small(r))) }
            case .subtract:
                let (r, overflow) = x.subtractingReportingOverflow(y)
                if !overflow { return .value(.integer(.small(r))) }
            case .multiply:
                let (r, overflow) = x.multipliedReportingOverflow(by: y)
                if !overflow { return .value(.integer(.small(r))) }
            default: break
            }
        }
        return exactBinary(op, a, b)
    }

    /// `op a` for a unary word.
    @inlinable
    public static func exact(op: BuiltinID, _ a: Number) -> NumberOutcome {
        if op == .negate, case .integer(.small(let x)) = a, x != .min { return .value(.integer(.small(-x))) }
        return exactUnary(op, a)
    }

    @usableFromInline
    static func exactBinary(_ op: BuiltinID, _ a: Number, _ b: Number) -> NumberOutcome {
        // The four operations without the table lookup: they are most of what programs do.
        switch op {
        case .add, .subtract, .multiply, .divide:
            guard a.isExact, b.isExact else { return .inexact }
            switch op {
            case .add: return sum(a, b, .add)
            case .subtract: return sum(a, b, .subtract, subtracting: true)
            case .multiply: return product(a, b, .multiply)
            default: return quotient(a, b, .divide)
            }
        default:
            guard let operation = ExactOperation(op) else { return .inexact }
            return exact(operation, a, b)
        }
    }

    @usableFromInline
    static func exactUnary(_ op: BuiltinID, _ a: Number) -> NumberOutcome {
        guard let operation = ExactOperation(op) else { return .inexact }
        return exact(operation, a)
    }

    static func exact(_ operation: ExactOperation, _ a: Number, _ b: Number) -> NumberOutcome {
        guard a.isExact, b.isExact else { return .inexact }
        let op = operation
        switch operation {
        case .add: return sum(a, b, op)
        case .subtract: return sum(a, b, op, subtracting: true)
        case .multiply: return product(a, b, op)
        case .divide: return quotient(a, b, op)
        case .power: return power(a, b, op)
        case .mod: return division(a, b, op, rounding: .down, wantsQuotient: false)
        case .rem: return division(a, b, op, rounding: .towardZero, wantsQuotient: false)
        case .idiv: return division(a, b, op, rounding: .down, wantsQuotient: true)
        case .gcd, .lcm, .bitAnd, .bitOr, .bitXor:
            guard case .integer(let x) = a, case .integer(let y) = b else { return notInteger(op, a, b) }
            let result: ExactInteger
            switch operation {
            case .gcd: result = ExactInteger.gcd(x, y)
            case .lcm: result = ExactInteger.lcm(x, y)
            case .bitAnd: result = x & y
            case .bitOr: result = x | y
            default: result = x ^ y
            }
            return checked(.integer(result), op)
        case .comb, .perm: return combinatorics(a, b, op, permutations: operation == .perm)
        case .shiftLeft, .shiftRight: return shift(a, b, op, left: operation == .shiftLeft)
        case .root: return root(a, b)
        case .min: return .value(compare(a, b) <= 0 ? a : b)
        case .max: return .value(compare(a, b) >= 0 ? a : b)
        case .percent:  // y x % = y·x/100
            guard case .value(let p) = product(a, b, op) else { return product(a, b, op) }
            return quotient(p, Number(100), op)
        case .percentChange:  // y x %ch = (x − y)/y·100
            if a.isZero { return .failure(.divisionByZero, "division by zero") }
            guard case .value(let difference) = sum(b, negated(a), op),
                  case .value(let ratio) = quotient(difference, a, op) else { return .inexact }
            return product(ratio, Number(100), op)
        default: return truth(operation, a, b) ?? .inexact
        }
    }

    /// A comparison or logic: exactly 1 or 0 for values of any kind (`compare` orders them
    /// numerically across kinds, `--digits` values too); nil for other words.
    static func truth(_ operation: ExactOperation, _ a: Number, _ b: Number) -> NumberOutcome? {
        switch operation {
        case .less: truth(compare(a, b) < 0)
        case .greater: truth(compare(a, b) > 0)
        case .lessEqual: truth(compare(a, b) <= 0)
        case .greaterEqual: truth(compare(a, b) >= 0)
        case .equal: truth(compare(a, b) == 0)
        case .notEqual: truth(compare(a, b) != 0)
        case .logicalAnd: truth(!a.isZero && !b.isZero)
        case .logicalOr: truth(!a.isZero || !b.isZero)
        default: nil
        }
    }

    /// The answer of a comparison or of logic: exactly 1 or 0.
    @inline(__always)
    static func truth(_ holds: Bool) -> NumberOutcome { .value(.integer(.small(holds ? 1 : 0))) }

    static func exact(_ operation: ExactOperation, _ a: Number) -> NumberOutcome {
        guard a.isExact else { return .inexact }
        let op = operation
        switch operation {
        case .negate: return .value(negated(a))
        case .abs: return .value(a.signum < 0 ? negated(a) : a)
        case .sign: return .value(Number(a.signum))
        case .inv: return quotient(Number(1), a, op)
        case .sq: return product(a, a, op)
        case .sqrt: return a.signum < 0 ? .inexact : exactRoot(a, 2)
        case .cbrt: return exactRoot(a, 3)
        case .factorial: return factorial(a, op)
        case .floor, .ceil, .round, .trunc, .fp: return rounding(a, operation)
        case .bitNot:
            guard case .integer(let x) = a else { return notInteger(op, a) }
            return .value(.integer(~x))
        case .logicalNot: return truth(a.isZero)
        default: return .inexact
        }
    }

    // MARK: - The four operations

    static func negated(_ a: Number) -> Number {
        switch a {
        case .integer(let x): return .integer(-x)
        case .rational(let r): return .rational(Rational(normalized: -r.numerator, r.denominator))
        case .real(let d): return .real(d == 0 ? 0 : -d)
        case .float(let f): return .float(f.negated)
        case .complex(let z): return .complex(re: negated(z.re), im: negated(z.im))
        case .list(let elements): return .list(elements.map(negated))
        case .quotation: return a
        }
    }

    /// Both parts in machine words: an integer n as (n, 1).
    static func smallFraction(_ x: Number) -> (Int, Int)? {
        switch x {
        case .integer(.small(let n)): return (n, 1)
        case .rational(let r): return r.smallParts
        default: return nil
        }
    }

    /// a + b, or a − b when `subtracting`.
    static func sum(_ a: Number, _ b: Number, _ op: ExactOperation, subtracting: Bool = false) -> NumberOutcome {
        if let (n1, d1) = smallFraction(a), let (n2, d2) = smallFraction(b), !(subtracting && n2 == .min),
           let s = smallSum(n1, d1, subtracting ? -n2 : n2, d2) {
            return .value(s)
        }
        return sumGeneral(a, subtracting ? negated(b) : b, op)
    }

    static func sumGeneral(_ a: Number, _ b: Number, _ op: ExactOperation) -> NumberOutcome {
        guard let (n1, d1) = a.fraction, let (n2, d2) = b.fraction else { return .inexact }
        if d1 == .one, d2 == .one { return checked(.integer(n1 + n2), op) }
        return checked(ratio(n1 * d2 + n2 * d1, d1 * d2), op)
    }

    /// n1/d1 + n2/d2 in lowest terms (Knuth 4.5.1: one gcd of the denominators, one of the
    /// small remainder), or nil when a step overflows.
    static func smallSum(_ n1: Int, _ d1: Int, _ n2: Int, _ d2: Int) -> Number? {
        smallSumParts(n1, d1, n2, d2).map(smallNumber)
    }

    /// The parts of n1/d1 + n2/d2 in lowest terms (denominator 1 for an integer), without
    /// building a `Number`: the machine's fast path.
    @inline(__always)
    static func smallSumParts(_ n1: Int, _ d1: Int, _ n2: Int, _ d2: Int) -> (Int, Int)? {
        if d1 == 1, d2 == 1 {
            let (s, overflow) = n1.addingReportingOverflow(n2)
            return overflow ? nil : (s, 1)
        }
        if d1 == 1 || d2 == 1 {
            // n1 + n2·d1 over d1 (or the mirror): gcd(n1 + n2·d1, d1) = gcd(n1, d1) = 1.
            let (integer, fractionNumerator, denominator) = d2 == 1 ? (n2, n1, d1) : (n1, n2, d2)
            let (scaled, o1) = integer.multipliedReportingOverflow(by: denominator)
            let (numerator, o2) = scaled.addingReportingOverflow(fractionNumerator)
            return o1 || o2 ? nil : (numerator, denominator)
        }
        let g = Int(ExactInteger.gcd(UInt(d1), UInt(d2)))
        let e1 = d1 / g, e2 = d2 / g
        let (p1, o1) = n1.multipliedReportingOverflow(by: e2)
        let (p2, o2) = n2.multipliedReportingOverflow(by: e1)
        let (t, o3) = p1.addingReportingOverflow(p2)
        if o1 || o2 || o3 { return nil }
        let g2 = g == 1 ? 1 : Int(ExactInteger.gcd(t.magnitude, UInt(g)))
        let (denominator, o4) = e1.multipliedReportingOverflow(by: d2 / g2)
        if o4 { return nil }
        return (t / g2, denominator)
    }

    /// A fraction in lowest terms as a `Number`: an integer when the denominator is 1.
    @inline(__always)
    static func smallNumber(_ parts: (Int, Int)) -> Number {
        parts.1 == 1 ? .integer(.small(parts.0))
            : .rational(Rational(normalized: .small(parts.0), .small(parts.1)))
    }

    static func product(_ a: Number, _ b: Number, _ op: ExactOperation) -> NumberOutcome {
        if let (n1, d1) = smallFraction(a), let (n2, d2) = smallFraction(b), let p = smallProduct(n1, d1, n2, d2) {
            return .value(p)
        }
        return productGeneral(a, b, op)
    }

    /// (n1/d1)·(n2/d2) in lowest terms (cross-cancelled first), or nil when a step overflows.
    static func smallProduct(_ n1: Int, _ d1: Int, _ n2: Int, _ d2: Int) -> Number? {
        smallProductParts(n1, d1, n2, d2).map(smallNumber)
    }

    /// The parts of (n1/d1)·(n2/d2) in lowest terms, without building a `Number`.
    @inline(__always)
    static func smallProductParts(_ n1: Int, _ d1: Int, _ n2: Int, _ d2: Int) -> (Int, Int)? {
        // A gcd with 1 is 1: integers times integers (the common case) skip both.
        // gcd(x, 1) and gcd(±1, x) are 1: integers times integers and division by an integer
        // (its reciprocal is ±1/k) skip them.
        let g1 = d2 == 1 || n1.magnitude == 1 ? 1 : Int(ExactInteger.gcd(n1.magnitude, UInt(d2)))  // ≤ d2: fits
        let g2 = d1 == 1 || n2.magnitude == 1 ? 1 : Int(ExactInteger.gcd(n2.magnitude, UInt(d1)))
        let (numerator, o1) = (n1 / g1).multipliedReportingOverflow(by: n2 / g2)
        let (denominator, o2) = (d1 / g2).multipliedReportingOverflow(by: d2 / g1)
        if o1 || o2 { return nil }
        return (numerator, denominator)
    }

    static func productGeneral(_ a: Number, _ b: Number, _ op: ExactOperation) -> NumberOutcome {
        guard let (n1, d1) = a.fraction, let (n2, d2) = b.fraction else { return .inexact }
        if d1 == .one, d2 == .one {
            // log10|x·y| = log10|x| + log10|y|: refuse before multiplying when surely past the cap.
            let log10Size = (n1.log2Magnitude + n2.log2Magnitude) * digitsPerBit
            if !n1.isZero, !n2.isZero, surelyTooLarge(log10: log10Size) { return tooLarge(op, digits(log10: log10Size)) }
            return checked(.integer(n1 * n2), op)
        }
        return checked(ratio(n1 * n2, d1 * d2), op)
    }

    static func quotient(_ a: Number, _ b: Number, _ op: ExactOperation) -> NumberOutcome {
        if let (n1, d1) = smallFraction(a), let (n2, d2) = smallFraction(b), n2 != .min {
            if n2 == 0 { return .failure(.divisionByZero, "division by zero") }
            if d1 == 1, d2 == 1, let q = smallRatio(n1, n2) { return .value(q) }
            if let q = smallProduct(n1, d1, n2 < 0 ? -d2 : d2, n2 < 0 ? -n2 : n2) { return .value(q) }
        }
        return quotientGeneral(a, b, op)
    }

    static func quotientGeneral(_ a: Number, _ b: Number, _ op: ExactOperation) -> NumberOutcome {
        guard let (n1, d1) = a.fraction, let (n2, d2) = b.fraction else { return .inexact }
        if n2.isZero { return .failure(.divisionByZero, "division by zero") }
        return checked(ratio(n1 * d2, d1 * n2), op)
    }

    // MARK: - Failures shared by the words

    static func notInteger(_ op: ExactOperation, _ operands: Number...) -> NumberOutcome {
        let offending = operands.first { !$0.isInteger } ?? operands[0]
        return .failure(.notInteger, "\(op.glyph) needs integers, got \(messageText(offending))")
    }

    /// A value in a message: an integer with every digit, anything else as the shortest
    /// round-trip decimal of its double (see `Limit.numberText`).
    static func messageText(_ x: Number) -> String { Limit.numberText(x) }
}
