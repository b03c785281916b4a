/// String literals.
///
/// The common case — no escapes — is one pass that checks each byte and, at the closing
/// quote, hands the whole run to `String(decoding:as:)` (a bulk copy). With escapes, the
/// unescaped runs between them are appended to `scratch` in bulk and the escapes decoded in
/// between. Either way the work is O(length) and no `Character`s are formed.
extension JSONReader {
    /// Reads a string starting at its opening quote (at `position`) and ending after its
    /// closing quote.
    mutating func readString() throws(JSONParseError) -> String {
        position += 1
        var runStart = position
        var usesScratch = false
        while position < bytes.count {
            let byte = bytes[position]
            // Plain ASCII: by far the most frequent byte, so it is tested first.
            if byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                position += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<position])
                position += 1
                // Everything was validated on the way, so decoding repairs nothing.
                if !usesScratch { return String(decoding: run, as: UTF8.self) }
                scratch.append(contentsOf: run)
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                if !usesScratch {
                    scratch.removeAll(keepingCapacity: true)
                    usesScratch = true
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
                try readEscape()
                runStart = position
                continue
            }
            if byte < 0x20 {
                throw error("control character \(Self.codePoint(UInt32(byte))) in string", at: position)
            }
            guard let length = UTF8Validation.sequenceLength(in: bytes, at: position) else {
                throw invalidUTF8()
            }
            position += length
        }
        throw unexpectedEnd()
    }

    /// Decodes the escape at `position` (a backslash) into `scratch`.
    mutating func readEscape() throws(JSONParseError) {
        let start = position
        guard position + 1 < bytes.count else { throw unexpectedEnd() }
        let decoded: UInt8
        switch bytes[position + 1] {
        case UInt8(ascii: "\""): decoded = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): decoded = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): decoded = UInt8(ascii: "/")
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
            position += 2
            var scalar = try readHex4(escapeStart: start)
            switch scalar {
            case 0xD800...0xDBFF:
                // A high surrogate: take the low one from the next escape if it is one;
                // otherwise U+FFFD, and the next escape is read on its own.
                if let low = peekLowSurrogateEscape() {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    position += 6
                } else {
                    scalar = 0xFFFD
                }
            case 0xDC00...0xDFFF:
                scalar = 0xFFFD
            default:
                break
            }
            appendUTF8(scalar)
            return
        default:
            if bytes[position + 1] >= 0x80 && UTF8Validation.sequenceLength(in: bytes, at: position + 1) == nil {
                position += 1
                throw invalidUTF8()
            }
            throw error("invalid escape '\\' followed by \(describeCharacter(at: position + 1))", at: start)
        }
        scratch.append(decoded)
        position += 2
    }

    /// Reads the four hex digits of a `\u` escape at `position`.
    mutating func readHex4(escapeStart: Int) throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw unexpectedEnd() }
            guard let digit = Self.hexDigit(bytes[position]) else {
                throw error("invalid \\u escape", at: escapeStart)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// The value of a `\uDC00`…`\uDFFF` escape at `position`, without consuming it.
    func peekLowSurrogateEscape() -> UInt32? {
        guard position + 6 <= bytes.count,
            bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
        else { return nil }
        var value: UInt32 = 0
        for offset in 2..<6 {
            guard let digit = Self.hexDigit(bytes[position + offset]) else { return nil }
            value = value << 4 | digit
        }
        return (0xDC00...0xDFFF).contains(value) ? value : nil
    }

    @inline(__always)
    static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// Appends a scalar (never a surrogate) to `scratch` as UTF-8.
    mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
