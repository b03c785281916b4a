import RPNCore
import RPNJSON

/// The answer to `rpn/evaluate` and `rpn/describe`: the stack's values (null: no value) and
/// description, the variables bound at the end, and the diagnostics.
struct RPNEvaluationResult: JSONConvertible {
    var values: [Number?]
    var description: String
    var variables: [(name: String, value: Number)]
    var diagnostics: [LSPDiagnostic]

    var json: JSONValue {
        ["values": .array(values.map(ValueJSON.number)),
         "exact": .array(values.map(ValueJSON.exact)),
         "inexact": .array(values.map(ValueJSON.inexact)),
         "description": .string(description),
         "variables": .object(JSONObject(variables.map { ($0.name, ValueJSON.number($0.value)) })),
         "diagnostics": diagnostics.json]
    }
}
