import CGMP
import PlatformMath

/// Factorials, binomial coefficients and permutation counts of non-negative integers. The
/// caller checks the arguments' signs and the result's size (`log2Factorial` estimates it).
extension ExactInteger {
    /// n! for 0 ≤ n; machine words up to 20! (21! needs 66 bits), GMP's mpz_fac_ui beyond.
    public static func factorial(_ n: Int) -> ExactInteger {
        precondition(n >= 0)
        if n <= 20 {
            var result = 1
            var i = 2
            while i <= n { result &*= i; i += 1 }
            return .small(result)
        }
        return make { __gmpz_fac_ui($0, UInt(n)) }
    }

    /// C(n, k) = n! / (k! (n−k)!) for n, k ≥ 0 (0 when k > n).
    public static func binomial(_ n: ExactInteger, _ k: ExactInteger) -> ExactInteger {
        precondition(!n.isNegative && !k.isNegative)
        if compare(k, n) > 0 { return .zero }
        let other = n - k
        let smaller = compare(k, other) <= 0 ? k : other
        guard let kk = smaller.smallValue else {
            preconditionFailure("binomial: the caller's size check lets no k past a machine word through")
        }
        if case .small(let nn) = n {
            // C(n, i+1) = C(n, i)·(n−i)/(i+1): each step is an exact division.
            var result = 1, i = 0, overflow = false
            while i < kk {
                let (product, o) = result.multipliedReportingOverflow(by: nn - i)
                if o { overflow = true; break }
                result = product / (i + 1)
                i += 1
            }
            if !overflow { return .small(result) }
        }
        return make { r in n.withMPZ { x in __gmpz_bin_ui(r, x, UInt(kk)) } }
    }

    /// P(n, k) = n! / (n−k)! for n, k ≥ 0 (0 when k > n).
    public static func permutations(_ n: ExactInteger, _ k: ExactInteger) -> ExactInteger {
        precondition(!n.isNegative && !k.isNegative)
        if compare(k, n) > 0 { return .zero }
        guard let kk = k.smallValue else {
            preconditionFailure("permutations: the caller's size check lets no k past a machine word through")
        }
        if case .small(let nn) = n {
            var result = 1, i = 0, overflow = false
            while i < kk {
                let (product, o) = result.multipliedReportingOverflow(by: nn - i)
                if o { overflow = true; break }
                result = product
                i += 1
            }
            if !overflow { return .small(result) }
        }
        return binomial(n, k) * factorial(kk)
    }

    /// log2(n!) from Stirling's series, to a fraction of a bit for every n ≥ 0: enough to
    /// refuse a result over the cap before computing it.
    public static func log2Factorial(_ n: Double) -> Double {
        if n < 2 { return 0 }
        let x = n + 1  // ln Γ(x) with x = n + 1
        let lnGamma = (x - 0.5) * log(x) - x + 0.5 * log(2 * Double.pi) + 1 / (12 * x) - 1 / (360 * x * x * x)
        return lnGamma / M_LN2
    }
}
