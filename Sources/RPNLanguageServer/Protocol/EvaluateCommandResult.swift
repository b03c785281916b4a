import RPNCore
import RPNJSON

/// The answer to the `rpn.evaluate` command: `text` says the top entry's description and
/// value (or why it has none); `values` and `description` are the whole stack's;
/// `diagnostics` those of the evaluated part and of the top entry's expression, whose range
/// is `range`.
struct EvaluateCommandResult: JSONConvertible {
    var text: String
    var values: [Number?]
    var description: String
    var diagnostics: [LSPDiagnostic]
    var range: Range?

    var json: JSONValue {
        var object: JSONObject = ["text": .string(text), "values": .array(values.map(ValueJSON.number)),
                                  "exact": .array(values.map(ValueJSON.exact)),
                                  "inexact": .array(values.map(ValueJSON.inexact)),
                                  "description": .string(description), "diagnostics": diagnostics.json]
        if let range { object["range"] = range.json }
        return .object(object)
    }
}
