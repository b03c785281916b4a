/// Numeric order across kinds: an inexact value compares by its exact binary value, so the
/// order is total and exact (`0.1` the literal, 1/10, is below the double 0.1).
extension Number {
    /// -1, 0 or 1 as `a` is less than, equal to or greater than `b`.
    @inlinable
    public static func compare(_ a: Number, _ b: Number) -> Int {
        if case .integer(.small(let x)) = a, case .integer(.small(let y)) = b { return x < y ? -1 : x > y ? 1 : 0 }
        return compareGeneral(a, b)
    }

    @usableFromInline
    static func compareGeneral(_ a: Number, _ b: Number) -> Int {
        if case .real(let x) = a, case .real(let y) = b { return x < y ? -1 : x > y ? 1 : 0 }
        guard let (n1, d1) = exactFraction(a), let (n2, d2) = exactFraction(b) else { return 0 }
        if d1 == .one && d2 == .one { return ExactInteger.compare(n1, n2) }
        // n1/d1 vs n2/d2 with positive denominators: n1·d2 vs n2·d1.
        if case .small(let a1) = n1, case .small(let b1) = d1, case .small(let a2) = n2, case .small(let b2) = d2 {
            let left = a1.multipliedFullWidth(by: b2), right = a2.multipliedFullWidth(by: b1)
            return left.high != right.high ? (left.high < right.high ? -1 : 1)
                : left.low == right.low ? 0 : (left.low < right.low ? -1 : 1)
        }
        return ExactInteger.compare(n1 * d2, n2 * d1)
    }

    /// The exact fraction of any finite value (a real's exact binary value).
    static func exactFraction(_ x: Number) -> (ExactInteger, ExactInteger)? {
        switch x {
        case .real(let d): return d.isFinite ? exactly(d).fraction : nil
        case .float(let f): return f.isFinite ? f.exactFraction : nil
        case .complex: return nil
        default: return x.fraction
        }
    }
}
