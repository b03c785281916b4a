import CMPFR

/// An inexact value of `--digits N`: an MPFR number carrying N significant decimal digits.
/// Immutable once built, like `BigInteger`: every operation makes a new one.
///
/// The binary precision holds the N digits and `guardBits` more, so that the rounding errors of
/// a chain of operations stay below the N-th digit and the N digits shown are the true value's,
/// correctly rounded, except when the true value lies within the guard bits' error of a
/// rounding boundary. `digits` is what the value carries: the result of an operation carries
/// the fewest digits of its inexact operands (a double carries 17), so no digit is invented.
public final class BigFloat: @unchecked Sendable {
    /// Bits beyond the digits: the errors of 2^16 chained operations stay 2^16 below the last
    /// digit shown.
    public static let guardBits = 32
    /// `--digits` ranges over 1 ... 10^6.
    public static let digitRange = 1...1_000_000
    /// What a double carries, in these terms (17 significant digits identify every double).
    public static let doubleDigits = 17

    /// The MPFR number. Written only while an initializer builds it.
    @usableFromInline var storage = __mpfr_struct()
    /// Significant decimal digits the value carries.
    public let digits: Int

    /// Bits that carry `digits` decimal digits and the guard bits.
    public static func precision(digits: Int) -> Int {
        // ⌈digits × log2(10)⌉ + guard, with log2(10) a little above its value.
        (digits * 3_321_929 + 999_999) / 1_000_000 + guardBits
    }

    /// A new value of `digits` digits: `build` receives an initialized MPFR number of the
    /// matching precision (NaN) to set; its ternary result is ignored.
    init(digits: Int, precision: Int? = nil, building build: (UnsafeMutablePointer<__mpfr_struct>) -> Void) {
        self.digits = digits
        mpfr_init2(&storage, mpfr_prec_t(precision ?? Self.precision(digits: digits)))
        build(&storage)
        if mpfr_zero_p(&storage) != 0 { mpfr_set_zero(&storage, 1) }  // one zero
    }

    /// Bits of the MPFR number (at least `precision(digits:)`; more where rounding to the
    /// digits needed them).
    public var bits: Int { withPointer { Int(mpfr_get_prec($0)) } }

    /// Whether every number within two units in the last place of this one (where the true
    /// value of a result of a few correctly rounded steps lies) rounds to the same `digits`
    /// decimal digits: then those digits are the true value's, correctly rounded. Ziv's test,
    /// in decimal, with one conversion: the value's `digits + 3` digits, whose last three are
    /// off by less than one unit (two binary units are below 10^-(digits+9)); unless they are
    /// within one of 500, no value that near rounds differently at `digits` digits.
    var decidesItsDigits: Bool {
        guard isFinite, !isZero else { return true }
        let (text, _) = withPointer { BigFloat.digitString($0, digits + 3) }
        let tail = text.dropFirst(text.first == CChar(UInt8(ascii: "-")) ? 1 : 0).dropFirst(digits).prefix(3)
        guard tail.count == 3 else { return false }
        let t = tail.reduce(0) { $0 * 10 + Int($1) - 48 }
        return Swift.abs(t - 500) > 1
    }

    /// The value's `digits` digits and exponent, for comparing two computations of it.
    var digitText: ([CChar], Int) { withPointer { BigFloat.digitString($0, digits) } }

    /// `count` significant digits and the exponent, as `mpfr_get_str` gives them.
    static func digitString(_ x: UnsafePointer<__mpfr_struct>, _ count: Int) -> ([CChar], Int) {
        var exponent = mpfr_exp_t(0)
        var buffer = [CChar](repeating: 0, count: count + 2)
        _ = buffer.withUnsafeMutableBufferPointer { mpfr_get_str($0.baseAddress, &exponent, 10, count, x, MPFR_RNDN) }
        return (buffer, Int(exponent))
    }

    deinit { mpfr_clear(&storage) }

    /// Reads the MPFR number (for the calls of other values' initializers), through a copy of
    /// its header as `BigInteger.withPointer` does: the limbs are shared and never written.
    @usableFromInline
    func withPointer<R>(_ body: (UnsafePointer<__mpfr_struct>) -> R) -> R {
        withUnsafePointer(to: storage) { body($0) }
    }

    public var isNaN: Bool { withPointer { mpfr_nan_p($0) != 0 } }
    public var isFinite: Bool { withPointer { mpfr_number_p($0) != 0 } }
    public var isZero: Bool { withPointer { mpfr_zero_p($0) != 0 } }
    public var isInteger: Bool { withPointer { mpfr_integer_p($0) != 0 } }
    /// -1, 0 or 1.
    public var signum: Int { withPointer { Int(mpfr_sgn($0)).signum() } }

    /// The nearest double (±infinity past the range).
    public var doubleValue: Double { withPointer { mpfr_get_d($0, MPFR_RNDN) } }

    /// -1, 0 or 1 (NaN compares as equal: values are never NaN).
    public func compare(_ other: BigFloat) -> Int {
        withPointer { a in other.withPointer { b in Int(mpfr_cmp(a, b)).signum() } }
    }

    /// The value's significant digits, correctly rounded to `count` (at most `digits`), and
    /// the decimal exponent of the first: the value is 0.d1d2... × 10^exponent. Zero has the
    /// digits "0" and exponent 1. The sign is not included.
    public func significantDigits(_ count: Int) -> (digits: [UInt8], exponent: Int) {
        if isZero { return ([UInt8(ascii: "0")], 1) }
        let (chars, exponent) = withPointer { BigFloat.digitString($0, Swift.max(1, count)) }
        let text = chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return (text.first == UInt8(ascii: "-") ? Array(text.dropFirst()) : text, Int(exponent))
    }
}

extension BigFloat: Hashable {
    public static func == (a: BigFloat, b: BigFloat) -> Bool { a.digits == b.digits && a.compare(b) == 0 }
    public func hash(into hasher: inout Hasher) { hasher.combine(doubleValue) }
}
