import RPNJSON

/// LSP `CallHierarchyItem`: a word of one's own (kind Function), or the top level of a file
/// that calls one (kind File). `data` carries where the word's name starts in the item's file,
/// in bytes (-1: the top level), which the incoming and outgoing calls requests read back: with
/// the file, the word (`WordKey`), whichever file the calls are in.
struct CallHierarchyItem: JSONConvertible {
    static let topLevel: Int32 = -1

    var name: String
    /// `SymbolKind`: 12 Function, 1 File.
    var kind: Int
    var detail: String?
    var uri: String
    /// The whole definition (`: … ;`), or the whole file for the top level.
    var range: Range
    /// The name after `:`, or where the top level's first call is.
    var selectionRange: Range
    var word: Int32

    init(name: String, kind: Int, detail: String?, uri: String, range: Range, selectionRange: Range, word: Int32) {
        self.name = name
        self.kind = kind
        self.detail = detail
        self.uri = uri
        self.range = range
        self.selectionRange = selectionRange
        self.word = word
    }

    /// The item a client sends back in `callHierarchy/incomingCalls` and `outgoingCalls`.
    init(json: JSONValue?) throws(ResponseError) {
        guard let item = json, let name = item["name"]?.stringValue, let uri = item["uri"]?.stringValue,
              let word = item["data"]?["word"]?.intValue, word >= Int(Self.topLevel), word <= Int(Int32.max) else {
            throw .invalidParams("expected a call hierarchy item of this server (name, uri, data.word)")
        }
        self.name = name
        self.kind = item["kind"]?.intValue ?? 12
        self.detail = item["detail"]?.stringValue
        self.uri = uri
        self.range = try Range(json: item["range"])
        self.selectionRange = try Range(json: item["selectionRange"])
        self.word = Int32(word)
    }

    var json: JSONValue {
        var object: JSONObject = ["name": .string(name), "kind": .int(kind), "uri": .string(uri), "range": range.json,
                                  "selectionRange": selectionRange.json, "data": ["word": .int(Int(word))]]
        if let detail { object["detail"] = .string(detail) }
        return .object(object)
    }
}
