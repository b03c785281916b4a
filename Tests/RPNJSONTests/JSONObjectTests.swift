import RPNJSON
import Testing

/// `JSONObject`: insertion order, replacement in place, removal, equality.
struct JSONObjectTests {
    @Test func setAppendsOrReplacesInPlaceAndNilRemoves() {
        var object = JSONObject()
        #expect(object.count == 0 && object.isEmpty)
        object["b"] = 1
        object["a"] = 2
        object["c"] = 3
        #expect(object.keys == ["b", "a", "c"])
        object["a"] = "two"
        #expect(object.keys == ["b", "a", "c"])
        #expect(object["a"] == "two")
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
        #expect(object["b"] == nil)
        object["missing"] = nil
        #expect(object.count == 2)
        object["b"] = 4
        #expect(object.keys == ["a", "c", "b"])
        #expect(object.map(\.key) == ["a", "c", "b"])
        #expect(object.map(\.value) == ["two", 3, 4])
    }

    /// Sizes around the point where a key index is kept, with removals that shrink below it.
    @Test(arguments: [5, 16, 17, 40])
    func manyKeysBehaveLikeFewKeys(count: Int) {
        var object = JSONObject()
        for i in 0..<count { object["k\(i)"] = .int(i) }
        #expect(object.count == count)
        for i in 0..<count { #expect(object["k\(i)"] == .int(i)) }
        object["k0"] = "first"
        #expect(object.keys.first == "k0")
        for i in stride(from: 1, to: count, by: 2) { object["k\(i)"] = nil }
        let remaining = stride(from: 0, to: count, by: 2).map { "k\($0)" }
        #expect(object.keys == remaining)
        for i in 0..<count {
            #expect((object["k\(i)"] != nil) == remaining.contains("k\(i)"))
        }
        object["new"] = true
        #expect(object.keys.last == "new" && object["new"] == true)
    }

    @Test func initFromPairsKeepsOrderAndLastValue() {
        let object = JSONObject([("x", 1), ("y", 2), ("x", 3)])
        #expect(object.keys == ["x", "y"])
        #expect(object["x"] == 3)
        let literal: JSONObject = ["x": 1, "y": 2]
        #expect(literal.keys == ["x", "y"])
    }

    /// Objects are unordered in JSON, so equality ignores order; `keys` shows it.
    @Test func equalityIgnoresOrder() {
        let ab: JSONObject = ["a": 1, "b": [2]]
        let ba: JSONObject = ["b": [2], "a": 1]
        #expect(ab == ba)
        #expect(ab.keys != ba.keys)
        #expect(ab != ["a": 1, "b": [3]])
        #expect(ab != ["a": 1])
        #expect(ab != ["a": 1, "c": [2]])
        #expect(JSONValue.object(ab) == ["b": [2], "a": 1])
    }
}
