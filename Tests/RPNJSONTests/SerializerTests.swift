import RPNJSON
import Testing

/// Compact output of whole values (strings and numbers have their own tables).
struct SerializerTests {
    static let outputs: [(JSONValue, String)] = [
        (nil, "null"),
        (true, "true"),
        (false, "false"),
        ([], "[]"),
        ([:], "{}"),
        ([[], [:], [[]]], "[[],{},[[]]]"),
        ([1, 2.5, "x", nil, true], #"[1,2.5,"x",null,true]"#),
        (["b": ["d": 1, "c": 2], "a": []], #"{"b":{"d":1,"c":2},"a":[]}"#),
        (["key \"q\"\n": 1], #"{"key \"q\"\n":1}"#),
        (["id": 1, "result": nil], #"{"id":1,"result":null}"#),
    ]

    @Test(arguments: outputs)
    func serializes(value: JSONValue, text: String) throws {
        #expect(JSONSerializer.string(value) == text)
        #expect(JSONSerializer.serialize(value) == Array(text.utf8))
        #expect(try JSONParser.parse(text) == value)
    }

    /// The serializer walks with its own stack, so values the program builds deeper than the
    /// parser's limit still serialize (kept moderate: destroying them recurses).
    @Test func serializesBeyondTheParserDepthLimit() {
        let depth = 2_000
        var value: JSONValue = ["leaf": 1]
        for level in 0..<depth { value = level.isMultiple(of: 2) ? [value] : ["k": value] }
        let text = JSONSerializer.string(value)
        #expect(text.hasPrefix("{\"k\":[{\"k\":["))
        #expect(text.utf8.count == 10 + (depth / 2) * ("{\"k\":".utf8.count + 1 + 1 + 1))
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
    }
}
