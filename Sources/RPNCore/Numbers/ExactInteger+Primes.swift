import CGMP

/// Primes (issue 18): `isprime`, `nextprime`, `prevprime`, and the modular power of `powmod`.
///
/// The test: below 2^64, Miller–Rabin with the first twelve primes as bases, which no
/// composite below ψ12 = 318665857834031151167461 ≈ 3.2·10^23 passes (Sorenson and Webster,
/// 2015): deterministic, a proof (ψ12 itself is past 2^64, where BPSW finds it composite).
/// From 2^64 up, GMP 6.2's `mpz_probab_prime_p(n, 24)`: trial division, then the Baillie–PSW
/// test (a strong probable-prime test to base 2 and a strong Lucas test, Selfridge's
/// parameters), and no further Miller–Rabin round (GMP 6.2 spends its first 24 `reps` on
/// BPSW). No composite is known to pass BPSW, none exists below 2^64, but none is proven
/// not to exist above: past 2^64 the answer 1 means "prime, by BPSW", not a proof.
///
/// Time: one test costs a modular power of the number's size, and a prime search about
/// 2.3 × its digits candidates (the density of primes), most of them sieved out by small
/// primes. Both are refused past `Number.isPrimeDigitLimit` and `primeSearchDigitLimit`
/// decimal digits (before any work), so that no word of a program can keep the language
/// server or a shell busy for minutes (the words run between the step budget's checks).
extension ExactInteger {
    /// The twelve bases that make Miller–Rabin deterministic below ψ12 ≈ 3.2·10^23 (so below 2^64).
    static let millerRabinBases: [UInt64] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]

    /// Odd primes below 1000: the sieve of prime searches and the trial division before a test.
    static let smallOddPrimes: [UInt64] = {
        var primes: [UInt64] = []
        var n: UInt64 = 3
        while n < 1000 {
            if primes.allSatisfy({ $0 * $0 > n || n % $0 != 0 }) { primes.append(n) }
            n += 2
        }
        return primes
    }()

    /// The value as a `UInt64` when it is non-negative and below 2^64.
    var uint64Value: UInt64? {
        switch self {
        case .small(let x): return x >= 0 ? UInt64(x) : nil
        case .big(let b): return b.signum > 0 && b.bitLength <= 64 ? b.lowMagnitudeBits : nil
        }
    }

    /// Whether the value is prime: 1 or 0 for `isprime` (negative numbers, 0 and 1 are not).
    public var isPrime: Bool {
        guard signum > 0 else { return false }
        if let n = uint64Value { return Self.isPrime64(n) }
        return withMPZ { __gmpz_probab_prime_p($0, 24) } != 0
    }

    /// Deterministic primality below 2^64: trial division by the small primes, then
    /// Miller–Rabin to the twelve bases.
    static func isPrime64(_ n: UInt64) -> Bool {
        if n < 2 { return false }
        if n & 1 == 0 { return n == 2 }
        for p in smallOddPrimes {
            if n % p == 0 { return n == p }
            if p * p > n { return true }
        }
        var d = n - 1
        let s = d.trailingZeroBitCount
        d >>= s
        for a in millerRabinBases {
            var x = powMod64(a, d, n)
            if x == 1 || x == n - 1 { continue }
            var witness = true
            for _ in 1..<s {
                x = mulMod64(x, x, n)
                if x == n - 1 { witness = false; break }
            }
            if witness { return false }
        }
        return true
    }

    @inline(__always)
    static func mulMod64(_ a: UInt64, _ b: UInt64, _ m: UInt64) -> UInt64 {
        let (high, low) = a.multipliedFullWidth(by: b)
        return m.dividingFullWidth((high, low)).remainder
    }

    static func powMod64(_ base: UInt64, _ exponent: UInt64, _ m: UInt64) -> UInt64 {
        var result: UInt64 = 1 % m, b = base % m, e = exponent
        while e > 0 {
            if e & 1 == 1 { result = mulMod64(result, b, m) }
            b = mulMod64(b, b, m)
            e >>= 1
        }
        return result
    }

    /// The smallest prime greater than the value.
    public var nextPrime: ExactInteger { primeSearch(upward: true)! }

    /// The largest prime less than the value; nil when there is none (the value is 2 or less).
    public var previousPrime: ExactInteger? {
        guard ExactInteger.compare(self, .small(2)) > 0 else { return nil }
        return primeSearch(upward: false)
    }

    /// The prime search of `nextPrime` and `previousPrime`: odd candidates in turn, those
    /// with a factor below 1000 skipped by residues kept as the search steps (no division of
    /// a big number per candidate), the others tested. A loop, bounded by the prime gap.
    private func primeSearch(upward: Bool) -> ExactInteger? {
        if upward, ExactInteger.compare(self, .small(2)) < 0 { return .small(2) }
        if !upward, ExactInteger.compare(self, .small(3)) == 0 { return .small(2) }
        // The first odd candidate past the value.
        var start = upward ? self + .one : self - .one
        if !start.isOdd { start = upward ? start + .one : start - .one }
        if let n = start.uint64Value, n < UInt64.max - 4096 {
            var c = n
            while c >= 3 {
                if Self.isPrime64(c) { return ExactInteger(magnitude: UInt(c), negative: false) }
                if upward {
                    guard c < UInt64.max - 2 else { break }  // past 2^64: the big search goes on
                    c += 2
                } else {
                    c -= 2
                }
            }
            if !upward { return .small(2) }  // only reached from 3, handled above
            start = ExactInteger(magnitude: UInt(c), negative: false) + .small(2)
        }
        let primes = Self.smallOddPrimes
        var residues = start.withMPZ { z in primes.map { UInt64(__gmpz_fdiv_ui(z, UInt($0))) } }
        var offset: UInt64 = 0  // the candidate is start ± offset
        while true {
            var sieved = false
            for i in primes.indices where residues[i] == 0 { sieved = true; break }
            if !sieved {
                let candidate = upward ? start + ExactInteger(magnitude: UInt(offset), negative: false)
                    : start - ExactInteger(magnitude: UInt(offset), negative: false)
                if candidate.isPrime { return candidate }
            }
            offset += 2
            for i in primes.indices {
                let p = primes[i]
                residues[i] = upward ? (residues[i] + 2) % p : (residues[i] + p - 2 % p) % p
            }
        }
    }
}
