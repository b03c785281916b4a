import CGMP

/// An integer of any size, held by GMP (`mpz_t`). Immutable once built: every operation makes
/// a new one, so values can be shared freely (value semantics through immutability).
///
/// Only `ExactInteger.big` holds one, and only for values that do not fit an `Int`; the small
/// path never reaches GMP. GMP allocates the limbs with its own malloc; `deinit` frees them.
public final class BigInteger: @unchecked Sendable {
    /// The GMP integer. Written only while an initializer builds it.
    @usableFromInline var storage = __mpz_struct()

    /// A new integer: `build` receives an initialized GMP integer (zero) to set.
    @usableFromInline
    init(building build: (UnsafeMutablePointer<__mpz_struct>) -> Void) {
        __gmpz_init(&storage)
        build(&storage)
    }

    public convenience init(_ value: Int) {
        self.init { __gmpz_set_si($0, value) }
    }

    deinit { __gmpz_clear(&storage) }

    /// Reads the GMP integer (for the GMP calls of other values' initializers). Through a
    /// copy of the 16-byte header, not `&storage`: that would be a modifying access, and
    /// reading one value twice at once (`x + x`) would trap as an exclusivity violation. The
    /// copy points at the same limbs, which nothing writes once built.
    @usableFromInline
    func withPointer<R>(_ body: (UnsafePointer<__mpz_struct>) -> R) -> R {
        withUnsafePointer(to: storage) { body($0) }
    }

    /// -1, 0 or 1.
    public var signum: Int { storage._mp_size < 0 ? -1 : storage._mp_size > 0 ? 1 : 0 }

    public var isZero: Bool { storage._mp_size == 0 }

    public var isOdd: Bool { storage._mp_size != 0 && storage._mp_d[0] & 1 == 1 }

    /// Bits of the magnitude (0 for zero): |x| < 2^bitLength.
    public var bitLength: Int {
        isZero ? 0 : withPointer { Int(__gmpz_sizeinbase($0, 2)) }
    }

    /// The value as an `Int`, if it fits.
    public var intValue: Int? {
        withPointer { __gmpz_fits_slong_p($0) != 0 ? __gmpz_get_si($0) : nil }
    }

    /// The magnitude's low 64 bits.
    var lowMagnitudeBits: UInt64 { storage._mp_size == 0 ? 0 : UInt64(storage._mp_d[0]) }

    /// Compares with another big integer: -1, 0, 1.
    public func compare(_ other: BigInteger) -> Int {
        let c = withPointer { a in other.withPointer { b in __gmpz_cmp(a, b) } }
        return c < 0 ? -1 : c > 0 ? 1 : 0
    }

    /// Compares with a machine integer: -1, 0, 1.
    public func compare(_ other: Int) -> Int {
        let c = withPointer { __gmpz_cmp_si($0, other) }
        return c < 0 ? -1 : c > 0 ? 1 : 0
    }

    /// The decimal digits, with a leading `-` if negative (GMP's `mpz_get_str`).
    public func decimalString(radix: Int32 = 10) -> String {
        withPointer { z in
            // mpz_sizeinbase may be one too large; room for the sign and the NUL too.
            let capacity = Int(__gmpz_sizeinbase(z, radix)) + 2
            return String(unsafeUninitializedCapacity: capacity) { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    _ = __gmpz_get_str(chars.baseAddress, radix, z)
                    var length = 0
                    while chars[length] != 0 { length += 1 }
                    return length
                }
            }
        }
    }
}

extension BigInteger: Hashable {
    public static func == (a: BigInteger, b: BigInteger) -> Bool { a === b || a.compare(b) == 0 }

    public func hash(into hasher: inout Hasher) {
        let size = Int(storage._mp_size)
        hasher.combine(size)
        let limbs = storage._mp_d!
        for i in 0..<(size < 0 ? -size : size) { hasher.combine(limbs[i]) }
    }
}
