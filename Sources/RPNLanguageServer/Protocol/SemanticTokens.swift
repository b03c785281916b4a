import RPNJSON

/// LSP `SemanticTokens`: five numbers per token, relative to the token before (see
/// `SemanticTokenEncoder`), and the id a later `full/delta` request refers to.
struct SemanticTokens: JSONConvertible {
    var resultID: String?
    var data: SemanticTokenData

    var json: JSONValue {
        guard let resultID else { return ["data": data.json] }
        return ["resultId": .string(resultID), "data": data.json]
    }
}
