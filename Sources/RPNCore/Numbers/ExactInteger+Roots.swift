import CGMP
import PlatformMath

/// Exact roots: the n-th root of a non-negative integer when it is a perfect n-th power.
extension ExactInteger {
    /// The integer r ≥ 0 with r^n = x, or nil when x is not a perfect n-th power. x ≥ 0, n ≥ 1.
    public func exactRoot(_ n: Int) -> ExactInteger? {
        precondition(!isNegative && n >= 1)
        if n == 1 || isZero || self == .one { return self }
        if n >= bitLength { return nil }  // 1 < x < 2^n: between 1^n and 2^n
        if case .small(let x) = self {
            // The double estimate is within one of the root for every Int (and n ≥ 2).
            let estimate = Int(pow(Double(x), 1 / Double(n)).rounded())
            for candidate in max(estimate - 1, 0)...(estimate + 1) {
                if let p = Self.smallPower(candidate, n), p == x { return .small(candidate) }
            }
            return nil
        }
        if n == 2 {
            guard withMPZ({ __gmpz_perfect_square_p($0) }) != 0 else { return nil }
            return Self.make { r in withMPZ { x in __gmpz_sqrt(r, x) } }
        }
        var exact: Int32 = 0
        let root = Self.make { r in withMPZ { x in exact = __gmpz_root(r, x, UInt(n)) } }
        return exact != 0 ? root : nil
    }

    /// b^n in machine words, nil on overflow (b ≥ 0, n ≥ 0).
    static func smallPower(_ b: Int, _ n: Int) -> Int? {
        var result = 1
        for _ in 0..<n {
            let (p, overflow) = result.multipliedReportingOverflow(by: b)
            if overflow { return nil }
            result = p
        }
        return result
    }
}
