import CGMP
import PlatformMath

/// An exact integer of any size: a machine `Int` while it fits, a GMP `BigInteger` only when
/// it does not. Normalized: `.big` never holds a value that fits an `Int`, so equal values
/// have equal representations (and `Hashable` is structural). Build values through the
/// initializers and operations, which keep that rule; `.big(x)` with a small `x` is a bug.
///
/// The small path of every operation uses overflow-reporting machine arithmetic, allocates
/// nothing and never calls GMP; it promotes to `.big` only on overflow, and results of big
/// operations are demoted again when they fit.
public enum ExactInteger: Sendable, Hashable {
    case small(Int)
    case big(BigInteger)

    @inlinable @inline(__always)
    public init(_ value: Int) { self = .small(value) }

    /// A magnitude with a sign, promoted when it does not fit an `Int`.
    @inlinable
    public init(magnitude: UInt, negative: Bool) {
        if magnitude <= UInt(Int.max) {
            self = .small(negative ? -Int(magnitude) : Int(magnitude))
        } else if negative, magnitude == Int.min.magnitude {
            self = .small(.min)
        } else {
            self = Self.make { __gmpz_set_ui($0, magnitude); if negative { __gmpz_neg($0, $0) } }
        }
    }

    /// A big integer, demoted to `.small` when it fits.
    public init(_ value: BigInteger) {
        if let small = value.intValue { self = .small(small) } else { self = .big(value) }
    }

    /// A new integer computed by GMP into `build`'s argument, normalized.
    @usableFromInline
    static func make(_ build: (UnsafeMutablePointer<__mpz_struct>) -> Void) -> ExactInteger {
        ExactInteger(BigInteger(building: build))
    }

    /// Runs `body` with this value as a GMP integer, without allocating: a small value is
    /// lent as a one-limb read-only `mpz` on the stack (GMP must not write to it).
    @usableFromInline
    func withMPZ<R>(_ body: (UnsafePointer<__mpz_struct>) -> R) -> R {
        switch self {
        case .big(let b): return b.withPointer(body)
        case .small(let x):
            var limb = mp_limb_t(x.magnitude)
            return withUnsafeMutablePointer(to: &limb) { limbPointer in
                var z = __mpz_struct(_mp_alloc: 1, _mp_size: x < 0 ? -1 : x > 0 ? 1 : 0, _mp_d: limbPointer)
                return withUnsafePointer(to: &z) { body($0) }
            }
        }
    }

    @inlinable public static var zero: ExactInteger { .small(0) }
    @inlinable public static var one: ExactInteger { .small(1) }

    /// The value as an `Int`, if it fits (always for `.small`, never for `.big`).
    @inlinable public var smallValue: Int? {
        if case .small(let x) = self { return x }
        return nil
    }

    @inlinable public var isZero: Bool {
        if case .small(let x) = self { return x == 0 }
        return false
    }

    /// -1, 0 or 1.
    @inlinable public var signum: Int {
        switch self {
        case .small(let x): return x.signum()
        case .big(let b): return b.signum
        }
    }

    @inlinable public var isNegative: Bool { signum < 0 }

    public var isOdd: Bool {
        switch self {
        case .small(let x): return x & 1 == 1
        case .big(let b): return b.isOdd
        }
    }

    /// Bits of the magnitude: |x| < 2^bitLength; 0 for zero.
    public var bitLength: Int {
        switch self {
        case .small(let x): return Int.bitWidth - x.magnitude.leadingZeroBitCount
        case .big(let b): return b.bitLength
        }
    }

    /// -1, 0, 1 as `a` is less than, equal to or greater than `b`.
    @inlinable
    public static func compare(_ a: ExactInteger, _ b: ExactInteger) -> Int {
        if case .small(let x) = a, case .small(let y) = b { return x < y ? -1 : x > y ? 1 : 0 }
        return compareBig(a, b)
    }

    @usableFromInline
    static func compareBig(_ a: ExactInteger, _ b: ExactInteger) -> Int {
        switch (a, b) {
        case (.big(let x), .big(let y)): return x.compare(y)
        case (.big(let x), .small(let y)): return x.compare(y)
        case (.small(let x), .big(let y)): return -y.compare(x)
        case (.small(let x), .small(let y)): return x < y ? -1 : x > y ? 1 : 0
        }
    }

    /// log2 |x| as a Double (−infinity for zero): for size estimates before computing.
    public var log2Magnitude: Double {
        switch self {
        case .small(let x): return x == 0 ? -.infinity : log2(Double(x.magnitude))
        case .big(let b):
            var exponent = 0
            let mantissa = b.withPointer { __gmpz_get_d_2exp(&exponent, $0) }  // |mantissa| in [0.5, 1)
            return Double(exponent) + log2(mantissa.magnitude)
        }
    }
}

extension ExactInteger: CustomStringConvertible {
    /// The decimal digits, `-` first if negative.
    public var description: String { decimalString }
}
