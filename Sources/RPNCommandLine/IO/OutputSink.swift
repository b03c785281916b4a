import Platform

/// A buffered byte stream: a file descriptor, or memory for tests. Front ends write only
/// through sinks they are handed, so every command can run in-process under test.
public final class OutputSink {
    private let descriptor: Int32?
    private var buffer: [UInt8] = []
    /// Everything written, for sinks made with `capture`.
    public private(set) var captured: [UInt8] = []
    public let isTerminal: Bool

    private init(descriptor: Int32?, isTerminal: Bool) {
        self.descriptor = descriptor
        self.isTerminal = isTerminal
        buffer.reserveCapacity(1 << 16)
    }

    public static func standardOutput() -> OutputSink { OutputSink(descriptor: 1, isTerminal: Terminal.isTerminal(1)) }
    public static func standardError() -> OutputSink { OutputSink(descriptor: 2, isTerminal: Terminal.isTerminal(2)) }
    public static func capture(isTerminal: Bool = false) -> OutputSink { OutputSink(descriptor: nil, isTerminal: isTerminal) }

    public var capturedText: String { String(decoding: captured, as: UTF8.self) }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write($0) }
    }

    public func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    public func flush() {
        guard !buffer.isEmpty else { return }
        guard let descriptor else {
            captured.append(contentsOf: buffer)
            buffer.removeAll(keepingCapacity: true)
            return
        }
        // A failure means the reader has gone (EPIPE) or the disk is full: nothing more to do.
        try? Retrying.writeAll(buffer, to: descriptor)
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }
}
