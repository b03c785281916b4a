import RPNJSON
import Testing
@testable import RPNLanguageServer

/// What a completion list holds and in which order: nearest first (the cursor's own locals,
/// then the program's words and variables by the distance of their nearest definition or use,
/// then the built-in words), at most 200 items, cut lists marked incomplete; documentation
/// only through `completionItem/resolve`; snippets only for clients that take them.
@Suite struct CompletionListTests {
    /// A harness with `text` open, `|` marking the cursor (removed), and the completion there.
    static func complete(_ marked: String, capabilities: JSONValue = [:]) -> (h: ServerHarness, list: JSONValue) {
        let (before, after) = splitAtCursor(marked)
        let h = ServerHarness(capabilities: capabilities)
        h.open(before + after)
        let position = ClientText.position(after: before, encoding: "utf-16")
        return (h, h.result("textDocument/completion", ["textDocument": ["uri": "file:///t.rpn"], "position": position]))
    }

    static func labels(_ list: JSONValue) -> [String] {
        (list["items"]?.arrayValue ?? []).compactMap { $0["label"]?.stringValue }
    }

    /// (document with the cursor, the labels the list starts with): distances read off the text.
    static let rankings: [(String, [String])] = [
        // The word defined nearest before the cursor first, the variable between, the far word,
        // then the built-ins in the table's order.
        (": far 1 ;\n1 →fa\n: fan 2 ;\nf|", ["fan", "fa", "far", "!", "fact", "floor"]),
        // A variable used just after the cursor is nearer than a word defined far before it.
        (": far 1 ;\n1\n2\n3\nf| fa", ["fa", "far", "!"]),
        // Inside a body: its loop counter (innermost first), its parameters, then the rest.
        ("1 →ab\n: f ( aa -- y ) 1 3 for ac a| next ;", ["ac", "aa", "ab", "asin"]),
        // As far from the cursor, before and after it: by name, the same list every time.
        ("xb x|  xa", ["xa", "xb"]),
        // With nothing typed: locals, the program's names, built-ins, stores last.
        ("1 →M\n: f ( x -- y ) |", ["x", "f", "M", "+"]),
    ]

    @Test(arguments: rankings)
    func nearestFirst(_ marked: String, _ first: [String]) {
        let (_, list) = Self.complete(marked)
        let labels = Self.labels(list)
        #expect(Array(labels.prefix(first.count)) == first, "\(labels.prefix(12))")
        // Clients sort by sortText: it must keep the server's order.
        let sortTexts = (list["items"]?.arrayValue ?? []).compactMap { $0["sortText"]?.stringValue }
        #expect(sortTexts.count == labels.count && sortTexts == sortTexts.sorted())
    }

    @Test func storesComeLast() {
        let labels = Self.labels(Self.complete("1 →M\n|").list)
        #expect(labels.suffix(2) == ["→M", "->M"], "\(labels.suffix(4))")
    }

    /// (variables in the document, what is typed, items, incomplete).
    static let caps: [(Int, String, Int, Bool)] = [
        (10, "z", 10, false),
        (300, "z", 200, true),      // cut: typing more asks again
        (300, "z29", 11, false),    // z29 and z290…z299
        (300, "", 200, true),
    ]

