/// The words on complex values. Exact parts stay exact (Gaussian rationals: `1 2i + 3 1i - ÷`
/// is 1/10+7/10i); `+ − × ÷`, integer powers, `inv`, `sq` and `abs` of inexact parts are
/// computed exactly on the parts' exact binary values and rounded once, so each part is
/// correctly rounded; the elementary functions are MPC's (`ComplexFunctions`), each part
/// correctly rounded, with C99 Annex G's principal branches. Trigonometry of a complex value
/// is in radians whatever the angle unit; `arg` answers in the angle unit.
///
/// `digits` is `--digits N` (nil: doubles).
enum ComplexArithmetic {
    /// A failure to report at the word's token.
    struct Failure: Error {
        var code: DiagnosticCode
        var message: String

        var outcome: NumberOutcome { .failure(code, message) }
    }

    /// The kind of the parts of a result: exact when every operand is exact, else the kind
    /// of the inexact operands, `--digits` values winning over doubles (carrying the fewest
    /// digits among them, 17 for a double).
    enum PartKind: Equatable {
        case exact, double
        case float(digits: Int)

        init(_ operands: Number...) {
            var kind = PartKind.exact
            for x in operands {
                switch x.realPart {
                case .float(let f):
                    if case .float(let d) = kind { kind = .float(digits: Swift.min(d, f.digits)) } else {
                        kind = .float(digits: kind == .double ? Swift.min(f.digits, BigFloat.doubleDigits) : f.digits)
                    }
                case .real:
                    if case .float(let d) = kind { kind = .float(digits: Swift.min(d, BigFloat.doubleDigits)) }
                    else { kind = .double }
                default: break
                }
            }
            self = kind
        }

        /// The kind of an inexact result of operands of this kind: exact operands give one at
        /// `--digits N` if given, else a double.
        func inexact(digits: Int?) -> PartKind {
            guard self == .exact else { return self }
            return digits.map { .float(digits: $0) } ?? .double
        }
    }

    // MARK: - Entry points

    /// `op a b` where `a` or `b` is complex, or (`extends`) real operands whose answer is not real.
    static func binary(_ op: BuiltinID, _ a: Number, _ b: Number, digits: Int?, angle: AngleUnit) -> NumberOutcome {
        do { return .value(try binaryValue(op, a, b, digits: digits, angle: angle)) } catch { return error.outcome }
    }

    /// `op a` where `a` is complex, or (`extends`) a real whose answer is not real.
    static func unary(_ op: BuiltinID, _ a: Number, digits: Int?, angle: AngleUnit) -> NumberOutcome {
        do { return .value(try unaryValue(op, a, digits: digits, angle: angle)) } catch { return error.outcome }
    }

    /// Whether real operands of `op` have a complex answer where real arithmetic has none: the
    /// words that complex mode (`--complex`) extends. √ or a logarithm of a negative, asin and
    /// acos past ±1, acosh below 1, atanh past ±1, a negative to a non-integer power (its
    /// principal value: `-8 1 3 ÷ ^` is 1+1.7320508075688772i), an even root of a negative.
    /// cbrt and odd roots of negatives stay real.
    static func extends(_ op: BuiltinID, _ a: Number, _ b: Number? = nil) -> Bool {
        guard !a.isComplex, !(b?.isComplex ?? false) else { return false }
        let one = Number(1)
        switch op {
        case .sqrt, .ln, .log, .log2: return a.isNegative
        case .asin, .acos, .atanh: return Number.compare(a.magnitudeOfReal, one) > 0
        case .acosh: return Number.compare(a, one) < 0
        case .power: return a.isNegative && !(b!.isInteger)
        case .root:
            guard a.isNegative, let n = b else { return false }
            guard n.isInteger else { return true }
            if case .integer(let i) = n { return !i.isOdd }
            return Number.exactly(n.doubleValue).fraction.map { !$0.numerator.isOdd } ?? false
        default: return false
        }
    }

    // MARK: - Two operands

