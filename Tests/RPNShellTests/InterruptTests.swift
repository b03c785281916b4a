import RPNCore
import Testing
@testable import RPNShell

/// Ctrl-C during a line of big exact operations: each one is bounded by the digit cap but takes
/// milliseconds (205000! has about 950,000 digits), so the shell asks after each, not only
/// every few thousand tokens.
@Suite struct InterruptTests {
    @Test func aLineOfBigExactOperationsIsAskedAfterEach() {
        let session = Session()
        _ = session.enter("7")
        var asked = 0
        let outcome = session.enter("0" + String(repeating: " 205000 ! 205000 ! - +", count: 2)) {
            asked += 1
            return asked == 2  // Ctrl-C after the second big value
        }
        #expect(outcome == .interrupted)
        #expect(session.entries.map(\.value) == [.integer(.small(7))])  // the stack is unchanged
        #expect(session.program == "7")
    }

    @Test func cheapLinesAreNotAskedPerToken() {
        let session = Session()
        var asked = 0
        _ = session.enter(String(repeating: "1 2 + ", count: 100)) { asked += 1; return false }
        #expect(asked == 0)
    }
}
