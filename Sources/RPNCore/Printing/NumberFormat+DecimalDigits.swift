extension NumberFormat {
    /// A non-negative decimal number as ASCII digits and the power of ten of the first one:
    /// digits `1235` with exponent 4 is 12350, with exponent -1 is 0.1235. Zero has no digits.
    ///
    /// Digits made from an exact value are its expansion cut off (truncated) after the last
    /// digit, never rounded, so that rounding them again is exact: see `round(keeping:)`.
    struct DecimalDigits: Equatable {
        var digits: [UInt8]
        var exponent: Int

        static let zero = DecimalDigits(digits: [], exponent: 0)

        var isZero: Bool { digits.isEmpty }

        /// Keeps the first `count` digits, rounding half away from zero. The digits are a
        /// truncation of the value, so what is dropped is at least half a unit of the last kept
        /// digit exactly when the first dropped digit is 5 or more. A carry out of the first
        /// digit (9.99 → 10.0) raises the exponent; `count` digits remain. A count of 0 or less
        /// keeps no digit: the value rounds to zero, or (count 0, first digit 5 or more) to one
        /// unit of the position before the first digit.
        mutating func round(keeping count: Int) {
            guard count < digits.count else { return }
            guard count > 0 else {
                if count == 0, digits[0] >= UInt8(ascii: "5") {
                    digits = [UInt8(ascii: "1")]
                    exponent += 1
                } else {
                    self = .zero
                }
                return
            }
            let roundsUp = digits[count] >= UInt8(ascii: "5")
            digits.removeSubrange(count...)
            guard roundsUp else { return }
            var i = count - 1
            while i >= 0, digits[i] == UInt8(ascii: "9") {
                digits[i] = UInt8(ascii: "0")
                i -= 1
            }
            if i >= 0 {
                digits[i] += 1
            } else {
                digits[0] = UInt8(ascii: "1")  // all nines: 99.9 → 100, still `count` digits
                exponent += 1
            }
        }

        /// Rounds to `decimals` digits after the point, half away from zero.
        mutating func round(decimals: Int) {
            round(keeping: exponent + 1 + decimals)
        }

        /// Drops zeros at the end (the value stays the same).
        mutating func dropTrailingZeros() {
            while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        }

        /// The digit at `index`, or `0` past the end (the expansion of an exact value ends
        /// only where the rest is zeros).
        @inline(__always)
        func digit(_ index: Int) -> UInt8 {
            index >= 0 && index < digits.count ? digits[index] : UInt8(ascii: "0")
        }
    }
}
