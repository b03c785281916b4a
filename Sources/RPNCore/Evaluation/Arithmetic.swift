import PlatformMath  // libm only: the core does no I/O

/// The arithmetic of every word, as pure functions that either give a finite number or say
/// why not. Operands are always finite: NaN ("no value") is handled by the caller.
///
/// rpn has one zero: a zero result is +0, never IEEE −0 (`0 neg`, `0 -1 ×`, an underflow).
/// No word can tell the two apart, and front ends print through different formatters (JSON
/// keeps the sign), so the sign is dropped where results are made.
enum Arithmetic {
    enum Outcome {
        case value(Double)
        case failure(DiagnosticCode, String)
    }

    static func constant(_ op: BuiltinID) -> Double {
        op == .pi ? Double.pi : 2.718281828459045
    }

    /// `angle`: the unit `atan2` answers in.
    static func binary(_ op: BuiltinID, _ a: Double, _ b: Double, angle: AngleUnit = .radians) -> Outcome {
        let result: Double
        switch op {
        case .add: result = a + b
        case .subtract: result = a - b
        case .multiply: result = a * b
        case .divide:
            if b == 0 { return .failure(.divisionByZero, "division by zero") }
            result = a / b
        case .power:
            result = CorrectRounding.power(a, b)
            if result.isNaN {
                return .failure(.notFinite, DomainMessage.powerNotReal(powerOperand(a), powerOperand(b)))
            }
            if result.isInfinite, a == 0 {
                return .failure(.divisionByZero, DomainMessage.zeroToNegativePower)
            }
        default:
            return binaryWord(op, a, b, angle: angle)
        }
        if !result.isFinite { return .failure(.notFinite, DomainMessage.tooLarge(Builtin[op].glyph)) }
        return .value(result == 0 ? 0 : result)  // one zero
    }

    static func unary(_ op: BuiltinID, _ a: Double, angle: AngleUnit) -> Outcome {
        let result: Double
        switch op {
        case .sqrt:
            if a < 0 { return .failure(.sqrtOfNegative, DomainMessage.sqrtOfNegative(text(a))) }
            result = a.squareRoot()
        case .sin, .cos, .tan:
            result = angle == .degrees ? Degrees.trigonometric(op, a)
                : CorrectRounding.value(op == .sin ? .sin : op == .cos ? .cos : .tan, a)
            if !result.isFinite { return .failure(.notFinite, "\(Builtin[op].glyph)(\(text(a))) is not finite") }
        case .asin, .acos:
            if a < -1 || a > 1 {
                return .failure(.outOfDomain, DomainMessage.outsideUnitInterval(Builtin[op].glyph, text(a)))
            }
            result = angle == .degrees ? Degrees.inverse(op, a) : CorrectRounding.value(op == .asin ? .asin : .acos, a)
        case .atan: result = angle == .degrees ? Degrees.inverse(op, a) : CorrectRounding.value(.atan, a)
        case .ln, .log:
            if a <= 0 {
                return .failure(.logOfNonPositive, DomainMessage.logOfNonPositive(text(a)))
            }
            result = CorrectRounding.value(op == .ln ? .ln : .log10, a)
        case .exp:
            result = CorrectRounding.value(.exp, a)
            if !result.isFinite { return .failure(.notFinite, "exp(\(text(a))) is too large") }
        case .abs: result = a.magnitude
        case .negate: result = -a
        default: return unaryWord(op, a)
        }
        return .value(result == 0 ? 0 : result)  // one zero
    }

    static func text(_ x: Double) -> String { NumberFormatting.ascii(x) }

    /// An operand of `^` in a message, parenthesized as descriptions do (grammar/rpn.ebnf):
    /// negative or in exponent form, so that `-8^0.5` is not read as −(8^0.5).
    static func powerOperand(_ x: Double) -> String {
        x < 0 || NumberFormatting.hasExponent(x) ? "(\(text(x)))" : text(x)
    }
}

// MARK: - The words of issue 9, in doubles (`--float`, and operands that are not exact)

