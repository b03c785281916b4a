import RPNJSON

/// LSP `TextDocumentContentChangeEvent`: `range` replaced with `text`, or (no range) the whole
/// text.
struct TextDocumentContentChangeEvent {
    var range: Range?
    var text: String

    init(range: Range?, text: String) {
        self.range = range
        self.text = text
    }

    init(json: JSONValue) throws(ResponseError) {
        guard let text = json["text"]?.stringValue else { throw .invalidParams("a content change needs text") }
        self.text = text
        if let range = json["range"], !range.isNull { self.range = try Range(json: range) }
    }
}
