import RPNJSON
import Testing

/// Valid texts: what they parse to, and that every spelling of the same value round-trips
/// to one canonical compact form.
struct ParserAcceptanceTests {
    static let values: [(String, JSONValue)] = [
        ("null", nil),
        ("true", true),
        ("false", false),
        ("0", 0),
        ("\"\"", ""),
        ("[]", []),
        ("{}", [:]),
        (" \t\r\n[ 1 , \"a\" , { \"k\" : null } ] \n", [1, "a", ["k": nil]]),
        ("{\"b\":1,\"a\":[true,false]}", ["b": 1, "a": [true, false]]),
        ("[[[]],{}]", [[[]], [:]]),
        ("\"é€😀\"", "é€😀"),
        ("{\"\":\"\"}", ["": ""]),
    ]

    @Test(arguments: values)
    func parses(text: String, expected: JSONValue) throws {
        #expect(try JSONParser.parse(text) == expected)
        #expect(try JSONParser.parse(Array(text.utf8)) == expected)
    }

    /// Input → compact output.
    static let compactForms: [(String, String)] = [
        ("null", "null"),
        (" [ 1 , 2 ] ", "[1,2]"),
        ("{ \"z\" : 1 , \"a\" : 2 , \"m\" : 3 }", "{\"z\":1,\"a\":2,\"m\":3}"),
        ("\"\\u0041\\/\\b\\f\\n\\r\\t\\\"\\\\\"", "\"A/\\b\\f\\n\\r\\t\\\"\\\\\""),
        ("\"\\u001f\\u007f\"", "\"\\u001f\u{7f}\""),
        ("[1.5,-2.25e-3,1E2,1e400]", "[1.5,-0.00225,100,null]"),
        ("[-0,0,-0.0]", "[-0,0,-0]"),
        ("{\"a\":{\"b\":{\"c\":[{}]}}}", "{\"a\":{\"b\":{\"c\":[{}]}}}"),
        ("\"\\uD83D\\uDE00\"", "\"😀\""),
    ]

    @Test(arguments: compactForms)
    func roundTrips(input: String, output: String) throws {
        let value = try JSONParser.parse(input)
        #expect(JSONSerializer.string(value) == output)
        // Not `parse(output) == value`: an integral double prints as an integer and reads
        // back as `.int`. The compact form is a fixed point instead.
        #expect(JSONSerializer.string(try JSONParser.parse(output)) == output)
    }

    @Test func objectKeyOrderIsPreserved() throws {
        let keys = (0..<40).map { "k\(($0 * 7) % 40)" }
        let text = "{" + keys.map { "\"\($0)\":\($0.count)" }.joined(separator: ",") + "}"
        let value = try JSONParser.parse(text)
        #expect(value.objectValue?.keys == keys)
        #expect(JSONSerializer.string(value) == text)
    }

    /// RFC 8259 leaves duplicate names undefined; the last value wins, in the first position.
    @Test func duplicateKeysKeepLastValueAtFirstPosition() throws {
        let value = try JSONParser.parse("{\"a\":1,\"b\":2,\"a\":3}")
        #expect(value.objectValue?.keys == ["a", "b"])
        #expect(value["a"] == 3)
        // The same past the size where objects keep an index.
        let many = (0..<30).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let big = try JSONParser.parse("{\(many),\"k3\":\"x\"}")
        #expect(big.objectValue?.count == 30)
        #expect(big.objectValue?.keys[3] == "k3")
        #expect(big["k3"] == "x")
    }

    @Test func maximumDepthIsAccepted() throws {
        let depth = JSONParser.maximumDepth
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(try JSONParser.parse(arrays).arrayValue != nil)
        let objects = String(repeating: "{\"a\":", count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
        #expect(try JSONParser.parse(objects).objectValue != nil)
    }

    @Test func largeStringRoundTrips() throws {
        // 5 MB with a non-ASCII character and an escape now and then.
        var document = ""
        let line = String(repeating: "let x = 1 + 2 // é €\t\"q\"\\ ", count: 4) + "\n"
        while document.utf8.count < 5_000_000 { document += line }
        let message: JSONValue = ["jsonrpc": "2.0", "params": ["textDocument": ["text": .string(document)]]]
        let bytes = JSONSerializer.serialize(message)
        let parsed = try JSONParser.parse(bytes)
        #expect(parsed["params"]?["textDocument"]?["text"]?.stringValue == document)
        #expect(parsed == message)
    }

    @Test func unsafeBufferEntryPoint() throws {
        let bytes = Array("[1,\"two\"]".utf8)
        let value = try bytes.withUnsafeBufferPointer { buffer in try JSONParser.parse(buffer) }
        #expect(value == [1, "two"])
    }
}
