/// Decoding of single UTF-8 sequences straight from bytes: the lexer works on bytes and only
/// decodes where a non-ASCII byte appears.
enum UTF8Scanner {
    /// The scalar at `i` and its length in bytes; `scalar` is nil for an invalid sequence,
    /// whose length is then 1 (each bad byte is reported on its own).
    @inline(__always)
    static func decode<C: RandomAccessCollection>(_ bytes: C, at i: Int, limit: Int)
        -> (scalar: Unicode.Scalar?, length: Int) where C.Element == UInt8, C.Index == Int {
        let b0 = bytes[i]
        if b0 < 0x80 { return (Unicode.Scalar(b0), 1) }
        let length: Int
        var value: UInt32
        switch b0 {
        case 0xC2...0xDF: length = 2; value = UInt32(b0 & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(b0 & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(b0 & 0x07)
        default: return (nil, 1)
        }
        guard i + length <= limit else { return (nil, 1) }
        for k in 1..<length {
            let b = bytes[i + k]
            guard b & 0xC0 == 0x80 else { return (nil, 1) }
            value = value << 6 | UInt32(b & 0x3F)
        }
        // Overlong forms, surrogates and values past U+10FFFF are invalid.
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return (nil, 1) }
        return (scalar, length)
    }
}
