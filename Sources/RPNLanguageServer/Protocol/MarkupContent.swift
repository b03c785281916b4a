import RPNJSON

/// LSP `MarkupContent`: markdown when the client renders it, plain text otherwise.
struct MarkupContent {
    var markdown: String
    var plainText: String

    func json(markdownSupported: Bool) -> JSONValue {
        markdownSupported ? ["kind": "markdown", "value": .string(markdown)]
                          : ["kind": "plaintext", "value": .string(plainText)]
    }
}