    static func binaryValue(_ op: BuiltinID, _ a: Number, _ b: Number, digits: Int?, angle: AngleUnit) throws(Failure) -> Number {
        let kind = PartKind(a, b)
        switch op {
        case .add, .subtract:
            let (x, y) = (exact(a), exact(b))
            let im = try parts(op, x.imaginaryPart, y.imaginaryPart)
            return try rounded(try parts(op, x.realPart, y.realPart), im, kind)
        case .multiply:
            let (re, im) = try product(exact(a), exact(b))
            return try rounded(re, im, kind)
        case .divide:
            let (re, im) = try quotient(exact(a), exact(b))
            return try rounded(re, im, kind)
        case .power: return try power(a, b, kind, digits: digits)
        case .root:
            if b.isComplex { return try power(a, try unaryValue(.inv, b, digits: digits, angle: angle), kind, digits: digits) }
            if b.isZero { throw Failure(code: .outOfDomain, message: "root needs a nonzero index") }
            if case .integer(let n) = b, n == .small(2) { return try unaryValue(.sqrt, a, digits: digits, angle: angle) }
            return try function(.root, a, b, kind, digits: digits)
        case .equal, .notEqual:
            let same = Number.compare(a.realPart, b.realPart) == 0 && Number.compare(a.imaginaryPart, b.imaginaryPart) == 0
                && a.isComplex == b.isComplex
            return Number(same == (op == .equal) ? 1 : 0)
        case .logicalAnd: return Number(!a.isZero && !b.isZero ? 1 : 0)
        case .logicalOr: return Number(!a.isZero || !b.isZero ? 1 : 0)
        case .cplx:
            guard !a.isComplex, !b.isComplex else { throw notReal(op, a.isComplex ? a : b) }
            return Number.complex(re: a, im: b)
        default:
            throw notReal(op, a.isComplex ? a : b)
        }
    }

    // MARK: - One operand

    static func unaryValue(_ op: BuiltinID, _ a: Number, digits: Int?, angle: AngleUnit) throws(Failure) -> Number {
        let kind = PartKind(a)
        let re = a.realPart, im = a.imaginaryPart
        switch op {
        case .negate: return Number.complex(re: Number.negated(re), im: Number.negated(im))
        case .conj: return Number.complex(re: re, im: Number.negated(im))
        case .re: return re
        case .im: return a.isComplex ? im : Number.zeroLike(re)
        case .inv:
            let (x, y) = try quotient(Number(1), exact(a))
            return try rounded(x, y, kind)
        case .sq:
            let z = exact(a)
            let (x, y) = try product(z, z)
            return try rounded(x, y, kind)
        case .abs: return try modulus(a, kind, digits: digits)
        case .arg: return try argument(a, digits: digits, angle: angle)
        case .sign:
            let r = try modulus(a, kind, digits: digits)
            return try binaryValue(.divide, a, r, digits: digits, angle: angle)
        case .sqrt:
            if kind == .exact, let root = exactSquareRoot(a) { return root }
            return try function(.sqrt, a, nil, kind, digits: digits)
        case .logicalNot: return Number(a.isZero ? 1 : 0)
        case .cbrt, .exp, .exp10, .ln, .log, .log2, .sin, .cos, .tan, .asin, .acos, .atan,
             .sinh, .cosh, .tanh, .asinh, .acosh, .atanh:
            return try function(op, a, nil, kind, digits: digits)
        default:
            throw notReal(op, a)
        }
    }

    // MARK: - Gaussian rationals

    /// A value with its parts made exact: an inexact part's exact binary value.
    static func exact(_ x: Number) -> Number {
        func part(_ p: Number) -> Number {
            switch p {
            case .real(let d): return Number.exactly(d)
            case .float(let f):
                let (n, d) = f.exactFraction
                return d == .one ? .integer(n) : Number.ratio(n, d)
            default: return p
            }
        }
        guard !x.isExact else { return x }
        if case .complex(let z) = x { return Number.complex(re: part(z.re), im: part(z.im)) }
        return part(x)
    }

