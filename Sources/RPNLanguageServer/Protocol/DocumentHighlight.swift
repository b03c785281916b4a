import RPNJSON

/// LSP `DocumentHighlight`: an occurrence of the symbol under the cursor, read or written.
struct DocumentHighlight: JSONConvertible {
    var range: Range
    /// `DocumentHighlightKind`.
    var kind: Int

    var json: JSONValue { ["range": range.json, "kind": .int(kind)] }
}
