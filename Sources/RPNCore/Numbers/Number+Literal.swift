import CGMP

/// The exact value of a number token's text: `-` first optionally, then decimal digits with an
/// optional `.` and an optional exponent (`e`/`E`, a sign, digits), or a base prefix `0x`,
/// `0o`, `0b` (any case) and digits of that base. `6.02e23` is an integer, `0.1` is 1/10,
/// `1e-400` is exact. A literal over the digit cap is refused before its value is computed.
extension Number {
    /// The value of a literal; nil when the text is malformed or the value is over the cap
    /// (`literal(_:)` tells which).
    @inlinable
    public static func parseLiteral(_ bytes: UnsafeBufferPointer<UInt8>) -> Number? {
        if case .value(let n) = literal(bytes) { return n }
        return nil
    }

    /// The value of a literal, `.failure(.invalidNumber, …)` when the text is malformed, or
    /// `.failure(.numberTooLarge, …)` past the cap. Never `.inexact`.
    public static func literal(_ bytes: UnsafeBufferPointer<UInt8>) -> NumberOutcome {
        if let last = bytes.last, last == UInt8(ascii: "i") { return imaginaryLiteral(bytes) }
        let count = bytes.count
        var i = 0
        let negative = count > 0 && bytes[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        if i + 1 < count, bytes[i] == UInt8(ascii: "0") {
            switch bytes[i + 1] | 0x20 {
            case UInt8(ascii: "x"): return radixLiteral(bytes, from: i + 2, radix: 16, negative: negative)
            case UInt8(ascii: "o"): return radixLiteral(bytes, from: i + 2, radix: 8, negative: negative)
            case UInt8(ascii: "b"): return radixLiteral(bytes, from: i + 2, radix: 2, negative: negative)
            default: break
            }
        }
        return decimalLiteral(bytes, from: i, negative: negative)
    }

    /// `2i`, `-0.5i`, `1e3i`: a decimal literal and `i`, the value times i (`0i` is 0). Base
    /// literals have no imaginary form (`0x1i` is malformed).
    static func imaginaryLiteral(_ bytes: UnsafeBufferPointer<UInt8>) -> NumberOutcome {
        let digits = UnsafeBufferPointer(rebasing: bytes[..<(bytes.count - 1)])
        let negative = digits.first == UInt8(ascii: "-")
        let start = negative ? 1 : 0
        if start + 1 < digits.count, digits[start] == UInt8(ascii: "0"), digits[start + 1] | 0x20 &- UInt8(ascii: "a") < 26 {
            return malformed
        }
        switch decimalLiteral(digits, from: start, negative: negative) {
        case .value(let im): return .value(.complex(re: .integer(.zero), im: im))
        case let other: return other
        }
    }

    static let malformed = NumberOutcome.failure(.invalidNumber, "malformed number")

    static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

    static func decimalLiteral(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, negative: Bool) -> NumberOutcome {
        let count = bytes.count
        var i = start
        var mantissa = 0           // the first 18 significant digits
        var significant = 0        // digits from the first non-zero one, dot excluded
        var fractionDigits = 0
        var firstSignificant = -1  // its index
        var sawDigit = false, sawDot = false
        while i < count {
            let b = bytes[i]
            if isDigit(b) {
                sawDigit = true
                if sawDot { fractionDigits += 1 }
                if significant > 0 || b != UInt8(ascii: "0") {
                    if significant == 0 { firstSignificant = i }
                    significant += 1
                    if significant <= 18 { mantissa = mantissa * 10 + Int(b &- 0x30) }
                }
            } else if b == UInt8(ascii: "."), !sawDot {
                sawDot = true
            } else {
                break
            }
            i += 1
        }
        guard sawDigit else { return malformed }
        var exponent = 0
        if i < count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var exponentNegative = false
            if i < count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
                exponentNegative = bytes[i] == UInt8(ascii: "-"); i += 1
            }
            guard i < count, isDigit(bytes[i]) else { return malformed }
            while i < count, isDigit(bytes[i]) {
                // Saturates far beyond any exponent the cap lets through.
                if exponent < 1 << 40 { exponent = exponent * 10 + Int(bytes[i] &- 0x30) }
                i += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        guard i == count else { return malformed }
        if significant == 0 { return .value(.integer(.zero)) }
        // value = M · 10^scale, M the significant digits as an integer.
        let trailingFraction = sawDot ? fractionDigits : 0
        let scale = exponent - trailingFraction
        // Over the cap for sure: M·10^scale has significant + scale digits; for scale < 0, the
        // denominator in lowest terms is at least 10^(−scale) / M.
        if scale >= 0, significant + scale > digitLimit {
            return tooLarge("number literal", .exactly(String(significant + scale)))
        }
        if scale < 0, -scale - significant > digitLimit {
            return tooLarge("number literal", .moreThan(String(-scale - significant)))
        }
        var m: ExactInteger
        if significant <= 18 {
            m = .small(negative ? -mantissa : mantissa)
        } else {
            var digits = [CChar]()
            digits.reserveCapacity(significant + 1)
            for j in firstSignificant..<count {
                let b = bytes[j]
                if isDigit(b) { digits.append(CChar(b)) } else if b != UInt8(ascii: ".") { break }
            }
            digits.append(0)
            m = ExactInteger.make { r in _ = __gmpz_set_str(r, digits, 10) }
            if negative { m = -m }
        }
        let value: Number = scale >= 0 ? .integer(m.timesPowerOfTen(scale)) : ratio(m, ExactInteger.powerOfTen(-scale))
        return checked(value, subject: "number literal")
    }

    static func radixLiteral(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, radix: Int, negative: Bool) -> NumberOutcome {
        let count = bytes.count
        guard start < count else { return malformed }
        var value = 0, overflow = false, significant = 0
        var firstSignificant = count
        for j in start..<count {
            let b = bytes[j]
            let digit: Int
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(b &- 0x30)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(b &- 0x61) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(b &- 0x41) + 10
            default: return malformed
            }
            guard digit < radix else { return malformed }
            if significant == 0, digit == 0 { continue }
            if significant == 0 { firstSignificant = j }
            significant += 1
            if !overflow {
                let (shifted, o1) = value.multipliedReportingOverflow(by: radix)
                let (sum, o2) = shifted.addingReportingOverflow(digit)
                overflow = o1 || o2
                value = sum
            }
        }
        if !overflow { return .value(.integer(.small(negative ? -value : value))) }
        let bitsPerDigit = radix == 16 ? 4 : radix == 8 ? 3 : 1
        // |value| ≥ radix^(significant − 1): digits past ⌊that's log10⌋.
        let atLeast = Double((significant - 1) * bitsPerDigit) * digitsPerBit
        if surelyTooLarge(log10: atLeast) { return tooLarge("number literal", .moreThan(String(Int(atLeast)))) }
        var digits = [CChar]()
        digits.reserveCapacity(significant + 1)
        for j in firstSignificant..<count { digits.append(CChar(bytes[j])) }
        digits.append(0)
        let m = ExactInteger.make { r in _ = __gmpz_set_str(r, digits, Int32(radix)) }
        return checked(.integer(negative ? -m : m), subject: "number literal")
    }
}
