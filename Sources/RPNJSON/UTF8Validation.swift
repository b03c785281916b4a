/// UTF-8 well-formedness, byte by byte (Unicode Table 3-7, "Well-Formed UTF-8 Byte
/// Sequences"). The second byte's range depends on the first: that is what rules out overlong
/// forms (E0, F0), encoded surrogates (ED) and scalars past U+10FFFF (F4).
enum UTF8Validation {
    /// The length of the well-formed sequence starting at `position`, whose first byte is
    /// not ASCII; `nil` if the bytes there are not well-formed UTF-8.
    @inline(__always)
    static func sequenceLength(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Int? {
        let lead = bytes[position]
        let length: Int
        var secondLow: UInt8 = 0x80
        var secondHigh: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondLow = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondHigh = 0x9F
        case 0xF0: length = 4; secondLow = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondHigh = 0x8F
        default: return nil  // continuation bytes, C0, C1, F5–FF
        }
        guard position + length <= bytes.count else { return nil }
        let second = bytes[position + 1]
        guard second >= secondLow && second <= secondHigh else { return nil }
        for offset in 2..<length where bytes[position + offset] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }
}
