import RPNCore
import RPNJSON

/// The semantic token legend and how token kinds map onto it, beside the TextMate scopes of
/// grammar/rpn.tmLanguage.json (the same distinctions, in LSP's standard vocabulary):
///
/// | kind      | TextMate scope                  | semantic type + modifiers   |
/// |-----------|---------------------------------|-----------------------------|
/// | number    | constant.numeric.rpn            | number                      |
/// | operator  | keyword.operator.arithmetic.rpn | operator                    |
/// | function  | support.function.rpn            | function + defaultLibrary   |
/// | constant  | constant.language.rpn           | variable + readonly, defaultLibrary |
/// | stackWord | keyword.control.stack.rpn       | keyword                     |
/// | variable  | variable.other.rpn              | variable                    |
/// | directive | keyword.other.directive.rpn     | keyword + defaultLibrary    |
/// | store     | storage.type.store.rpn          | variable + declaration      |
/// | comment   | comment.line.number-sign.rpn    | comment                     |
/// | invalid   | invalid.illegal.rpn             | (none: the diagnostic shows it) |
public enum SemanticTokenLegend {
    public static let types = ["number", "operator", "function", "variable", "keyword", "comment"]
    public static let modifiers = ["declaration", "readonly", "defaultLibrary"]

    /// (type index, modifier bits) of a token kind, nil for no semantic token.
    public static func encode(_ kind: TokenKind) -> (type: Int, modifiers: Int)? {
        switch kind {
        case .number: (0, 0)
        case .operator: (1, 0)
        case .function: (2, 4)
        case .constant: (3, 2 | 4)
        case .stackWord: (4, 0)
        case .directive: (4, 4)
        case .variable: (3, 0)
        case .store: (3, 1)
        case .comment: (5, 0)
        case .invalid: nil
        }
    }
}

extension LanguageServer {
    func registerSemanticTokens() {
        on("textDocument/semanticTokens/full") { [unowned self] params throws(ResponseError) in
            let document = try document(params)
            var sweep = PositionSweep(bytes: document.bytes, encoding: encoding)
            var data: [JSONValue] = []
            data.reserveCapacity(document.analysis.tokens.count * 5)
            var previous = Position(line: 0, character: 0)
            for token in document.analysis.tokens {
                guard let (type, modifiers) = SemanticTokenLegend.encode(token.kind) else { continue }
                let start = sweep.position(of: token.range.lowerBound)
                let end = sweep.position(of: token.range.upperBound)
                let deltaLine = start.line - previous.line
                let deltaStart = deltaLine == 0 ? start.character - previous.character : start.character
                data += [.int(deltaLine), .int(deltaStart), .int(end.character - start.character), .int(type), .int(modifiers)]
                previous = start
            }
            return ["data": .array(data)]
        }
    }
}
