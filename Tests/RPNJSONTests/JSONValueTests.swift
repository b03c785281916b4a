import RPNJSON
import Testing

/// Accessors and literal conformances of `JSONValue`.
struct JSONValueTests {
    static let message: JSONValue = [
        "jsonrpc": "2.0",
        "id": 7,
        "params": ["position": ["line": 3, "character": 4.0], "items": [true, nil, "x"]],
    ]

    @Test func subscriptsAndAccessors() {
        let message = Self.message
        #expect(message["jsonrpc"]?.stringValue == "2.0")
        #expect(message["id"]?.intValue == 7)
        #expect(message["params"]?["position"]?["line"]?.intValue == 3)
        #expect(message["params"]?["position"]?["character"]?.intValue == 4)
        #expect(message["params"]?["items"]?[0]?.boolValue == true)
        #expect(message["params"]?["items"]?[1]?.isNull == true)
        #expect(message["params"]?["items"]?[2] == "x")
        #expect(message["params"]?["items"]?[3] == nil)
        #expect(message["params"]?["items"]?[-1] == nil)
        #expect(message["missing"] == nil)
        #expect(message[0] == nil)
        #expect(message["id"]?["x"] == nil)
        #expect(message["params"]?["items"]?.arrayValue?.count == 3)
        #expect(message.objectValue?.keys == ["jsonrpc", "id", "params"])
    }

    /// Each accessor against each case: (value, string, int, double, bool, isNull).
    static let cases: [(JSONValue, String?, Int?, Double?, Bool?, Bool)] = [
        (.null, nil, nil, nil, nil, true),
        (.bool(true), nil, nil, nil, true, false),
        (.int(-5), nil, -5, -5, nil, false),
        (.double(2.0), nil, 2, 2, nil, false),
        (.double(2.5), nil, nil, 2.5, nil, false),
        (.double(-0.0), nil, 0, -0.0, nil, false),
        (.double(1e19), nil, nil, 1e19, nil, false),
        (.double(-0x1p63), nil, Int.min, -0x1p63, nil, false),
        (.double(0x1p63), nil, nil, 0x1p63, nil, false),
        (.double(.nan), nil, nil, nil, nil, false),
        (.double(.infinity), nil, nil, .infinity, nil, false),
        (.string("s"), "s", nil, nil, nil, false),
        (.array([]), nil, nil, nil, nil, false),
        (.object([:]), nil, nil, nil, nil, false),
    ]

    @Test(arguments: cases)
    func accessors(value: JSONValue, string: String?, int: Int?, double: Double?, bool: Bool?, isNull: Bool) {
        #expect(value.stringValue == string)
        #expect(value.intValue == int)
        if case .double(let d) = value, d.isNaN {
            #expect(value.doubleValue?.isNaN == true)
        } else {
            #expect(value.doubleValue == double)
        }
        #expect(value.boolValue == bool)
        #expect(value.isNull == isNull)
        #expect((value.arrayValue != nil) == (value == .array([])))
        #expect((value.objectValue != nil) == (value == .object(JSONObject())))
    }

    @Test func literals() {
        let null: JSONValue = nil
        let bool: JSONValue = false
        let int: JSONValue = 12
        let double: JSONValue = 1.5
        let string: JSONValue = "s"
        let array: JSONValue = [1, "a", nil]
        let object: JSONValue = ["z": 1, "a": 2, "m": [3]]
        #expect(null == .null)
        #expect(bool == .bool(false))
        #expect(int == .int(12))
        #expect(double == .double(1.5))
        #expect(string == .string("s"))
        #expect(array == .array([.int(1), .string("a"), .null]))
        #expect(object.objectValue?.keys == ["z", "a", "m"])
        #expect(JSONSerializer.string(object) == #"{"z":1,"a":2,"m":[3]}"#)
        #expect(object.description == #"{"z":1,"a":2,"m":[3]}"#)
    }

    @Test func intAndDoubleAreDistinctCases() {
        #expect(JSONValue.int(1) != JSONValue.double(1))
        #expect(JSONValue.int(1).doubleValue == JSONValue.double(1).doubleValue)
    }

    @Test func valuesAreSendable() async {
        let value = Self.message
        let echoed = await Task.detached { value }.value
        #expect(echoed == value)
    }
}
