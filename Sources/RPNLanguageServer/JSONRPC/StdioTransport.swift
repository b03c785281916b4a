import Platform
import RPNJSON

/// Runs a language server over file descriptors (stdin/stdout): reads what has arrived,
/// frames it, answers cancelled requests with -32800, hands the rest to the server, and stops
/// on `exit`, when input closes, or when the client process has gone.
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
        let output = self.output
        let server = LanguageServer(send: { message in
            guard !writeFailed else { return }
            writeFailed = !Self.writeAll(output, MessageWriter.frame(message))
        }, log: log)
        var framer = MessageFramer()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = Retrying.poll(&descriptor, timeout: server.clientProcessID == nil ? -1 : watchInterval)
            if ready < 0 { return 1 }
            if ready == 0 {
                if let pid = server.clientProcessID, kill(pid, 0) != 0, errno == ESRCH {
                    log("client process \(pid) has gone; exiting")
                    return 1
                }
                continue
            }
            // Take everything that has already arrived, so a cancellation can overtake the
            // requests queued before it. Frames are taken out after every read, so a refused
            // oversized body is skipped as it streams in, never stored.
            var endOfInput = false
            var batch: [JSONValue] = []
            var cancelled: Set<String> = []
            repeat {
                let count = buffer.withUnsafeMutableBytes { Retrying.read(input, into: $0) }
                if count <= 0 { endOfInput = true; break }  // the end, or a read that failed
                buffer.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                takeFrames(&framer, into: &batch, cancelled: &cancelled, server: server, log: log)
                descriptor.revents = 0
            } while poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0

            for message in batch {
                server.handle(message, cancelled: cancelled)
                if let code = server.exitCode { return code }
                if writeFailed { return 1 }
            }
            if writeFailed { return 1 }
            if endOfInput { return server.exitCode ?? 1 }
        }
    }

    private func takeFrames(_ framer: inout MessageFramer, into batch: inout [JSONValue], cancelled: inout Set<String>,
                            server: LanguageServer, log: (String) -> Void) {
        while let event = framer.next() {
            switch event {
            case .error(let problem):
                log("framing: \(problem)")
                server.respond(id: .null, error: ResponseError(ResponseError.parseError, problem))
            case .message(let body):
                do {
                    let message = try JSONParser.parse(body)
                    if message["method"]?.stringValue == "$/cancelRequest", let id = message["params"]?["id"] {
                        cancelled.insert(LanguageServer.key(of: id))
                    }
                    batch.append(message)
                } catch {
                    server.respond(id: .null, error: ResponseError(ResponseError.parseError, "parse error: \(error.message)"))
                }
            }
        }
    }

    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        (try? Retrying.writeAll(bytes, to: descriptor)) != nil
    }
}
