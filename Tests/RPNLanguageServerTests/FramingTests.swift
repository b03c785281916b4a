import RPNJSON
import Testing
@testable import RPNLanguageServer

@Suite struct FramingTests {
    static func frame(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

    func events(_ bytes: [UInt8], chunk: Int = .max, limit: Int = MessageFramer.defaultBodyLimit) -> [MessageFramer.Event] {
        var framer = MessageFramer(bodyLimit: limit)
        var events: [MessageFramer.Event] = []
        var i = 0
        while i < bytes.count {
            let end = min(bytes.count, i + chunk)
            framer.append(bytes[i..<end])
            while let event = framer.next() { events.append(event) }
            i = end
        }
        return events
    }

    static let body = #"{"jsonrpc":"2.0","method":"x","params":{"t":"√ π × ÷ − 😀"}}"#

    @Test(arguments: [1, 2, 3, 7, 64, Int.max])
    func splitAndJoinedMessagesAtAnyChunkSize(_ chunk: Int) {
        let bytes = Self.frame(Self.body) + Self.frame("{}") + Self.frame(Self.body)
        #expect(events(bytes, chunk: chunk) == [.message(Array(Self.body.utf8)), .message(Array("{}".utf8)),
                                                .message(Array(Self.body.utf8))])
    }

    @Test func lengthCountsBytesNotCharacters() {
        let bytes = Array("Content-Length: 6\r\n\r\n\"√π\"".utf8)  // 1 + 3 + 2 + 1 = 7 bytes really
        #expect(events(bytes) == [.message(Array("\"√π".utf8))])  // the stray byte is dropped quietly
    }

    @Test func extraHeadersAndLenientLineEnds() {
        let body = "{}"
        let bytes = Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length:  2 \r\n\r\n\(body)".utf8)
            + Array("Content-Length: 2\n\n{}".utf8)
        #expect(events(bytes) == [.message(Array("{}".utf8)), .message(Array("{}".utf8))])
    }

    /// Lies about the length; each case must produce an error and then frame the good message after it.
    static let lies: [(String, String)] = [
        ("missing", "Content-Type: x\r\n\r\n{}"),
        ("not a number", "Content-Length: abc\r\n\r\n{}"),
        ("negative", "Content-Length: -5\r\n\r\n{}"),
        ("overflowing", "Content-Length: 99999999999999999999999\r\n\r\n{}"),
        ("garbage line", "hello there\r\n\r\n"),
    ]

    @Test(arguments: lies)
    func badHeadersAreErrorsAndFramingRecovers(_ name: String, _ bad: String) {
        let result = events(Array(bad.utf8) + Self.frame(Self.body))
        #expect(result.count == 2, "\(name): \(result)")
        if case .error = result.first {} else { Issue.record("\(name): expected an error first") }
        #expect(result.last == .message(Array(Self.body.utf8)), "\(name)")
    }

    @Test func tooShortALengthYieldsATruncatedBodyThenRecovers() {
        let bytes = Array("Content-Length: 5\r\n\r\n".utf8) + Array(Self.body.utf8) + Self.frame("{}")
        let result = events(bytes)
        #expect(result.first == .message(Array(Self.body.utf8.prefix(5))))
        #expect(result.last == .message(Array("{}".utf8)))
    }

    @Test func tooLongALengthWaitsForMoreBytes() {
        var framer = MessageFramer()
        framer.append(Array("Content-Length: 100\r\n\r\n{}".utf8))
        #expect(framer.next() == nil)
    }

    @Test func oversizedBodiesAreSkippedWithoutBeingStored() {
        var framer = MessageFramer(bodyLimit: 1000)
        framer.append(Array("Content-Length: 50000000\r\n\r\n".utf8))
        guard case .error(let message)? = framer.next() else { Issue.record("no error"); return }
        #expect(message.contains("50000000"))
        // Feed 50 MB in 1 MB pieces: nothing accumulates.
        let piece = [UInt8](repeating: 0x20, count: 1 << 20)
        var fed = 0
        while fed < 50_000_000 {
            let n = min(piece.count, 50_000_000 - fed)
            framer.append(piece[0..<n])
            #expect(framer.next() == nil)
            #expect(framer.pending <= 0)
            fed += n
        }
        framer.append(Self.frame("{}"))
        #expect(framer.next() == .message(Array("{}".utf8)))
    }

    @Test func headerWithoutBodyWaits() {
        #expect(events(Array("Content-Length: 10\r\n\r\n".utf8)).isEmpty)
    }

    @Test(arguments: [1, 7, 4096])
    func garbageIsDroppedWithOneErrorPerRun(_ chunk: Int) {
        let garbage = Array(String(repeating: "garbage ", count: 12_500).utf8)  // 100 kB
        let result = events(garbage + Self.frame("{}") + Array("x y z".utf8) + Self.frame("{}"), chunk: chunk)
        #expect(result == [.error("skipped 100000 bytes that were not a message header"), .message(Array("{}".utf8)),
                           .error("skipped 5 bytes that were not a message header"), .message(Array("{}".utf8))])
    }

    @Test func endlessHeaderLikeGarbageIsBounded() {
        var framer = MessageFramer()
        for _ in 0..<100 {
            framer.append(repeatElement(UInt8(ascii: "A"), count: 100_000))
            #expect(framer.next() == nil)
            #expect(framer.pending < 20_000)
        }
        framer.append(Self.frame("{}"))
        #expect(framer.next() == .error("skipped 10000000 bytes that were not a message header"))
        #expect(framer.next() == .message(Array("{}".utf8)))
    }
}
