import RPNJSON
import Testing
@testable import RPNLanguageServer

/// rpn has one zero: `rpn/evaluate` answers 0 where `rpn -e` prints 0, although JSON could
/// spell −0 (see Tests/RPNCoreTests/NegativeZeroTests.swift).
@Suite struct NegativeZeroTests {
    @Test func evaluateGivesZeroNotNegativeZero() {
        let h = ServerHarness()
        let result = h.result("rpn/evaluate", ["text": "0 neg 0 -1 × -0 0 neg →x"])
        #expect(JSONSerializer.string(result["values"] ?? .null) == "[0,0,0]")
        #expect(JSONSerializer.string(result["variables"] ?? .null) == #"{"x":0}"#)
    }
}
