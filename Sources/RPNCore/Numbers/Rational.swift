/// An exact non-integer: numerator / denominator in lowest terms, the denominator > 1 and the
/// sign on the numerator. Normalized, so equal values have equal representations. Made by
/// `Number.ratio(_:_:)`, which gives an integer when the denominator divides the numerator.
public struct Rational: Sendable, Hashable {
    /// Carries the sign.
    public let numerator: ExactInteger
    /// Always > 1.
    public let denominator: ExactInteger

    /// Parts already in lowest terms with a denominator > 1 (not checked).
    @inlinable @inline(__always)
    init(normalized numerator: ExactInteger, _ denominator: ExactInteger) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// Both parts as machine integers, when both fit.
    @inlinable
    public var smallParts: (numerator: Int, denominator: Int)? {
        if case .small(let n) = numerator, case .small(let d) = denominator { return (n, d) }
        return nil
    }
}

extension Number {
    /// n / d in lowest terms: an integer when d divides n. d must not be zero.
    public static func ratio(_ n: ExactInteger, _ d: ExactInteger) -> Number {
        precondition(!d.isZero, "ratio with a zero denominator")
        if case .small(let x) = n, case .small(let y) = d, let value = smallRatio(x, y) { return value }
        let (numerator, denominator) = d.isNegative ? (-n, -d) : (n, d)
        let g = ExactInteger.gcd(numerator, denominator)
        let reducedDenominator = ExactInteger.divideExactly(denominator, by: g)
        let reducedNumerator = ExactInteger.divideExactly(numerator, by: g)
        if reducedDenominator == .one { return .integer(reducedNumerator) }
        return .rational(Rational(normalized: reducedNumerator, reducedDenominator))
    }

    /// x / y in lowest terms in machine words; nil when a step would overflow (Int.min).
    @inlinable
    static func smallRatio(_ x: Int, _ y: Int) -> Number? {
        let g = ExactInteger.gcd(x.magnitude, y.magnitude)
        guard g <= UInt(Int.max), x != .min, y != .min else { return nil }
        var n = x / Int(g), d = y / Int(g)
        if d < 0 { n = -n; d = -d }
        return d == 1 ? .integer(.small(n)) : .rational(Rational(normalized: .small(n), .small(d)))
    }
}
