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
        var exponent = 0
        let significand = ExactInteger(BigInteger { z in
            exponent = float.withPointer { x in Int(mpfr_get_z_2exp(z, x)) }
            __gmpz_abs(z, z)
        })
        if exponent >= 0 {
            self.init(significand.shiftedLeft(exponent))
        } else {
            self.init(ratio: significand, ExactInteger.one.shiftedLeft(-exponent))
        }
    }
}
