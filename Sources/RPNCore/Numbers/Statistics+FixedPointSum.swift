import CGMP

/// An exact sum of binary terms m·2^e (m up to 128 bits), kept as a fixed-point integer of
/// machine words with its lowest bit at 2^lowestExponent: the exact sum of a million doubles
/// (or their squares, or products of pairs) without a million GMP rationals. A term touches
/// three words and a carry that stops at once on average; GMP is reached once, to read the
/// total.
///
/// Positive and negative terms go to two sums of magnitudes, so that nothing borrows across
/// the words; the total is their difference. The words leave 64 bits of headroom above the
/// largest term: 2^63 terms cannot overflow.
struct FixedPointSum {
    /// The weight of bit 0 of word 0.
    let lowestExponent: Int
    private var positive: [UInt64]
    private var negative: [UInt64]

    /// Room for terms whose bits lie in [2^lowestExponent, 2^highestExponent).
    init(lowestExponent: Int, highestExponent: Int) {
        self.lowestExponent = lowestExponent
        let words = (highestExponent - lowestExponent + 64 + 63) / 64 + 1
        positive = [UInt64](repeating: 0, count: words)
        negative = positive
    }

    /// The sums of doubles: a double's bits lie in [2^−1074, 2^1024).
    static func ofDoubles() -> FixedPointSum { FixedPointSum(lowestExponent: -1074, highestExponent: 1024) }

    /// The sums of products of two doubles (squares, xy): bits in [2^−2148, 2^2048).
    static func ofProducts() -> FixedPointSum { FixedPointSum(lowestExponent: -2148, highestExponent: 2048) }

    /// Adds ±(high·2^64 + low)·2^exponent; exponent ≥ lowestExponent, and the term below
    /// 2^highestExponent.
    @inline(__always)
    mutating func add(high: UInt64, low: UInt64, exponent: Int, negative isNegative: Bool) {
        let position = exponent - lowestExponent
        let index = position >> 6, shift = UInt64(position & 63)
        let w0 = low << shift
        let w1 = shift == 0 ? high : (high << shift) | (low >> (64 - shift))
        let w2 = shift == 0 ? 0 : high >> (64 - shift)
        if isNegative { Self.add(&negative, index, w0, w1, w2) } else { Self.add(&positive, index, w0, w1, w2) }
    }

    /// Adds a double's exact value.
    @inline(__always)
    mutating func add(_ d: Double) {
        guard d != 0 else { return }
        let (m, e) = Self.parts(d)
        add(high: 0, low: m, exponent: e, negative: d < 0)
    }

    /// Adds the exact product of two doubles.
    @inline(__always)
    mutating func addProduct(_ a: Double, _ b: Double) {
        guard a != 0, b != 0 else { return }
        let (m1, e1) = Self.parts(a), (m2, e2) = Self.parts(b)
        let (high, low) = m1.multipliedFullWidth(by: m2)
        add(high: high, low: low, exponent: e1 + e2, negative: (a < 0) != (b < 0))
    }

    /// A finite nonzero double as m·2^e with m < 2^53 (exactly).
    @inline(__always)
    static func parts(_ d: Double) -> (UInt64, Int) {
        d.isSubnormal ? (d.significandBitPattern, -1074)
            : (d.significandBitPattern | 1 << 52, Int(d.exponent) - 52)
    }

    @inline(__always)
    private static func add(_ words: inout [UInt64], _ index: Int, _ w0: UInt64, _ w1: UInt64, _ w2: UInt64) {
        words.withUnsafeMutableBufferPointer { p in
            var (s, c) = p[index].addingReportingOverflow(w0)
            p[index] = s
            var carry: UInt64 = c ? 1 : 0
            (s, c) = p[index + 1].addingReportingOverflow(w1)
            let (s1, c1) = s.addingReportingOverflow(carry)
            p[index + 1] = s1
            carry = (c ? 1 : 0) + (c1 ? 1 : 0)
            (s, c) = p[index + 2].addingReportingOverflow(w2)
            let (s2, c2) = s.addingReportingOverflow(carry)
            p[index + 2] = s2
            var i = index + 3
            var more = c || c2
            while more {
                (p[i], more) = p[i].addingReportingOverflow(1)
                i += 1
            }
        }
    }

    /// The exact total.
    var value: Number {
        let total = Self.integer(positive) - Self.integer(negative)
        if lowestExponent >= 0 { return .integer(total.shiftedLeft(lowestExponent)) }
        if total.isZero { return .integer(.zero) }
        // Shift out the trailing zero bits before dividing by the power of two: the gcd is then 1.
        let zeros = Swift.min(Self.trailingZeros(total), -lowestExponent)
        let numerator = total.shiftedRight(zeros), exponent = lowestExponent + zeros
        return exponent == 0 ? .integer(numerator) : Number.ratio(numerator, ExactInteger.one.shiftedLeft(-exponent))
    }

    /// Σ words[i]·2^(64i).
    private static func integer(_ words: [UInt64]) -> ExactInteger {
        guard let top = words.lastIndex(where: { $0 != 0 }) else { return .zero }
        if top == 0, words[0] <= UInt64(Int.max) { return .small(Int(words[0])) }
        return ExactInteger.make { z in
            words.withUnsafeBufferPointer { __gmpz_import(z, top + 1, -1, 8, 0, 0, $0.baseAddress) }
        }
    }

    private static func trailingZeros(_ x: ExactInteger) -> Int {
        switch x {
        case .small(let v): return v.trailingZeroBitCount
        case .big(let b): return b.withPointer { Int(__gmpz_scan1($0, 0)) }
        }
    }
}
