import PlatformMath

/// The cap that keeps a calculator responsive: no exact value with more than 10^6 decimal
/// digits (a rational's numerator and denominator together). Sizes are free to know in
/// binary, so bits decide away from the cap; near it (within `nearBits` of `bitLimit`) the
/// digits are counted, so that every value of 10^6 digits passes (2^3321928 has 10^6 digits
/// though it has one bit more than `bitLimit`) and none of more does. Operations whose result
/// size can be foreseen (×, ^, !, <<, comb, perm, literals) refuse before computing when it is
/// surely over, so nothing hangs or exhausts memory; the others check their result.
extension Number {
    public static let digitLimit = 1_000_000

    /// ⌊10^6 / log10(2)⌋: 2^3321928 < 10^10^6 < 2^3321929.
    public static let bitLimit = 3_321_928

    /// A part of b bits has between ⌈(b−1)·log10 2⌉ and ⌊b·log10 2⌋ + 1 digits: values of up to
    /// `bitLimit − nearBits` bits in all are surely within the cap (a rational's two parts
    /// add at most one digit each to the estimate), values of more than `bitLimit + nearBits`
    /// surely over it; between, digits are counted.
    static let nearBits = 8

    /// log10(2), for digits from bits.
    static let digitsPerBit = 0.30102999566398120

    /// Bits of the exact value's parts together (0 for `.real`).
    public var exactBitLength: Int {
        switch self {
        case .integer(let i): return i.bitLength
        case .rational(let r): return r.numerator.bitLength + r.denominator.bitLength
        case .real, .float: return 0
        case .complex(let z): return z.re.exactBitLength + z.im.exactBitLength
        case .list, .quotation: return 0  // each element was capped when it was made
        }
    }

    /// Decimal digits of the exact value's parts together, counted exactly (0 for `.real`): the
    /// cap's measure.
    public var exactDigitCount: Int {
        switch self {
        case .integer(let i): return i.decimalDigitCount
        case .rational(let r): return r.numerator.decimalDigitCount + r.denominator.decimalDigitCount
        case .real, .float: return 0
        case .complex(let z): return z.re.exactDigitCount + z.im.exactDigitCount
        case .list, .quotation: return 0
        }
    }

    /// `value` if it is within the cap, else the failure naming `op`.
    static func checked(_ value: Number, _ op: ExactOperation) -> NumberOutcome {
        switch value {
        case .integer(.small), .real: return .value(value)
        case .rational(let r) where r.smallParts != nil: return .value(value)
        default: return checked(value, subject: "result of \(op.glyph)")
        }
    }

    /// `value` if it is within the cap, else the failure naming `subject`, with its digits.
    static func checked(_ value: Number, subject: String) -> NumberOutcome {
        if value.exactBitLength <= bitLimit - nearBits { return .value(value) }
        let digits = value.exactDigitCount
        return digits > digitLimit ? tooLarge(subject, .exactly(String(digits))) : .value(value)
    }

    static func tooLarge(_ subject: String, _ digits: Limit.Amount) -> NumberOutcome {
        .failure(.numberTooLarge, Limit(.digits(subject: subject), asked: digits, limit: digitLimit).message)
    }

    static func tooLarge(_ op: ExactOperation, _ digits: Limit.Amount) -> NumberOutcome {
        tooLarge("result of \(op.glyph)", digits)
    }

    /// A size foreseen before computing, as log10 of the result's magnitude (a rational: the
    /// sum over its parts, each part's `digits` below): whether it is surely past the cap, and
    /// if so, the digits to say. Near the cap the caller computes and `checked` counts.
    static func surelyTooLarge(log10 x: Double) -> Bool {
        !(x < Double(digitLimit) + 0.5)  // ⌊x⌋ + 1 > 10^6 with room for the estimate's error (NaN, ∞: over)
    }

    /// The digits of a value whose magnitude's log10 is `x`, as a limit's message says them:
    /// exactly when `x` is far enough from a whole number that its rounding cannot cross one,
    /// about otherwise, and as a power of ten past what a double pins down.
    static func digits(log10 x: Double) -> Limit.Amount {
        guard x.isFinite else { return .moreThan("10^308") }  // x overflowed: the size is past 10^308
        if x >= 1e15 {
            // The error of x is far below a factor of 10: 10^⌊log10 x⌋ ≤ x is a true lower bound.
            let power = Int((log10(x) * (1 - 1e-12)).rounded(.down))
            return .moreThan("10^\(power)")
        }
        let whole = x.rounded(.down)
        let margin = Swift.max(1e-9, x * 1e-12)
        let digits = String(Int(whole) + 1)
        return x - whole > margin && whole + 1 - x > margin ? .exactly(digits) : .about(digits)
    }

    /// The digits of part^count for an integer part ≠ 0: exact for a power of ten (10^(jn)
    /// has jn + 1), else as `digits(log10:)` says.
    static func powerDigits(_ part: ExactInteger, _ count: Double) -> Limit.Amount {
        if let j = part.magnitude.powerOfTenExponent, count < 1e15 {
            return .exactly(String(j * Int(count) + 1))
        }
        return digits(log10: count * part.log2Magnitude * digitsPerBit)
    }

    /// An estimate's digits (Stirling's, for ! comb perm): never said to be exact.
    static func estimate(log10 x: Double) -> Limit.Amount {
        if case .exactly(let n) = digits(log10: x) { return .about(n) }
        return digits(log10: x)
    }

    /// Two parts' digits together: exact only when both are.
    static func sum(_ a: Limit.Amount, _ b: Limit.Amount) -> Limit.Amount {
        switch (a, b) {
        case (.exactly(let x), .exactly(let y)): return .exactly(String(Int(x)! + Int(y)!))
        case (.moreThan, _): return a
        case (_, .moreThan): return b
        case (.exactly(let x), .about(let y)), (.about(let x), .exactly(let y)), (.about(let x), .about(let y)):
            return .about(String(Int(x)! + Int(y)!))
        }
    }
}

extension ExactInteger {
    /// j when this is 10^j (j ≥ 0) and fits a machine word, else nil (a bigger power of ten
    /// as a base only makes a limit's figure "about").
    var powerOfTenExponent: Int? {
        guard case .small(var x) = self, x > 0 else { return nil }
        var j = 0
        while x % 10 == 0 { x /= 10; j += 1 }
        return x == 1 ? j : nil
    }
}