    /// `op` (+ − × ÷) on two exact reals.
    static func parts(_ op: BuiltinID, _ x: Number, _ y: Number) throws(Failure) -> Number {
        switch Number.exact(op: op, x, y) {
        case .value(let v): return v
        case .failure(let code, let message): throw Failure(code: code, message: message)
        case .inexact: throw Failure(code: .notFinite, message: "\(Builtin[op].glyph) has no exact answer")  // unreachable
        }
    }

    /// (a+bi)(c+di) = (ac−bd) + (ad+bc)i, of exact values.
    static func product(_ x: Number, _ y: Number) throws(Failure) -> (Number, Number) {
        let (a, b, c, d) = (x.realPart, x.imaginaryPart, y.realPart, y.imaginaryPart)
        let re = try parts(.subtract, try parts(.multiply, a, c), try parts(.multiply, b, d))
        let im = try parts(.add, try parts(.multiply, a, d), try parts(.multiply, b, c))
        return (re, im)
    }

    /// (a+bi)/(c+di) = ((ac+bd) + (bc−ad)i)/(c²+d²), of exact values.
    static func quotient(_ x: Number, _ y: Number) throws(Failure) -> (Number, Number) {
        let (a, b, c, d) = (x.realPart, x.imaginaryPart, y.realPart, y.imaginaryPart)
        let n = try norm(y)
        if n.isZero { throw Failure(code: .divisionByZero, message: "division by zero") }
        let re = try parts(.add, try parts(.multiply, a, c), try parts(.multiply, b, d))
        let im = try parts(.subtract, try parts(.multiply, b, c), try parts(.multiply, a, d))
        return (try parts(.divide, re, n), try parts(.divide, im, n))
    }

    /// re² + im² of an exact value, exactly.
    static func norm(_ z: Number) throws(Failure) -> Number {
        let (a, b) = (z.realPart, z.imaginaryPart)
        return try parts(.add, try parts(.multiply, a, a), try parts(.multiply, b, b))
    }

    /// The value of exact parts in the result's kind: each part rounded once.
    static func rounded(_ re: Number, _ im: Number, _ kind: PartKind) throws(Failure) -> Number {
        switch kind {
        case .exact: return Number.complex(re: re, im: im)
        case .double:
            let x = re.doubleValue, y = im.doubleValue
            guard x.isFinite, y.isFinite else { throw Failure(code: .notFinite, message: "the result is too large (over 1.8e308)") }
            return Number.complex(re: Number(x), im: Number(y))
        case .float(let digits):
            return Number.complex(re: .float(BigFloat.from(re, digits: digits)), im: .float(BigFloat.from(im, digits: digits)))
        }
    }

    /// √ of a Gaussian rational when it is one: √(a+bi) = p + qi with p = √((|z|+a)/2) and
    /// q = ±√((|z|−a)/2), the sign of b (the principal root; b = 0 with a < 0 gives √(−a)·i).
    static func exactSquareRoot(_ z: Number) -> Number? {
        let a = z.realPart, b = z.imaginaryPart
        let half = Number.ratio(.small(1), .small(2))
        guard let m = (try? norm(z)).flatMap(exactRoot),
              let p2 = try? parts(.multiply, try parts(.add, m, a), half),
              let q2 = try? parts(.multiply, try parts(.subtract, m, a), half),
              let p = exactRoot(p2), let q = exactRoot(q2) else { return nil }
        return Number.complex(re: p, im: b.isNegative ? Number.negated(q) : q)
    }

    /// The exact square root of an exact non-negative value, when it is rational.
    static func exactRoot(_ x: Number) -> Number? {
        if case .value(let r) = Number.exact(op: .sqrt, x), r.isExact { return r }
        return nil
    }

    // MARK: - Powers

