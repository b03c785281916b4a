/// `Content-Length` framing as a pure function over bytes: feed it what arrives, take out
/// whole message bodies or framing errors. No I/O, so every lie a client can tell about
/// lengths is tested in memory.
public struct MessageFramer {
    /// Bodies larger than this are refused without being stored: they are skipped as they
    /// arrive. 64 MiB holds a document of millions of tokens.
    public static let defaultBodyLimit = 64 << 20
    /// A header block longer than this is garbage.
    static let headerLimit = 8 << 10

    public enum Event: Equatable {
        case message([UInt8])
        /// A framing problem; the framer has already resynchronised past it.
        case error(String)
    }

    public let bodyLimit: Int
    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes of a refused body still to skip.
    private var skipping = 0
    /// Bytes of garbage dropped since the last reported error (reported once, in one error).
    private var garbage = 0
    /// A message framed right after garbage, returned after the error about the garbage.
    private var pendingMessage: [UInt8]?

    public init(bodyLimit: Int = MessageFramer.defaultBodyLimit) {
        self.bodyLimit = bodyLimit
    }

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
    }

    /// Bytes received but not yet framed.
    public var pending: Int { buffer.count - start - skipping }

    /// The next message or error, or nil when more bytes are needed.
    public mutating func next() -> Event? {
        defer { compact() }
        if let message = pendingMessage {
            pendingMessage = nil
            return .message(message)
        }
        skipRefusedBody()
        if skipping > 0 { return nil }
        guard start < buffer.count else { return nil }
        // Bytes that do not start with a header line (the tail of a body whose length lied,
        // or noise) are skipped up to the next Content-Length header.
        if !startsWithHeaderLine() {
            let from = start
            let found = resynchronise(from: start + 1)
            garbage += start - from
            guard found else { return nil }  // keep dropping quietly until a header shows up
            defer { garbage = 0 }
            return .error("skipped \(garbage) bytes that were not a message header")
        }
        // Find the end of the header block (\r\n\r\n, or \n\n from lenient clients).
        guard let (headerEnd, bodyStart) = headerBlockEnd() else {
            if buffer.count - start > Self.headerLimit {
                let from = start
                resynchronise(from: start + 1)
                garbage += start - from
                return nil
            }
            return nil
        }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        var length: Int?
        var problem: String?
        var prefix = 0
        for line in header.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            guard let colon = line.firstIndex(of: ":") else {
                problem = "malformed header line '\(line.prefix(80))'"
                continue
            }
            let name = line[..<colon].trimmingWhitespace().lowercased()
            let value = line[line.index(after: colon)...].trimmingWhitespace()
            // Garbage that ran straight into the header ("xyzContent-Length: 2") arrives as one
            // name when it came in pieces: the header is its end.
            if name.hasSuffix("content-length") {
                prefix = name.utf8.count - "content-length".utf8.count
                if let n = Int(value), n >= 0 { length = n } else { problem = "bad Content-Length '\(value.prefix(40))'" }
            }
        }
        guard let length else {
            resynchronise(from: bodyStart)
            return .error(problem ?? "missing Content-Length header")
        }
        if length > bodyLimit {
            // Skip what has already arrived; whatever follows the body in the same read is
            // framed by the next call.
            start = bodyStart
            skipping = length
            skipRefusedBody()
            return .error("message body of \(length) bytes exceeds the limit of \(bodyLimit) bytes; skipped")
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        start = bodyStart + length
        garbage += prefix
        if garbage > 0 {
            defer { garbage = 0 }
            pendingMessage = body
            return .error("skipped \(garbage) bytes that were not a message header")
        }
        return .message(body)
    }

    /// Drops the part of a refused body that has arrived.
    private mutating func skipRefusedBody() {
        let skipped = min(skipping, buffer.count - start)
        start += skipped
        skipping -= skipped
    }

    /// Whether the bytes at `start` begin `Name:` (or could, when more bytes are needed).
    private func startsWithHeaderLine() -> Bool {
        var i = start
        while i < buffer.count {
            let b = buffer[i]
            if b == UInt8(ascii: ":") { return i > start }
            let isNameByte = (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") || b == UInt8(ascii: "-")
                || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
            if !isNameByte || i - start > 64 { return false }
            i += 1
        }
        return true
    }

    private func headerBlockEnd() -> (Int, Int)? {
        var i = start
        while i < buffer.count {
            if buffer[i] == 0x0A {
                if i + 1 < buffer.count, buffer[i + 1] == 0x0A { return (i, i + 2) }
                if i + 2 < buffer.count, buffer[i + 1] == 0x0D, buffer[i + 2] == 0x0A { return (i, i + 3) }
            }
            i += 1
        }
        return nil
    }

    /// After garbage, continue at the next `Content-Length` header at or after `offset`;
    /// false when there is none yet.
    @discardableResult
    private mutating func resynchronise(from offset: Int) -> Bool {
        let needle = Array("content-length".utf8)
        var i = offset
        while i + needle.count <= buffer.count {
            var matches = true
            for k in 0..<needle.count where buffer[i + k] | 0x20 != needle[k] {  // ASCII case-insensitive
                matches = false
                break
            }
            if matches { start = i; return true }
            i += 1
        }
        // Keep a tail that may be the start of a header split across reads.
        start = max(offset, buffer.count - needle.count + 1)
        return false
    }

    private mutating func compact() {
        if start == buffer.count, buffer.capacity > 1 << 20 {
            buffer = []  // a large message has gone: do not keep its room for ever
            start = 0
        } else if start > 0, start >= buffer.count / 2 || start > 1 << 20 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
