import Testing
@testable import RPNLanguageServer

/// What follows a framing problem in the same read must come out of the framer at once, not
/// be lost or wait for bytes that may never come.
@Suite struct FramerRecoveryTests {
    static func frame(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

    /// Every event the framer gives for `bytes` fed in pieces of `chunk` bytes.
    func events(_ bytes: [UInt8], chunk: Int = .max, limit: Int) -> [MessageFramer.Event] {
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

    static let refused = "Content-Length: 40\r\n\r\n" + String(repeating: "x", count: 40)

    @Test(arguments: [1, 5, 23, Int.max])
    func aMessageAfterARefusedBodyIsKept(_ chunk: Int) {
        let bytes = Array(Self.refused.utf8) + Self.frame("{}") + Self.frame("[1]")
        let result = events(bytes, chunk: chunk, limit: 16)
        #expect(result.count == 3, "\(result)")
        guard case .error(let message)? = result.first else { Issue.record("no error first: \(result)"); return }
        #expect(message.contains("40 bytes exceeds the limit of 16"))
        #expect(Array(result.dropFirst()) == [.message(Array("{}".utf8)), .message(Array("[1]".utf8))])
    }

    @Test func twoRefusedBodiesInARowAreTwoErrorsAndTheMessageAfterSurvives() {
        let bytes = Array((Self.refused + Self.refused).utf8) + Self.frame("{}")
        let result = events(bytes, limit: 16)
        #expect(result.count == 3, "\(result)")
        #expect(result.last == .message(Array("{}".utf8)))
    }
}