    /// z^w: exact for an exact base and an integer exponent (and for √ of a Gaussian rational
    /// that is one, to an odd power of 1/2); otherwise MPC's principal value exp(w·ln z).
    static func power(_ z: Number, _ w: Number, _ kind: PartKind, digits: Int?) throws(Failure) -> Number {
        if case .integer(let n) = w, z.isExact || n.bitLength <= 6 {
            return try integerPower(exact(z), n, kind)
        }
        // An inexact exponent that is a whole number (`--float`'s 10, `2 √ sq`'s 2.0000000000000004
        // is not) is an integer power too, as it is for a negative real base; only small ones,
        // whose exact powers stay small.
        if !w.isComplex, !w.isExact, w.isInteger, case .integer(let n) = exact(w), n.bitLength <= 6 {
            return try integerPower(exact(z), n, kind)
        }
        if kind == .exact, case .rational(let r) = w, r.denominator == .small(2), let root = exactSquareRoot(z) {
            return try integerPower(root, r.numerator, kind)
        }
        if z.isZero {
            // 0^w: 0 when Re w > 0; otherwise no value.
            if w.realPart.signum > 0 { return Number.zeroLike(kind) }
            throw Failure(code: .outOfDomain, message: "0 to the power \(text(w)) has no value")
        }
        return try function(.power, z, w, kind, digits: digits)
    }

    /// z^n by squaring, exactly, then rounded to the result's kind once. The digit cap stops
    /// a size that grows past it (every step is checked).
    static func integerPower(_ z: Number, _ n: ExactInteger, _ kind: PartKind) throws(Failure) -> Number {
        if n.isZero { return kind == .exact ? Number(1) : try rounded(Number(1), Number(0), kind) }
        var base = z
        if n.isNegative {
            let (re, im) = try quotient(Number(1), z)
            base = Number.complex(re: re, im: im)
        }
        var e = n.magnitude
        var result: Number = Number(1)
        while true {
            if e.isOdd {
                let (re, im) = try product(result, base)
                result = Number.complex(re: re, im: im)
            }
            e = e.shiftedRight(1)
            if e.isZero { break }
            let (re, im) = try product(base, base)
            base = Number.complex(re: re, im: im)
        }
        return try rounded(result.realPart, result.imaginaryPart, kind)
    }

    // MARK: - Modulus and argument

    /// |z|: exact when √(re² + im²) is rational (`3 4i + abs` is 5), else correctly rounded.
    static func modulus(_ z: Number, _ kind: PartKind, digits: Int?) throws(Failure) -> Number {
        let norm = try norm(exact(z))
        if let r = exactRoot(norm) {
            return kind == .exact ? r : try rounded(r, Number(0), kind)
        }
        // An irrational modulus of exact parts is inexact as √2 is: N digits under --digits N
        // (as `arg` and every real word), else the double nearest √norm.
        if kind == .exact, digits == nil, let (n, d) = norm.fraction {
            let r = MPFRDouble.squareRoot(n, d)
            guard r.isFinite else { throw tooLarge(.abs) }
            return Number(r)
        }
        return try real(.hypot, z.realPart, z.imaginaryPart, kind.inexact(digits: digits), angle: .radians)
    }

    /// arg z = atan2(im, re), in the angle unit: exactly 0 for a positive real.
    static func argument(_ z: Number, digits: Int?, angle: AngleUnit) throws(Failure) -> Number {
        if !z.isComplex {
            if z.isZero { throw Failure(code: .outOfDomain, message: "arg of 0 has no value") }
            if !z.isNegative { return Number.zeroLike(z) }
        }
        if PartKind(z) == .exact, digits == nil, let (na, da) = z.realPart.fraction, let (nb, db) = z.imaginaryPart.fraction {
            // atan2(nb/db, na/da) = atan2(nb·da, na·db): both scaled by da·db > 0, integers,
            // whose angle MPFR rounds once.
            return Number(MPFRDouble.atan2(nb * da, na * db, degrees: angle == .degrees))
        }
        return try real(.atan2, z.imaginaryPart, z.realPart, PartKind(z).inexact(digits: digits), angle: angle)
    }

