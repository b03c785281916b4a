/// `file:` URIs and the paths they name (RFC 8089, RFC 3986's percent-encoding), both ways:
/// a document's includes are found relative to its file, and an included file is given to
/// the client as a URI (go to definition, related information).
enum FileURI {
    /// The path of a `file:` URI (`file:///home/u/my%20lib.rpn` ⇒ `/home/u/my lib.rpn`;
    /// `file://localhost/…` too); nil for another scheme (`untitled:`), another host, or a
    /// percent-encoding that is not UTF-8.
    static func path(_ uri: String) -> String? {
        var rest = Substring(uri)
        guard rest.lowercased().hasPrefix("file://") else { return nil }
        rest = rest.dropFirst(7)
        if rest.lowercased().hasPrefix("localhost/") { rest = rest.dropFirst(9) }
        guard rest.hasPrefix("/") else { return nil }
        var bytes: [UInt8] = []
        var utf8 = Array(rest.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard utf8.count >= 2, let high = hexValue(utf8.removeFirst()), let low = hexValue(utf8.removeFirst()) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The `file:` URI of an absolute path: every byte but the unreserved ones and `/`
    /// percent-encoded, as VS Code writes them (`/a b.rpn` ⇒ `file:///a%20b.rpn`).
    static func uri(_ path: String) -> String {
        var uri = "file://"
        for byte in path.utf8 {
            if isUnreserved(byte) || byte == UInt8(ascii: "/") {
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                uri += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return uri
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        if byte &- UInt8(ascii: "0") < 10 { return byte - UInt8(ascii: "0") }
        if (byte | 0x20) &- UInt8(ascii: "a") < 6 { return (byte | 0x20) - UInt8(ascii: "a") + 10 }
        return nil
    }
}