extension Arithmetic {
    /// Binary words other than `+ − × ÷ ^`, apart so that the common operators' switch stays small.
    static func binaryWord(_ op: BuiltinID, _ a: Double, _ b: Double, angle: AngleUnit) -> Outcome {
        if op.isPredicate { return .value(predicate(op, a, b) ? 1 : 0) }
        let glyph = Builtin[op].glyph
        let result: Double
        switch op {
        case .mod, .rem, .idiv:
            if b == 0 { return .failure(.divisionByZero, "division by zero") }
            let truncated = fmod(a, b)  // exact, with the sign of a
            let floored = truncated != 0 && (truncated < 0) != (b < 0) ? truncated + b : truncated
            switch op {
            case .mod: result = floored
            case .rem: result = truncated
            default: result = ((a - floored) / b).rounded()  // a − floored is a multiple of b
            }
        case .gcd, .lcm:
            if let failure = integers(op, a, b) { return failure }
            let divisor = greatestCommonDivisor(a.magnitude, b.magnitude)
            result = op == .gcd ? divisor : divisor == 0 ? 0 : (a.magnitude / divisor) * b.magnitude
        case .comb, .perm:
            if let failure = integers(op, a, b) { return failure }
            if a < 0 || b < 0 {
                return .failure(.outOfDomain, "\(glyph) needs integers ≥ 0, got \(text(a < 0 ? a : b))")
            }
            result = op == .comb ? combinations(a, b) : permutations(a, b)
        case .root:
            if b == 0 { return .failure(.outOfDomain, DomainMessage.zerothRoot) }
            guard let root = nthRoot(a, b) else {
                return .failure(.notFinite, DomainMessage.rootNotReal(text(a), text(b)))
            }
            if root.isInfinite, a == 0 {
                return .failure(.divisionByZero, DomainMessage.negativeRootOfZero)
            }
            result = root
        case .hypot: result = CorrectRounding.hypot(a, b)
        case .atan2: result = angle == .degrees ? Degrees.atan2(a, b) : CorrectRounding.atan2(a, b)
        case .min: result = Swift.min(a, b)
        case .max: result = Swift.max(a, b)
        case .percent: result = a * b / 100
        case .percentChange:
            if a == 0 { return .failure(.divisionByZero, DomainMessage.percentChangeFromZero) }
            result = (b - a) * 100 / a
        case .bitAnd, .bitOr, .bitXor:
            if let failure = integers(op, a, b) { return failure }
            guard let x = Int64(exactly: a), let y = Int64(exactly: b) else { return bitwiseRange(op) }
            result = Double(op == .bitAnd ? x & y : op == .bitOr ? x | y : x ^ y)
        default:  // .shiftLeft, .shiftRight: a × 2^±b, rounded down
            if let failure = integers(op, a, b) { return failure }
            let count = Int(Swift.max(-100_000, Swift.min(100_000, b)))  // beyond, all bits or none
            let scaled = scalbn(a, Int32(op == .shiftLeft ? count : -count))
            result = scaled.rounded(.down)
        }
        if !result.isFinite { return .failure(.notFinite, DomainMessage.tooLarge(glyph)) }
        return .value(result == 0 ? 0 : result)  // one zero
    }

    /// Unary words other than the elementary functions of the first table rows.
    static func unaryWord(_ op: BuiltinID, _ a: Double) -> Outcome {
        let glyph = Builtin[op].glyph
        let result: Double
        switch op {
        case .logicalNot: return .value(a == 0 ? 1 : 0)
        case .factorial:
            if a == a.rounded(.towardZero) {
                if a < 0 { return .failure(.outOfDomain, "factorial of a negative integer (\(text(a))) is not defined") }
                // 171! is past the largest double; the loop stays short.
                var product = 1.0
                if a <= 170 { for k in stride(from: 2.0, through: a, by: 1) { product *= k } } else { product = .infinity }
                result = product
            } else {
                result = tgamma(a + 1)  // Γ(x+1), as HP's ! of a non-integer
            }
            if !result.isFinite { return .failure(.notFinite, "\(text(a))! is too large") }
        case .floor: result = a.rounded(.down)
        case .ceil: result = a.rounded(.up)
        case .round: result = a.rounded(.toNearestOrAwayFromZero)
        case .trunc: result = a.rounded(.towardZero)
        case .fp: result = a - a.rounded(.towardZero)
        case .sign: result = a > 0 ? 1 : a < 0 ? -1 : 0
        case .inv:
            if a == 0 { return .failure(.divisionByZero, "division by zero") }
            result = 1 / a
        case .sq: result = a * a
        case .cbrt: result = nthRoot(a, 3)!
        case .exp10: result = CorrectRounding.value(.exp10, a)
        case .log2:
            if a <= 0 { return .failure(.logOfNonPositive, DomainMessage.logOfNonPositive(text(a))) }
            result = CorrectRounding.value(.log2, a)
        case .sinh: result = CorrectRounding.value(.sinh, a)
        case .cosh: result = CorrectRounding.value(.cosh, a)
        case .tanh: result = CorrectRounding.value(.tanh, a)
        case .asinh: result = CorrectRounding.value(.asinh, a)
        case .acosh:
            if a < 1 { return .failure(.outOfDomain, DomainMessage.acoshBelowOne(text(a))) }
            result = CorrectRounding.value(.acosh, a)
        case .atanh:
            if a <= -1 || a >= 1 { return .failure(.outOfDomain, DomainMessage.atanhOutside(text(a))) }
            result = CorrectRounding.value(.atanh, a)
        default:  // .bitNot
            if a != a.rounded(.towardZero) { return .failure(.notInteger, "\(glyph) needs an integer, got \(text(a))") }
            result = -a - 1  // two's complement of any width
        }
        if !result.isFinite { return .failure(.notFinite, "\(glyph)(\(text(a))) is too large") }
        return .value(result == 0 ? 0 : result)  // one zero
    }

