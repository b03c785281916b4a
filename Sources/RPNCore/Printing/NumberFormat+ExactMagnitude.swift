import CGMP

extension NumberFormat {
    /// The magnitude of an exact value (or of a double's exact binary value), and its decimal
    /// digits: all of them for an integer, a truncated expansion for a ratio. GMP computes
    /// the big cases: `mpz_get_str` is subquadratic, so a million-digit integer prints in
    /// milliseconds, and one division gives as many digits of a ratio as a mode needs.
    struct ExactMagnitude {
        enum Value {
            /// An integer that fits a machine word: no GMP at all.
            case word(UInt)
            /// A larger integer (its sign is ignored).
            case integer(ExactInteger)
            /// numerator / denominator (the numerator's sign is ignored), denominator > 1.
            case ratio(ExactInteger, ExactInteger)
        }

        let value: Value

        init(_ n: ExactInteger) {
            switch n {
            case .small(let v): value = .word(v.magnitude)
            case .big: value = .integer(n)
            }
        }

        init(_ r: Rational) {
            value = .ratio(r.numerator, r.denominator)
        }

        /// n / d, d > 1, not necessarily in lowest terms.
        init(ratio n: ExactInteger, _ d: ExactInteger) {
            value = .ratio(n, d)
        }

        /// The exact binary value of a finite `d` ≥ 0: significand × 2^exponent.
        init(_ d: Double) {
            if d < 18446744073709551616.0, d.rounded(.towardZero) == d {
                value = .word(UInt(d))
                return
            }
            let bits = d.bitPattern
            let storedExponent = Int((bits >> 52) & 0x7FF)
            let fraction = bits & ((1 << 52) - 1)
            // Subnormals have no implicit leading bit and the exponent of the smallest normal.
            var significand = storedExponent == 0 ? fraction : fraction | (1 << 52)
            var exponent = (storedExponent == 0 ? 1 : storedExponent) - 1075
            let zeros = significand.trailingZeroBitCount
            significand >>= UInt64(zeros)
            exponent += zeros
            let scaled = UInt(significand), shift = exponent
            if shift >= 0 {
                value = .integer(ExactInteger(BigInteger { __gmpz_set_ui($0, scaled); __gmpz_mul_2exp($0, $0, UInt(shift)) }))
            } else if shift >= -62 {
                value = .ratio(.small(Int(scaled)), .small(1 << -shift))
            } else {
                value = .ratio(.small(Int(scaled)),
                               ExactInteger(BigInteger { __gmpz_set_ui($0, 1); __gmpz_mul_2exp($0, $0, UInt(-shift)) }))
            }
        }

        var isZero: Bool {
            if case .word(0) = value { return true }
            return false
        }

        /// All the decimal digits of an integer (a ratio never comes here).
        func appendIntegerDigits(to out: inout [UInt8]) {
            switch value {
            case .word(let n): NumberFormat.appendDigits(of: n, to: &out)
            case .integer(let n): Self.withMagnitude(n) { NumberFormat.appendDigits(of: $0, radix: 10, to: &out) }
            case .ratio: preconditionFailure("a ratio has no integer digits")
            }
        }

        /// At least `count` + 1 significant digits of the value, truncated, and whether they
        /// are all of it (nothing non-zero was cut off). An integer gives all its digits.
        func truncated(significant count: Int) -> (digits: DecimalDigits, exact: Bool) {
            guard case .ratio(let a, let b) = value else { return (integerDigits(), true) }
            // a has da digits and b db, so 10^(da-db-1) < a/b < 10^(da-db+1);
            // mpz_sizeinbase may say one digit too many, hence the margin.
            let da = a.decimalDigitEstimate, db = b.decimalDigitEstimate
            return Self.quotientDigits(a, b, shift: count + 3 - (da - db))
        }

        /// The value truncated after `decimals` digits past the point (an integer: all its
        /// digits).
        func truncated(decimals: Int) -> DecimalDigits {
            guard case .ratio(let a, let b) = value else { return integerDigits() }
            return Self.quotientDigits(a, b, shift: decimals).digits
        }

        func integerDigits() -> DecimalDigits {
            if isZero { return .zero }
            var digits: [UInt8] = []
            appendIntegerDigits(to: &digits)
            return DecimalDigits(digits: digits, exponent: digits.count - 1)
        }

        /// The digits of ⌊a·10^shift / b⌋ as a truncation of a/b, and whether the division
        /// left no remainder.
        static func quotientDigits(_ a: ExactInteger, _ b: ExactInteger, shift: Int) -> (digits: DecimalDigits, exact: Bool) {
            var power = __mpz_struct(), scaled = __mpz_struct(), quotient = __mpz_struct(), remainder = __mpz_struct()
            __gmpz_init(&power)
            __gmpz_init(&scaled)
            __gmpz_init(&quotient)
            __gmpz_init(&remainder)
            defer {
                __gmpz_clear(&power)
                __gmpz_clear(&scaled)
                __gmpz_clear(&quotient)
                __gmpz_clear(&remainder)
            }
            __gmpz_ui_pow_ui(&power, 10, UInt(shift.magnitude))
            withMagnitude(a) { a in
                withMagnitude(b) { b in
                    if shift >= 0 {
                        __gmpz_mul(&scaled, a, &power)
                        __gmpz_tdiv_qr(&quotient, &remainder, &scaled, b)
                    } else {
                        __gmpz_mul(&scaled, b, &power)
                        __gmpz_tdiv_qr(&quotient, &remainder, a, &scaled)
                    }
                }
            }
            let exact = remainder._mp_size == 0
            guard quotient._mp_size != 0 else { return (.zero, exact) }
            var digits: [UInt8] = []
            withUnsafePointer(to: &quotient) { NumberFormat.appendDigits(of: $0, radix: 10, to: &digits) }
            return (DecimalDigits(digits: digits, exponent: digits.count - 1 - shift), exact)
        }

        /// Lends |n| to GMP as a read-only integer, without allocating: a copy of the GMP
        /// header with a positive size, over the same limbs.
        static func withMagnitude<R>(_ n: ExactInteger, _ body: (UnsafePointer<__mpz_struct>) -> R) -> R {
            n.withMPZ { z in
                var magnitude = z.pointee
                magnitude._mp_size = abs(magnitude._mp_size)
                return withUnsafePointer(to: &magnitude) { body($0) }
            }
        }
    }

    /// Appends the digits of a GMP integer in `radix` (GMP's convention: -16 for uppercase
    /// hexadecimal), with a `-` if it is negative, without building a String.
    static func appendDigits(of z: UnsafePointer<__mpz_struct>, radix: Int32, to out: inout [UInt8]) {
        // mpz_sizeinbase may be one too large; room for the sign and the NUL too.
        let capacity = Int(__gmpz_sizeinbase(z, radix.magnitude == 0 ? 10 : Int32(radix.magnitude))) + 2
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: capacity))
        let length = out.withUnsafeMutableBufferPointer { buffer in
            let text = UnsafeMutableRawPointer(buffer.baseAddress! + start).assumingMemoryBound(to: CChar.self)
            _ = __gmpz_get_str(text, radix, z)
            var length = 0
            while text[length] != 0 { length += 1 }
            return length
        }
        out.removeLast(capacity - length)
    }

    static func isNegative(_ n: ExactInteger) -> Bool { n.isNegative }
}
