import RPNJSON
import Testing
@testable import RPNLanguageServer

/// Call hierarchy of words of one's own: the word at the cursor (where it is defined or
/// called), the words and the top level that call it, and the words it calls, each with the
/// ranges of the calls. Columns are UTF-16 units, counted by hand (× and √ are one each).
@Suite struct CallHierarchyTests {
    static let program = """
        : square ( x -- y ) x x × ;
        : hyp ( a b -- c ) a square b square + √ ;
        3 4 hyp
        : fac ( n -- f ) n 2 < if 1 else n n 1 - fac × then ;
        5 fac 2 square

        """

    // The definitions (whole, and the name), and the calls, as [line, start, line, end].
    static let sqWhole = [0, 0, 0, 27], sqName = [0, 2, 0, 8]
    static let hypWhole = [1, 0, 1, 42], hypName = [1, 2, 1, 5]
    static let facWhole = [3, 0, 3, 53], facName = [3, 2, 3, 5]
    static let sqInHyp = [[1, 21, 1, 27], [1, 30, 1, 36]], sqAtTop = [[4, 8, 4, 14]]
    static let hypAtTop = [[2, 4, 2, 7]], facInFac = [[3, 41, 3, 44]], facAtTop = [[4, 2, 4, 5]]
    static let document = [0, 0, 5, 0]

    func harness() -> ServerHarness {
        let h = ServerHarness()
        h.open(Self.program)
        return h
    }

    /// The item `textDocument/prepareCallHierarchy` gives at a place (nil: none).
    func prepare(_ h: ServerHarness, _ line: Int, _ character: Int) -> JSONValue? {
        let items = h.result("textDocument/prepareCallHierarchy", h.at(line, character))
        guard let array = items.arrayValue else { return nil }
        #expect(array.count == 1)
        return array.first
    }

    /// (cursor, the word's name, its whole definition, its name's range).
    static let roots: [((Int, Int), String, [Int], [Int])] = [
        ((0, 3), "square", sqWhole, sqName),   // where it is defined
        ((1, 22), "square", sqWhole, sqName),  // a call in a body
        ((4, 9), "square", sqWhole, sqName),   // a call at the top level
        ((4, 14), "square", sqWhole, sqName),  // right after it
        ((3, 42), "fac", facWhole, facName), // a recursive call
        ((2, 5), "hyp", hypWhole, hypName),
    ]

    @Test(arguments: roots)
    func theWordAtTheCursorIsTheRoot(_ cursor: (Int, Int), _ name: String, _ whole: [Int], _ selected: [Int]) throws {
        let h = harness()
        let item = try #require(prepare(h, cursor.0, cursor.1), "\(cursor)")
        #expect(item["name"]?.stringValue == name)
        #expect(item["kind"]?.intValue == 12)  // Function
        #expect(span(item["range"]) == whole && span(item["selectionRange"]) == selected, "\(cursor)")
    }

    /// A number, a parameter, a built-in word, a variable: no word of one's own there.
    @Test(arguments: [(2, 0), (0, 11), (0, 20), (1, 39), (1, 37), (4, 6)])
    func elsewhereThereIsNone(_ line: Int, _ character: Int) {
        #expect(harness().result("textDocument/prepareCallHierarchy", harness().at(line, character)) == .null)
    }

    /// (the word, its callers: name and the ranges of the calls in it, in source order).
    static let incoming: [((Int, Int), [(String, [[Int]])])] = [
        ((0, 3), [("hyp", sqInHyp), ("top level", sqAtTop)]),
        ((3, 3), [("fac", facInFac), ("top level", facAtTop)]),
        ((1, 3), [("top level", hypAtTop)]),
    ]

    @Test(arguments: incoming)
    func incomingCallsAreGroupedByCaller(_ cursor: (Int, Int), _ callers: [(String, [[Int]])]) throws {
        let h = harness()
        let item = try #require(prepare(h, cursor.0, cursor.1))
        let calls = h.result("callHierarchy/incomingCalls", ["item": item]).arrayValue ?? []
        #expect(calls.map { $0["from"]?["name"]?.stringValue ?? "" } == callers.map(\.0), "\(cursor)")
        #expect(calls.map { ($0["fromRanges"]?.arrayValue ?? []).map { span($0) } } == callers.map(\.1), "\(cursor)")
        // The top level is the whole document, of kind File, its first call selected.
        if let top = calls.first(where: { $0["from"]?["name"]?.stringValue == "top level" })?["from"] {
            #expect(top["kind"]?.intValue == 1 && span(top["range"]) == Self.document)
            #expect(span(top["selectionRange"]) == callers.last?.1.first)
        }
    }

    /// (the word, the words it calls: name and the ranges of the calls, in source order).
    static let outgoing: [((Int, Int), [(String, [[Int]])])] = [
        ((1, 3), [("square", sqInHyp)]),
        ((3, 3), [("fac", facInFac)]),
        ((0, 3), []),  // square calls only built-in words
    ]

    @Test(arguments: outgoing)
    func outgoingCallsAreGroupedByWord(_ cursor: (Int, Int), _ callees: [(String, [[Int]])]) throws {
        let h = harness()
        let item = try #require(prepare(h, cursor.0, cursor.1))
        let calls = h.result("callHierarchy/outgoingCalls", ["item": item]).arrayValue ?? []
        #expect(calls.map { $0["to"]?["name"]?.stringValue ?? "" } == callees.map(\.0), "\(cursor)")
        #expect(calls.map { ($0["fromRanges"]?.arrayValue ?? []).map { span($0) } } == callees.map(\.1), "\(cursor)")
        #expect(calls.allSatisfy { $0["to"]?["kind"]?.intValue == 12 })
    }

    /// The top level's item (from an incoming call) leads to what the top level calls.
    @Test func theTopLevelsOutgoingCalls() throws {
        let h = harness()
        let square = try #require(prepare(h, 0, 3))
        let incoming = h.result("callHierarchy/incomingCalls", ["item": square]).arrayValue ?? []
        let top = try #require(incoming.first { $0["from"]?["name"]?.stringValue == "top level" }?["from"])
        let calls = h.result("callHierarchy/outgoingCalls", ["item": top]).arrayValue ?? []
        #expect(calls.map { $0["to"]?["name"]?.stringValue ?? "" } == ["hyp", "fac", "square"])
        #expect(calls.map { ($0["fromRanges"]?.arrayValue ?? []).map { span($0) } } == [Self.hypAtTop, Self.facAtTop, Self.sqAtTop])
    }

    /// An item that is none of this server's (no data.word) is InvalidParams.
    @Test(arguments: ["callHierarchy/incomingCalls", "callHierarchy/outgoingCalls"])
    func aForeignItemIsInvalidParams(_ method: String) {
        let h = harness()
        let item: JSONValue = ["name": "x", "kind": 12, "uri": "file:///t.rpn",
                               "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 1]],
                               "selectionRange": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 1]]]
        #expect(h.request(method, ["item": item])["error"]?["code"]?.intValue == -32602)
    }
}
