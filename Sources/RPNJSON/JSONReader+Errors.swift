/// Error messages. Each names the byte offset as well as carrying it, so that the message can
/// be shown without its `JSONParseError`.
extension JSONReader {
    func unexpectedEnd() -> JSONParseError {
        JSONParseError(message: "unexpected end of input at byte \(bytes.count)", offset: bytes.count)
    }

    /// The byte at `position` cannot start or continue anything here. A non-ASCII byte that is
    /// not well-formed UTF-8 is reported as such: the input is wrong before it is misplaced.
    func unexpectedCharacter() -> JSONParseError {
        guard position < bytes.count else { return unexpectedEnd() }
        let byte = bytes[position]
        if byte >= 0x80 && UTF8Validation.sequenceLength(in: bytes, at: position) == nil {
            return invalidUTF8()
        }
        return JSONParseError(
            message: "unexpected character \(describeCharacter(at: position)) at byte \(position)",
            offset: position)
    }

    func invalidUTF8() -> JSONParseError {
        JSONParseError(message: "invalid UTF-8 at byte \(position)", offset: position)
    }

    func error(_ text: String, at offset: Int) -> JSONParseError {
        JSONParseError(message: "\(text) at byte \(offset)", offset: offset)
    }

    /// `'x'` for a printable character, `U+000A` for a control character (quoting a raw line
    /// feed would break the message's line).
    func describeCharacter(at offset: Int) -> String {
        let byte = bytes[offset]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return Self.codePoint(UInt32(byte)) }
        guard let length = UTF8Validation.sequenceLength(in: bytes, at: offset) else {
            return Self.codePoint(UInt32(byte))
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
        return "'\(text)'"
    }

    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
