import CGMP
import CMPFR

extension NumberFormat {
    /// STD of a `--digits` value: its digits, correctly rounded to what it carries, trailing
    /// zeros dropped; positional while every integer digit is one of them and the value is at
    /// least 1e-4 and below 1e21 (as doubles), else in exponent form (`1.2345e+30`, `1e-40`).
    func appendStandard(_ value: BigFloat, to out: inout [UInt8]) {
        let (text, power) = value.significantDigits(value.digits)
        var d = DecimalDigits(digits: text, exponent: power - 1)
        d.dropTrailingZeros()
        if value.isZero {
            out.append(UInt8(ascii: "0"))
        } else if d.exponent < -4 || d.exponent >= Swift.min(value.digits, 21) {
            Self.appendExponentForm(d, integerDigits: 1, decimals: d.digits.count - 1, exponent: d.exponent,
                                    plusSign: true, to: &out)
        } else {
            Self.appendPositional(d, decimals: Swift.max(0, d.digits.count - 1 - d.exponent), to: &out)
        }
    }
}

extension NumberFormat.ExactMagnitude {
    /// The exact binary value of a finite `--digits` value's magnitude, as `init(_: Double)`
    /// takes a double's: FIX, SCI and ENG then round it once, as they round doubles.
    init(_ float: BigFloat) {
        let (numerator, denominator) = float.exactFraction
        if denominator == .one {
            self.init(numerator.magnitude)
        } else {
            self.init(ratio: numerator, denominator)  // the sign is ignored, as for every ratio
        }
    }
}
