import RPNJSON

/// LSP `SemanticTokensDelta`: the edits that turn the tokens of the previous result into the
/// new ones.
struct SemanticTokensDelta: JSONConvertible {
    /// LSP `SemanticTokensEdit`: `deleteCount` numbers at `start` replaced with `data`.
    struct Edit: JSONConvertible {
        var start: Int
        var deleteCount: Int
        var data: SemanticTokenData

        var json: JSONValue {
            ["start": .int(start), "deleteCount": .int(deleteCount), "data": data.json]
        }
    }

    var resultID: String
    var edits: [Edit]

    var json: JSONValue { ["resultId": .string(resultID), "edits": edits.json] }
}

/// The answer to `full/delta`: the edits, or all the tokens when the previous result is not
/// known (any more).
enum SemanticTokensDeltaResult: JSONConvertible {
    case tokens(SemanticTokens)
    case delta(SemanticTokensDelta)

    var json: JSONValue {
        switch self {
        case .tokens(let tokens): tokens.json
        case .delta(let delta): delta.json
        }
    }
}
