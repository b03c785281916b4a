import RPNCore
import RPNJSON

/// The params of `rpn/evaluate` and `rpn/describe`: `{textDocument, position?}` (the document
/// up to the position, the token there whole, or all of it) or `{text}`; `variables`
/// (`{NAME: number or "exact text"}`: `"1/3"` and `"2^100"`-sized integers as strings, in RPN
/// as `--set` takes them: `"1 3 ÷"`) and `ascii` (the description in ASCII) with either.
struct RPNEvaluationParams {
    enum Source {
        case text(String)
        case document(TextDocumentIdentifier, upTo: Position?)
    }

    var source: Source
    /// A variable's value as given: a JSON number, or RPN text computed by `variables(...)`.
    enum GivenValue {
        case number(Double)
        case text(String)
    }

    /// Names checked, numbers checked finite; RPN text is computed by `variables(...)` with
    /// the server's settings.
    var givenVariables: [(name: String, value: GivenValue)] = []
    var ascii: Bool

    init(json: JSONValue?) throws(ResponseError) {
        if let text = json?["text"]?.stringValue {
            source = .text(text)
        } else {
            let document = try TextDocumentIdentifier(params: json)
            var position: Position?
            if let json = json?["position"], !json.isNull { position = try Position(json: json) }
            source = .document(document, upTo: position)
        }
        let given = json?["variables"]
        if let given, !given.isNull, given.objectValue == nil {
            throw .invalidParams("variables must be an object {NAME: number}")
        }
        for (name, value) in given?.objectValue ?? JSONObject() {
            let shown = TerminalText.quoted(name)
            guard RPN.isVariableName(name) else {
                throw .invalidParams("variables: \(shown) is not a variable name")
            }
            if let text = value.stringValue {
                givenVariables.append((name, .text(text)))
                continue
            }
            guard let number = value.doubleValue else {
                throw .invalidParams("variables: the value of \(shown) must be a number or RPN text")
            }
            guard number.isFinite else {
                throw .invalidParams("variables: the value of \(shown) must be finite")
            }
            givenVariables.append((name, .number(number)))
        }
        ascii = json?["ascii"]?.boolValue == true
    }

    /// The variables' values, in order (text may read the variables before it), computed as
    /// `--set` computes them (`RPN.number`): in the angle unit and the arithmetic (`exact`) of
    /// the settings, but within the editor's step budget.
    func variables(angleUnit: AngleUnit, exact: Bool, complex: Bool) throws(ResponseError) -> [(name: String, value: Number)] {
        var variables: [(name: String, value: Number)] = []
        for (name, given) in givenVariables {
            switch given {
            case .text(let text):
                let evaluation = RPN.evaluate(text, options: .editor(.value, angleUnit: angleUnit, exact: exact, complex: complex),
                                              variables: variables.map { ($0.name, $0.value) })
                guard !evaluation.hasErrors, evaluation.values.count == 1, let number = evaluation.values[0] else {
                    let why = evaluation.diagnostics.first?.message ?? "expected exactly one number"
                    throw .invalidParams("variables: the value of \(TerminalText.quoted(name)): \(why)")
                }
                variables.append((name, number))
            case .number(let number):
                // A JSON number is a double: whole ones are taken as the integers they spell.
                variables.append((name, exact && number.rounded() == number && number.magnitude < 0x1p53
                    ? Number.exactly(number) : .real(number)))
            }
        }
        return variables
    }
}
