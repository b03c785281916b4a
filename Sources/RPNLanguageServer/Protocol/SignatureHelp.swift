import RPNJSON

/// LSP `SignatureHelp`: the one signature of the word called, and the input being filled.
struct SignatureHelp: JSONConvertible {
    var signature: SignatureInformation
    var activeParameter: Int

    var json: JSONValue {
        ["signatures": [signature.json], "activeSignature": 0, "activeParameter": .int(activeParameter)]
    }
}
