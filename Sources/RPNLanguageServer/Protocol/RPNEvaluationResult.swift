import RPNJSON

/// The answer to `rpn/evaluate` and `rpn/describe`: the stack's values (null: no value) and
/// description, the variables bound at the end, and the diagnostics.
struct RPNEvaluationResult: JSONConvertible {
    var values: [Double?]
    var description: String
    var variables: [(name: String, value: Double)]
    var diagnostics: [LSPDiagnostic]

    var json: JSONValue {
        ["values": .array(values.map { $0.map(JSONValue.double) ?? .null }),
         "description": .string(description),
         "variables": .object(JSONObject(variables.map { ($0.name, .double($0.value)) })),
         "diagnostics": diagnostics.json]
    }
}