    /// A real word of two real operands in the result's kind (`hypot`, `atan2`).
    static func real(_ op: BuiltinID, _ a: Number, _ b: Number, _ kind: PartKind, angle: AngleUnit) throws(Failure) -> Number {
        if case .float(let digits) = kind {
            switch BigFloatArithmetic.binary(op, a, b, digits: digits, angle: angle) {
            case .value(let v): return v
            case .failure(let code, let message): throw Failure(code: code, message: message)
            case .unsupported: break
            }
        }
        switch Arithmetic.binary(op, a.doubleValue, b.doubleValue, angle: angle) {
        case .value(let v): return Number(v)
        case .failure(let code, let message): throw Failure(code: code, message: message)
        }
    }

    // MARK: - Elementary functions

    /// An elementary function of complex (or extended real) operands through MPC: doubles
    /// for exact and double operands (an exact operand rounded to the nearest double first, as
    /// for reals), `--digits` values at their digits.
    static func function(_ op: BuiltinID, _ z: Number, _ w: Number?, _ kind: PartKind, digits: Int?) throws(Failure) -> Number {
        let kind = kind.inexact(digits: digits)
        if case .float(let digits) = kind {
            let x = (re: BigFloat.from(z.realPart, digits: digits), im: BigFloat.from(z.imaginaryPart, digits: digits))
            let y = w.map { (re: BigFloat.from($0.realPart, digits: digits), im: BigFloat.from($0.imaginaryPart, digits: digits)) }
            let r = switch op {
            case .power: ComplexFunctions.power(x, y!, digits: digits)
            case .root: ComplexFunctions.root(x, y!, digits: digits)
            default: ComplexFunctions.unary(op, x.re, x.im, digits: digits)
            }
            guard let r else { throw notReal(op, z) }
            guard r.re.isFinite, r.im.isFinite else { throw tooLarge(op) }
            return Number.complex(re: .float(r.re), im: .float(r.im))
        }
        let x = (re: z.realPart.doubleValue, im: z.imaginaryPart.doubleValue)
        let y = w.map { (re: $0.realPart.doubleValue, im: $0.imaginaryPart.doubleValue) }
        guard x.re.isFinite, x.im.isFinite, y.map({ $0.re.isFinite && $0.im.isFinite }) ?? true else {
            throw Failure(code: .notFinite,
                          message: "\(Builtin[op].glyph) works in floating point, and its operand is too large for it (over 1.8e308)")
        }
        let r = switch op {
        case .power: ComplexFunctions.power(x, y!)
        case .root: ComplexFunctions.root(x, y!)
        default: ComplexFunctions.unary(op, x.re, x.im)
        }
        guard let r else { throw notReal(op, z) }
        guard r.re.isFinite, r.im.isFinite else { throw tooLarge(op) }
        return Number.complex(re: Number(r.re), im: Number(r.im))
    }

    // MARK: - Messages

    static func notReal(_ op: BuiltinID, _ z: Number) -> Failure {
        Failure(code: .notReal, message: "\(Builtin[op].glyph) needs real values, and \(text(z)) is complex")
    }

    static func tooLarge(_ op: BuiltinID) -> Failure {
        Failure(code: .notFinite, message: DomainMessage.tooLarge(Builtin[op].glyph))
    }

    static func text(_ z: Number) -> String { Limit.numberText(z) }
}

extension Number {
    /// |x| of a real.
    var magnitudeOfReal: Number { isNegative ? Number.negated(self) : self }

    /// Zero of a value's kind: exact 0, or an inexact zero of its digits.
    static func zeroLike(_ x: Number) -> Number {
        switch x.realPart {
        case .real: return .real(0)
        case .float(let f): return .float(BigFloat.from(.integer(.zero), digits: f.digits))
        default: return .integer(.zero)
        }
    }

    static func zeroLike(_ kind: ComplexArithmetic.PartKind) -> Number {
        switch kind {
        case .exact: return .integer(.zero)
        case .double: return .real(0)
        case .float(let digits): return .float(BigFloat.from(.integer(.zero), digits: digits))
        }
    }
}
