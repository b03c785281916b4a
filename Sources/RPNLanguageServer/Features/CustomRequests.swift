import RPNCore
import RPNJSON

/// `rpn/evaluate` and `rpn/describe`: params `{textDocument, position?, variables?}` (the
/// document up to the position, the token there whole, or all of it) or `{text, variables?}`; with `ascii: true` the
/// description uses ASCII. The result: `{values, description, variables, diagnostics}`.
/// `rpn/evaluate` treats unset variables as errors, as `rpn -e` does; `rpn/describe` treats
/// them as free, as the editor does.
extension LanguageServer {
    func registerCustomRequests() {
        on("rpn/evaluate") { [unowned self] params throws(ResponseError) in try evaluate(params, freeVariables: false) }
        on("rpn/describe") { [unowned self] params throws(ResponseError) in try evaluate(params, freeVariables: true) }
    }

    func evaluate(_ params: JSONValue?, freeVariables: Bool) throws(ResponseError) -> JSONValue {
        let bytes: [UInt8]
        let name: String
        if let text = params?["text"]?.stringValue {
            bytes = Array(text.utf8)
            name = "<text>"
        } else {
            let document = try document(params)
            var end = document.bytes.count
            if let position = params?["position"], !position.isNull {
                end = document.offset(of: try Position(json: position), encoding: encoding)
                // Never half a token (`12|3`, `sq|rt`): the token under the position is in.
                if let index = document.analysis.tokenIndex(at: end),
                   document.analysis.tokens[index].range.lowerBound < end {
                    end = document.analysis.tokens[index].range.upperBound
                }
            }
            bytes = Array(document.bytes[..<end])
            name = document.uri
        }
        // Checked as `--set` checks them: a variable's name, a finite number.
        var variables: [(String, Double)] = []
        let given = params?["variables"]
        if let given, !given.isNull, given.objectValue == nil {
            throw .invalidParams("variables must be an object {NAME: number}")
        }
        for (name, value) in given?.objectValue ?? JSONObject() {
            let shown = TerminalText.quoted(name)
            guard RPN.isVariableName(name) else {
                throw .invalidParams("variables: \(shown) is not a variable name")
            }
            guard let number = value.doubleValue else {
                throw .invalidParams("variables: the value of \(shown) must be a number")
            }
            guard number.isFinite else {
                throw .invalidParams("variables: the value of \(shown) must be finite")
            }
            variables.append((name, number))
        }
        let source = SourceFile(name: name, bytes: bytes)
        let style = DescriptionStyle(glyphs: params?["ascii"]?.boolValue == true ? .ascii : .unicode)
        let result = RPN.evaluate([source], options: EvaluationOptions(angleUnit: configuration.angleUnit,
                                                                         freeVariables: freeVariables),
                                  variables: variables, style: style)
        let scratch = Document(uri: name, version: 0, text: String(decoding: bytes, as: UTF8.self))
        return [
            "values": .array(result.values.map { $0.map(JSONValue.double) ?? .null }),
            "description": .string(result.description ?? ""),
            "variables": .object(JSONObject(result.machine.variables.bound.map { ($0.name, .double($0.value)) })),
            "diagnostics": .array(lspDiagnostics(result.diagnostics, in: scratch)),
        ]
    }
}