    /// A comparison as IEEE says (`0.1 0.2 + 0.3 =` is false in doubles), or logic on 0 and
    /// non-zero. Operands may be infinite: an exact value past the doubles' range compares as
    /// an infinity of its sign, which orders it rightly against every double.
    static func predicate(_ op: BuiltinID, _ a: Double, _ b: Double) -> Bool {
        switch op {
        case .less: a < b
        case .greater: a > b
        case .lessEqual: a <= b
        case .greaterEqual: a >= b
        case .equal: a == b
        case .notEqual: a != b
        case .logicalAnd: a != 0 && b != 0
        default: a != 0 || b != 0  // .logicalOr
        }
    }

    /// The failure of an integer word given a non-integer, nil when both are integers.
    static func integers(_ op: BuiltinID, _ a: Double, _ b: Double) -> Outcome? {
        for x in [a, b] where x != x.rounded(.towardZero) {
            return .failure(.notInteger, "\(Builtin[op].glyph) needs integers, got \(text(x))")
        }
        return nil
    }

    /// Doubles are exact integers far past 2^63, but the bitwise words work on machine words
    /// when not exact; exact arithmetic has no such bound.
    static func bitwiseRange(_ op: BuiltinID) -> Outcome {
        .failure(.outOfDomain, "\(Builtin[op].glyph) of inexact numbers works below 2^63 in magnitude")
    }

    /// Euclid's algorithm on non-negative integers; `fmod` is exact, and each step at least
    /// halves the larger operand every two steps, so it ends within ~2100 steps.
    static func greatestCommonDivisor(_ a: Double, _ b: Double) -> Double {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, fmod(x, y)) }
        return x
    }

    /// n choose k for integers ≥ 0: a running product that stays an integer (each partial
    /// product is itself a binomial coefficient), at most ~1100 steps before it overflows.
    static func combinations(_ n: Double, _ k: Double) -> Double {
        if k > n { return 0 }
        let j = Swift.min(k, n - k)
        var result = 1.0
        var i = 1.0
        while i <= j, result.isFinite {
            result = result * (n - j + i) / i
            i += 1
        }
        return result
    }

    /// n!/(n−k)! for integers ≥ 0: at most ~170 factors ≥ 2 before the product overflows.
    static func permutations(_ n: Double, _ k: Double) -> Double {
        if k > n { return 0 }
        var result = 1.0
        var i = 0.0
        while i < k, result.isFinite {  // the factors n − i are ≥ 1 since k ≤ n
            result *= n - i
            i += 1
        }
        return result
    }

    /// y^(1/n) correctly rounded, real for odd integer n and negative y; nil when there is no
    /// real root. A root whose n-th power is exactly y comes out exact (`27 cbrt` is 3, `8 3
    /// root` is 2): an exact result is never a midpoint between doubles.
    static func nthRoot(_ y: Double, _ n: Double) -> Double? {
        let odd = n == n.rounded(.towardZero) && fmod(n, 2) != 0
        if y < 0, !odd { return nil }
        if y == 0 { return n < 0 ? .infinity : 0 }
        let root = CorrectRounding.root(y, n)
        return y < 0 ? -root : root
    }
}
