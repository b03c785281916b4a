import RPNJSON
import Testing
@testable import RPNLanguageServer

/// `rpn/evaluate` and `rpn/describe` check their `variables` as `--set` does.
@Suite struct CustomRequestTests {
    /// (variables, the name the error must mention).
    static let invalid: [(JSONValue, String)] = [
        (["": 1], "''"),
        (["3x": 1], "'3x'"),
        (["sin": 1], "'sin'"),
        (["SIN": 1], "'SIN'"),
        (["pi": 1], "'pi'"),
        (["π": 1], "'π'"),
        (["a b": 1], "'a b'"),
        (["→x": 1], "'→x'"),
        (["x": .double(.infinity)], "'x'"),
        (["x": .double(-.infinity)], "'x'"),
        (["x": .double(.nan)], "'x'"),
        (["x": "one"], "'x'"),
        (["x": 1, "y": .double(.infinity)], "'y'"),
        ([1, 2], "variables"),
    ]

    @Test(arguments: ["rpn/evaluate", "rpn/describe"], invalid)
    func invalidVariablesAreRefusedByName(_ method: String, _ variables: (JSONValue, String)) {
        let h = ServerHarness()
        let response = h.request(method, ["text": "x 1 +", "variables": variables.0])
        #expect(response["error"]?["code"] == .int(ResponseError.invalidParams), "\(response)")
        #expect(response["error"]?["message"]?.stringValue?.contains(variables.1) == true, "\(response)")
    }

    @Test(arguments: ["rpn/evaluate", "rpn/describe"])
    func validVariables(_ method: String) {
        let h = ServerHarness()
        let result = h.result(method, ["text": "x E + PI +", "variables": ["x": 1, "E": 2, "PI": 0.5]])
        #expect(result["values"] == [3.5])
    }

    @Test func numbersThatJSONSpellsTooBigAreInfinite() {
        let h = ServerHarness()
        h.server.handle(Array(#"{"jsonrpc":"2.0","id":99,"method":"rpn/evaluate","params":{"text":"x","variables":{"x":1e999}}}"#.utf8))
        let response = h.sent.last { $0["id"] == 99 }
        #expect(response?["error"]?["code"] == .int(ResponseError.invalidParams), "\(String(describing: response))")
    }

    /// (UTF-16 column on `12 3 + √ 4`, the values up to it): a position inside a token takes it
    /// whole, never the half of it before the position (`1` of `12`).
    @Test(arguments: [(0, []), (1, [12]), (2, [12]), (4, [12, 3]), (5, [12, 3]), (6, [15]), (8, [(15.0).squareRoot()]),
                      (10, [(15.0).squareRoot(), 4])])
    func upToAPositionTakesWholeTokens(_ character: Int, _ values: [Double]) {
        let h = ServerHarness()
        h.open("12 3 + √ 4")
        let result = h.result("rpn/evaluate", h.at(0, character))
        #expect(result["values"]?.arrayValue?.compactMap(\.doubleValue) == values)
    }

    /// A position inside a definition takes the definition whole: no unclosed `:`, the stack as
    /// before it (7), and a later line sees the word (7 and 3×3 = 9).
    @Test(arguments: [(1, 3, [7.0]), (2, 5, [7, 9])])
    func aPositionInsideADefinitionTakesItWhole(_ line: Int, _ character: Int, _ values: [Double]) {
        let h = ServerHarness()
        h.open("7 : sq2 ( x -- y )\n  x x × ;\n3 sq2")
        let result = h.result("rpn/evaluate", h.at(line, character))
        #expect(result["diagnostics"] == [])
        #expect(result["values"]?.arrayValue?.compactMap(\.doubleValue) == values)
    }

    /// `inexact` says which values are doubles, whose `exact` text is the double's: 1/3 is
    /// exact, √2 is not; a value that failed is null in both.
    @Test func inexactValuesAreFlagged() {
        let h = ServerHarness()
        h.open("1 3 ÷ 2 √ 1 0 ÷")
        let result = h.result("rpn/evaluate", ["textDocument": ["uri": "file:///t.rpn"]])
        #expect(result["inexact"] == [false, true, nil])
        #expect(result["exact"]?[0] == "1/3")
    }
}
