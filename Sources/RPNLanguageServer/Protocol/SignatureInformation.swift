import RPNJSON

/// LSP `SignatureInformation`: a word with its stack effect (`hyp ( a b -- c )`), what it
/// does, and its inputs.
struct SignatureInformation: JSONConvertible {
    var label: String
    var documentation: MarkupContent?
    var format: MarkupKind
    var parameters: [ParameterInformation]

    var json: JSONValue {
        var object: JSONObject = ["label": .string(label), "parameters": parameters.json]
        if let documentation { object["documentation"] = documentation.json(format) }
        return .object(object)
    }
}
