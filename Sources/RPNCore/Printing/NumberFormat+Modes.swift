extension NumberFormat {
    /// Values print exactly up to this many significant digits in the standard mode (the
    /// precision of IEEE decimal128): `0.0009765625`, `0.3`.
    static let exactSignificantDigits = 34
    /// Other exact values print correctly rounded to this many (as many as a double shows).
    static let roundedSignificantDigits = 16
    /// FIX shows at most this many integer digits of an inexact value (10^21 and up print in
    /// SCI): the limit of JavaScript's `toFixed`. An exact value shows all of its own.
    static let fixedIntegerDigits = 21

    /// The magnitude of an exact value (or a double's exact binary value, `inexact`) in the
    /// current mode. An inexact value that `carries` fewer significant digits than the mode
    /// would show prints only those (`--fix 30` of a double: 17), never digits it does not
    /// have; `digitsCut` says when that happens.
    func appendInMode(_ x: ExactMagnitude, inexact: Bool = false, carries carried: Int? = nil, to out: inout [UInt8]) {
        switch mode {
        case .standard: appendStandard(x, to: &out)
        case .fixed(let n):
            let decimals = Self.fixedDecimals(x, Self.clampedDigits(n), carried: carried)
            if decimals < 0 {
                Self.appendScientific(x, decimals: Swift.min(Self.clampedDigits(n), carried! - 1), to: &out)
            } else {
                Self.appendFixed(x, decimals: decimals, integerDigits: inexact ? Self.fixedIntegerDigits : nil, to: &out)
            }
        case .scientific(let n): Self.appendScientific(x, decimals: Self.limited(Self.clampedDigits(n), carried), to: &out)
        case .engineering(let n): Self.appendEngineering(x, decimals: Self.limited(Self.clampedDigits(n), carried), to: &out)
        }
    }

    /// SCI's and ENG's decimals for a value of `carried` digits: n + 1 significant at most.
    static func limited(_ n: Int, _ carried: Int?) -> Int { carried.map { Swift.min(n, $0 - 1) } ?? n }

    /// FIX's decimals for a value of `carried` significant digits: n, or fewer so that no
    /// digit past the carried ones shows; -1 when even the integer part has more digits than
    /// it carries, or more than an inexact value shows in FIX (it then prints in SCI).
    static func fixedDecimals(_ x: ExactMagnitude, _ n: Int, carried: Int?) -> Int {
        guard let carried, !x.isZero else { return n }
        let first = x.truncated(significant: 1).digits.exponent  // the power of ten of the first digit
        if first >= Swift.min(carried, fixedIntegerDigits) { return -1 }
        return Swift.min(n, carried - 1 - first)
    }

    /// Whether the mode shows fewer digits of `value` than it asks for, because the value is
    /// inexact and carries fewer: then the caller says how to get more (`--digits`).
    public func cutsDigits(of value: Number) -> Bool {
        let carried: Int, x: ExactMagnitude
        switch value {
        case .real(let d) where d.isFinite: (carried, x) = (BigFloat.doubleDigits, ExactMagnitude(d.magnitude))
        case .float(let f) where f.isFinite: (carried, x) = (f.digits, ExactMagnitude(f))
        default: return false
        }
        switch mode {
        case .standard: return false
        case .fixed(let n):
            let asked = Self.clampedDigits(n), shown = Self.fixedDecimals(x, asked, carried: carried)
            return shown < 0 ? Self.limited(asked, carried) < asked : shown < asked  // in SCI when shown < 0
        case .scientific(let n), .engineering(let n): return Self.limited(Self.clampedDigits(n), carried) < Self.clampedDigits(n)
        }
    }

    /// STD of an exact non-integer: exact within 34 significant digits, else rounded to 16;
    /// below 1e-4 (after rounding) or above 2^53 in exponent form with a signed exponent, as
    /// `NumberFormatting` prints doubles (`1e-7`, `1.5e+20`).
    func appendStandard(_ x: ExactMagnitude, to out: inout [UInt8]) {
        if case .ratio = x.value {} else {
            x.appendIntegerDigits(to: &out)
            return
        }
        var (d, exact) = x.truncated(significant: Self.exactSignificantDigits)
        // More than 2^53 = 9007199254740992, a 16-digit number: with exponent 15 the first 16
        // digits are the integer part, and a non-integer is above 2^53 when that part is at
        // least 2^53.
        let huge = d.exponent > 15 || (d.exponent == 15 && !d.digits[..<16].lexicographicallyPrecedes("9007199254740992".utf8))
        d.dropTrailingZeros()
        if !exact || d.digits.count > Self.exactSignificantDigits {
            d.round(keeping: Self.roundedSignificantDigits)
            d.dropTrailingZeros()
        }
        if huge || d.exponent < -4 {
            Self.appendExponentForm(d, integerDigits: 1, decimals: d.digits.count - 1, exponent: d.exponent,
                                    plusSign: true, to: &out)
        } else {
            Self.appendPositional(d, decimals: max(0, d.digits.count - 1 - d.exponent), to: &out)
        }
    }

    /// FIX n: every integer digit and n decimals, as printf's `%.nf` and bc print them. A value
    /// that rounds to zero though it is not zero prints in SCI n, as HP's scientific
    /// calculators do, and so does one with more than `integerDigits` integer digits when
    /// that is given (an inexact value: 21). Linear in the digits after GMP's conversion: a
    /// value of a million digits prints in milliseconds.
    static func appendFixed(_ x: ExactMagnitude, decimals n: Int, integerDigits limit: Int?, to out: inout [UInt8]) {
        // An integer of limit + 2 digits or more (the estimate may be one too many) is past the
        // limit: no need to convert it twice.
        if let limit, case .integer(let big) = x.value, big.decimalDigitEstimate > limit + 1 {
            appendScientific(x, decimals: n, to: &out)
            return
        }
        var d = x.truncated(decimals: n + 1)
        d.round(decimals: n)
        if (d.isZero && !x.isZero) || limit.map({ d.exponent >= $0 }) == true {
            appendScientific(x, decimals: n, to: &out)
            return
        }
        appendPositional(d, decimals: n, to: &out)
    }

    /// SCI n: one digit before the point, n after, exponent without `+` (`1.235e4`).
    static func appendScientific(_ x: ExactMagnitude, decimals n: Int, to out: inout [UInt8]) {
        guard let d = significantDigits(x, n + 1) else {
            appendExponentForm(.zero, integerDigits: 1, decimals: n, exponent: 0, plusSign: false, to: &out)
            return
        }
        appendExponentForm(d, integerDigits: 1, decimals: n, exponent: d.exponent, plusSign: false, to: &out)
    }

    /// `x` rounded to `count` significant digits, half away from zero; nil for zero.
    static func significantDigits(_ x: ExactMagnitude, _ count: Int) -> DecimalDigits? {
        guard !x.isZero else { return nil }
        var d = x.truncated(significant: count).digits
        d.round(keeping: count)
        return d
    }

    /// ENG n: n + 1 significant digits, the exponent a multiple of 3 (`12.35e3`); where the
    /// mantissa has more integer digits than significant ones, zeros fill it (ENG 0 of 12345
    /// is `10e3`).
    static func appendEngineering(_ x: ExactMagnitude, decimals n: Int, to out: inout [UInt8]) {
        guard let d = significantDigits(x, n + 1) else {
            appendExponentForm(.zero, integerDigits: 1, decimals: n, exponent: 0, plusSign: false, to: &out)
            return
        }
        let exponent = d.exponent - ((d.exponent % 3) + 3) % 3
        let integerDigits = d.exponent - exponent + 1
        appendExponentForm(d, integerDigits: integerDigits, decimals: max(0, n + 1 - integerDigits),
                           exponent: exponent, plusSign: false, to: &out)
    }

    /// Plain digits with a point: `1234.50`, `0.001`. The integer part is at least `0`.
    static func appendPositional(_ d: DecimalDigits, decimals: Int, to out: inout [UInt8]) {
        if d.exponent < 0 || d.isZero {
            out.append(UInt8(ascii: "0"))
        } else {
            for i in 0...d.exponent { out.append(d.digit(i)) }
        }
        guard decimals > 0 else { return }
        out.append(UInt8(ascii: "."))
        // The j-th decimal is worth 10^-j: the digit at index exponent + j.
        let base = d.isZero ? -1 : d.exponent
        for j in 1...decimals { out.append(d.digit(base + j)) }
    }

    /// `d.ddd` `e` exponent: the first `integerDigits` digits, then `decimals` more after a
    /// point, then the exponent (`e-4`; `e+20` or `e20` as `plusSign` says).
    static func appendExponentForm(_ d: DecimalDigits, integerDigits: Int, decimals: Int, exponent: Int, plusSign: Bool,
                                   to out: inout [UInt8]) {
        for i in 0..<integerDigits { out.append(d.digit(i)) }
        if decimals > 0 {
            out.append(UInt8(ascii: "."))
            for i in integerDigits..<(integerDigits + decimals) { out.append(d.digit(i)) }
        }
        out.append(UInt8(ascii: "e"))
        if exponent < 0 {
            out.append(UInt8(ascii: "-"))
        } else if plusSign {
            out.append(UInt8(ascii: "+"))
        }
        appendDigits(of: exponent.magnitude, to: &out)
    }
}
