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
    /// Checked as `--set` checks them: a variable's name, a finite number.
    var variables: [(name: String, value: Number)] = []
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
                switch RPN.number(text, variables: variables) {
                case .success(let number): variables.append((name, number))
                case .failure(let why): throw .invalidParams("variables: the value of \(shown): \(why.text)")
                }
                continue
            }
            guard let number = value.doubleValue else {
                throw .invalidParams("variables: the value of \(shown) must be a number or RPN text")
            }
            guard number.isFinite else {
                throw .invalidParams("variables: the value of \(shown) must be finite")
            }
            // A JSON number is a double: whole ones are taken as the integers they spell.
            variables.append((name, number.rounded() == number && number.magnitude < 0x1p53
                ? Number.exactly(number) : .real(number)))
        }
        ascii = json?["ascii"]?.boolValue == true
    }
}
