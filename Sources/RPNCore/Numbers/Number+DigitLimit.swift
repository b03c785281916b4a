/// The cap that keeps a calculator responsive: no exact value with more than 10^6 decimal
/// digits (a rational's numerator and denominator together). It is checked in binary, where
/// sizes are free to know: a value passes when its magnitude has at most `bitLimit` bits
/// (a rational: both parts together), i.e. is below 2^3,321,928 ≈ 9.3·10^999,999, so nothing
/// that passes has more than 10^6 digits. Operations whose result size can be foreseen
/// (×, ^, !, <<, comb, perm, literals) check before computing, so nothing hangs or exhausts
/// memory; the others check their result.
extension Number {
    public static let digitLimit = 1_000_000

    /// ⌊10^6 / log10(2)⌋: 2^3321928 < 10^10^6 < 2^3321929.
    public static let bitLimit = 3_321_928

    /// log10(2), for digits from bits.
    static let digitsPerBit = 0.30102999566398120

    /// Bits of the exact value's parts together (0 for `.real`).
    public var exactBitLength: Int {
        switch self {
        case .integer(let i): return i.bitLength
        case .rational(let r): return r.numerator.bitLength + r.denominator.bitLength
        case .real: return 0
        }
    }

    /// Digits of a value of `bits` bits, as the cap's messages state them.
    public static func digitEstimate(bits: Double) -> Int {
        guard bits.isFinite, bits < 1e17 else { return Int.max }
        return Int((bits * digitsPerBit).rounded(.down)) + 1
    }

    /// The failure of an operation whose result would have about `bits` bits.
    static func tooLarge(_ op: ExactOperation, bits: Double) -> NumberOutcome {
        .failure(.numberTooLarge, tooLargeMessage("result of \(op.glyph)", bits: bits))
    }

    static func tooLargeMessage(_ what: String, bits: Double) -> String {
        let digits = digitEstimate(bits: bits)
        let about = digits == Int.max ? "more than \(digitLimit * 10)" : "about \(digits)"
        return "\(what) would have \(about) digits (the limit is \(digitLimit))"
    }

    /// `value` if it is within the cap, else the failure naming `op`.
    static func checked(_ value: Number, _ op: ExactOperation) -> NumberOutcome {
        switch value {
        case .integer(.small), .real: return .value(value)
        case .rational(let r) where r.smallParts != nil: return .value(value)
        default:
            let bits = value.exactBitLength
            return bits > bitLimit ? tooLarge(op, bits: Double(bits)) : .value(value)
        }
    }
}
