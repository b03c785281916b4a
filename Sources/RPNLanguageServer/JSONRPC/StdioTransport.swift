import Platform
import RPNJSON

/// Runs a language server over file descriptors (stdin/stdout): reads what has arrived,
/// frames it, queues it in the server and lets the server work through the queue, and stops
/// on `exit`, when input closes, or when the client process has gone.
///
/// The queue is what keeps the server responsive: everything that has arrived is taken in
/// before the next message is handled, so a `$/cancelRequest` overtakes the requests queued
/// before it and edits waiting one behind the other are analysed once; and a long request
/// takes in what arrives while it works (`LanguageServer.receive`), so it can stop for a
/// cancellation or a newer version of its document.
public struct StdioTransport {
    public var input: Int32 = 0
    public var output: Int32 = 1
    /// How often to check that the client process is alive, in milliseconds.
    public var watchInterval: Int32 = 1000

    public init() {}

    /// Serves until the end; returns the process exit status. The caller ignores SIGPIPE (a
    /// process-wide setting, so `main`'s): a vanished client then shows up as EPIPE, handled
    /// below, instead of killing the process.
    public func run(log: @escaping (String) -> Void) -> Int32 {
        var writeFailed = false
        var bytesSent = 0
        let output = self.output
        let server = LanguageServer(send: { message in
            guard !writeFailed else { return }
            let frame = MessageWriter.frame(message)
            bytesSent += frame.count
            writeFailed = !Self.writeAll(output, frame)
        }, log: log)
        let reader = InputReader(input: input, server: server, log: log)
        server.receive = { reader.readAvailable() }
        while true {
            if !server.hasQueuedMessages {
                if reader.endOfInput { return server.exitCode ?? 1 }
                // Wake up to check the client process and to let go of analyses not used lately.
                var timeout: Int32 = server.watchedProcessID == nil ? -1 : watchInterval
                if let due = server.releaseIdleAnalyses() {
                    let milliseconds = Int32(clamping: due.components.seconds * 1000 + due.components.attoseconds / 1_000_000_000_000_000 + 1)
                    timeout = timeout < 0 ? milliseconds : min(timeout, milliseconds)
                }
                // Once nothing waits: after large messages in or out (a document opened, a whole
                // document's semantic tokens) or documents and analyses let go, give back what
                // was freed.
                if server.freedMemory || bytesSent + reader.bytesReceived > Self.releaseThreshold {
                    MemoryRelease.releaseFreedMemory()
                    server.freedMemory = false
                    bytesSent = 0
                    reader.bytesReceived = 0
                }
                var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
                let ready = Retrying.poll(&descriptor, timeout: timeout)
                if ready < 0 { return 1 }
                if ready == 0 {
                    if let pid = server.watchedProcessID, !ClientProcess.exists(pid) {
                        log("client process \(pid) has gone; exiting")
                        return 1
                    }
                    continue
                }
            }
            reader.readAvailable()
            server.handleQueued(until: { writeFailed })
            if let code = server.exitCode { return code }
            if writeFailed { return 1 }
        }
    }

    /// Bytes in and out after which freed memory is given back to the system.
    static let releaseThreshold = 1 << 20

    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        (try? Retrying.writeAll(bytes, to: descriptor)) != nil
    }
}

/// Reads whatever has arrived on the input without waiting, frames it and queues the messages
/// in the server; framing and JSON errors are answered at once (they have no id to wait for).
final class InputReader {
    let input: Int32
    unowned let server: LanguageServer
    let log: (String) -> Void
    private var framer = MessageFramer()
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    /// The input has ended (or a read failed): nothing more will come.
    private(set) var endOfInput = false
    /// Bytes read (the transport resets it when it gives memory back).
    var bytesReceived = 0

    init(input: Int32, server: LanguageServer, log: @escaping (String) -> Void) {
        self.input = input
        self.server = server
        self.log = log
    }

    /// Reads until nothing more is waiting. Frames are taken out after every read, so a
    /// refused oversized body is skipped as it streams in, never stored.
    func readAvailable() {
        while !endOfInput {
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0, descriptor.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { return }
            let count = buffer.withUnsafeMutableBytes { Retrying.read(input, into: $0) }
            if count <= 0 { endOfInput = true; return }  // the end, or a read that failed
            bytesReceived += count
            buffer.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            takeFrames()
        }
    }

    private func takeFrames() {
        while let event = framer.next() {
            switch event {
            case .error(let problem):
                log("framing: \(problem)")
                server.respond(id: .null, error: ResponseError(ResponseError.parseError, problem))
            case .message(let body):
                do {
                    server.enqueue(try JSONParser.parse(body))
                } catch {
                    server.respond(id: .null, error: ResponseError(ResponseError.parseError, "parse error: \(error.message)"))
                }
            }
        }
    }
}
