import RPNJSON

/// LSP `CodeActionContext`: the diagnostics the actions should fix, and the kinds asked for.
struct CodeActionContext {
    /// A diagnostic as the client sends it back: its code and range, which select one of the
    /// server's own diagnostics (QuickFixes; nothing else of it is trusted), and the whole of
    /// it, to echo in the fixes for it (clients match them by equality).
    struct ClientDiagnostic {
        var range: Range?
        var code: String?
        var json: JSONValue

        init(json: JSONValue) throws(ResponseError) {
            if let range = json["range"] { self.range = try Range(json: range) }
            code = json["code"]?.stringValue
            self.json = json
        }
    }

    var diagnostics: [ClientDiagnostic] = []
    /// `only`: the kinds asked for (nil: every kind).
    var only: [String]?

    init(json: JSONValue?) throws(ResponseError) {
        for diagnostic in json?["diagnostics"]?.arrayValue ?? [] {
            diagnostics.append(try ClientDiagnostic(json: diagnostic))
        }
        only = json?["only"]?.arrayValue?.compactMap(\.stringValue)
    }
}
