import RPNJSON

/// LSP `InlayHint` with a plain label: a result or an effect set apart from the text before
/// it, or a parameter's name (`kind` Parameter) set apart from the operand after it.
struct InlayHint: JSONConvertible {
    var position: Position
    var label: String
    /// `InlayHintKind` (nil: none said).
    var kind: Int?
    var paddingLeft = true
    var paddingRight = false

    var json: JSONValue {
        var object: JSONObject = ["position": position.json, "label": .string(label)]
        if let kind { object["kind"] = .int(kind) }
        if paddingLeft { object["paddingLeft"] = true }
        if paddingRight { object["paddingRight"] = true }
        return .object(object)
    }
}