    @Test(arguments: caps)
    func atMost200Items(_ count: Int, _ typed: String, _ items: Int, _ incomplete: Bool) {
        let stores = (0..<count).map { "\($0) →z\($0)" }.joined(separator: "\n")
        let (_, list) = Self.complete(stores + "\n" + typed + "|")
        #expect(list["items"]?.arrayValue?.count == items)
        #expect(list["isIncomplete"] == .bool(incomplete))
        if typed == "v" { #expect(Self.labels(list).first == "v\(count - 1)", "the nearest store first") }
    }

    /// A one-letter completion in a long program of words and variables (issue 17: 20,000 items,
    /// 3.2 MB, marked complete, at 10^5 lines; tests/lsp checks that size) is 200 items, the
    /// nearest first.
    @Test func aLongProgramGivesTheNearestFew() {
        let lines = (0..<5_000).map { k in ": w\(k) ( a b -- c ) a b + ;\n1 2 w\(k) →x\(k)" }.joined(separator: "\n")
        let (_, list) = Self.complete(lines + "\nw|")
        let items = list["items"]?.arrayValue ?? []
        #expect(items.count == 200)
        #expect(list["isIncomplete"] == true)
        #expect(Self.labels(list).prefix(3) == ["w4999", "w4998", "w4997"])
        #expect(items.allSatisfy { $0["documentation"] == nil }, "documentation is resolved")
        #expect(JSONSerializer.string(list).utf8.count < 100_000)
    }

    /// (item label, document with the cursor, what resolve documents: nil for nothing).
    static let resolved: [(String, String, String?)] = [
        ("√", "2 sq|", "√ ( a -- √a )\nSquare root."),
        ("hyp", ": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;\n3 4 hy|", "hyp(a,b) = √(a^2+b^2)"),
        ("M", "1 →M\n|", nil),
    ]

    @Test(arguments: resolved)
    func resolveDocumentsTheItem(_ label: String, _ marked: String, _ documentation: String?) throws {
        let (h, list) = Self.complete(marked)
        let item = try #require(list["items"]?.arrayValue?.first { $0["label"]?.stringValue == label })
        #expect(item["documentation"] == nil)
        let resolved = h.result("completionItem/resolve", item)
        #expect(resolved["documentation"]?.stringValue == documentation)
        #expect(resolved["label"] == item["label"] && resolved["textEdit"] == item["textEdit"], "the rest as sent")
    }

    @Test func resolveOfAWordGoneSinceSaysNothing() {
        let (h, list) = Self.complete(": hyp ( a b -- c ) a b + ;\nhy|")
        var item = list["items"]?.arrayValue?.first { $0["label"] == "hyp" }?.objectValue ?? [:]
        item["data"] = ["uri": "file:///t.rpn", "word": 0, "name": "other"]
        #expect(h.result("completionItem/resolve", .object(item))["documentation"] == nil)
        #expect(h.request("completionItem/resolve", ["data": 1])["error"]?["code"] == -32602, "no label: not an item")
    }

    static let snippets: JSONValue = ["textDocument": ["completion": ["completionItem": ["snippetSupport": true]]]]

    /// (document with the cursor, the snippets offered to a client that takes them, the line
    /// once the first is chosen, as the snippet's text).
    static let snippetCases: [(String, [String], String?)] = [
        ("1 |", [": NAME ( -- ) ;", "if … then", "for … next", "begin … until"], "1 : ${1:NAME} ( $2 -- $3 ) $0 ;"),
        ("1 0 > i|", ["if … then"], "1 0 > if $0 then"),
        ("1 3 F|", ["for … next"], "1 3 for ${1:i} $0 next"),
        ("be|", ["begin … until"], "begin $0 until"),
        (":|", [": NAME ( -- ) ;"], ": ${1:NAME} ( $2 -- $3 ) $0 ;"),   // replaces the `:`
        ("1 x|", [], nil),
        ("# i|", [], nil),
    ]

    @Test(arguments: snippetCases)
    func snippetsForClientsThatTakeThem(_ marked: String, _ offered: [String], _ chosen: String?) {
        let (_, list) = Self.complete(marked, capabilities: Self.snippets)
        let items = (list["items"]?.arrayValue ?? []).filter { $0["kind"] == 15 }
        #expect(items.compactMap { $0["label"]?.stringValue } == offered)
        for item in items { #expect(item["insertTextFormat"] == 2) }
        if let first = items.first, let chosen {
            let text = splitAtCursor(marked).before + splitAtCursor(marked).after
            #expect(ClientText.applying([first["textEdit"] ?? nil], to: text, encoding: "utf-16") == chosen)
        }
        // Without snippetSupport: none, and after `:` nothing at all (a new name follows).
        let (_, plain) = Self.complete(marked)
        #expect(!(plain["items"]?.arrayValue ?? []).contains { $0["kind"] == 15 || $0["insertTextFormat"] != nil })
        if marked == ":|" { #expect(Self.labels(plain) == []) }
    }
}
