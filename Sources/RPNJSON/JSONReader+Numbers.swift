/// Number literals: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` and nothing
/// looser (no `+1`, `.5`, `1.`, `01`, hex, NaN or Infinity).
extension JSONReader {
    /// Reads a number starting at `position` (a `-` or a digit).
    ///
    /// Integers that fit in `Int` are accumulated directly. Anything else (fraction, exponent,
    /// too many digits) goes through `Double(String)`, which rounds correctly; the grammar
    /// above is a subset of what it accepts. Magnitudes beyond `Double`'s range become
    /// ±infinity (and serialize as `null`), as in most parsers.
    mutating func readNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        let digitsStart = position
        try expectDigit()
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count && Self.isDigit(bytes[position]) {
                throw error("leading zero in number", at: position - 1)
            }
        } else {
            skipDigits()
        }
        let digitsEnd = position
        var integral = true
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            integral = false
            position += 1
            try expectDigit()
            skipDigits()
        }
        if position < bytes.count && (bytes[position] | 0x20) == UInt8(ascii: "e") {
            integral = false
            position += 1
            if position < bytes.count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) {
                position += 1
            }
            try expectDigit()
            skipDigits()
        }

        if integral {
            // Accumulate on the number's own side of zero so that Int.min fits.
            var value = 0
            var overflow = false
            for offset in digitsStart..<digitsEnd {
                let digit = Int(bytes[offset] - UInt8(ascii: "0"))
                let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
                let (next, o2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
                if o1 || o2 {
                    overflow = true
                    break
                }
                value = next
            }
            if !overflow {
                // `-0` has no Int spelling; as a Double it keeps its sign through a round trip.
                return negative && value == 0 ? .double(-0.0) : .int(value)
            }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let double = Double(text) else {
            // Unreachable for the grammar above; kept as an error rather than a trap.
            throw error("number out of range", at: start)
        }
        return .double(double)
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    mutating func expectDigit() throws(JSONParseError) {
        guard position < bytes.count else { throw unexpectedEnd() }
        guard Self.isDigit(bytes[position]) else {
            if bytes[position] >= 0x80 && UTF8Validation.sequenceLength(in: bytes, at: position) == nil {
                throw invalidUTF8()
            }
            throw error("expected a digit, found \(describeCharacter(at: position))", at: position)
        }
    }

    mutating func skipDigits() {
        while position < bytes.count && Self.isDigit(bytes[position]) { position += 1 }
    }
}
