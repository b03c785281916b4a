import RPNCore
import RPNJSON

extension LanguageServer {
    func registerCompletion() {
        on("textDocument/completion") { [unowned self] params throws(ResponseError) in
            let document = try document(params)
            let analysis = document.analysis
            var items = Self.builtinCompletions
            for name in analysis.variableNames {
                var detail = "variable"
                if case .value(let v) = analysis.variables[name] { detail = "= " + NumberFormatting.ascii(v) }
                items.append(["label": .string(name), "kind": .int(CompletionItemKind.variable), "detail": .string(detail)])
                for arrow in ["→", "->"] {
                    items.append(["label": .string(arrow + name), "kind": .int(CompletionItemKind.variable),
                                  "detail": .string("store the top of the stack into \(name)")])
                }
            }
            return ["isIncomplete": false, "items": .array(items)]
        }
    }

    /// Every spelling of every word, glyphs filtered by their names (`sq` offers `√` too).
    static let builtinCompletions: [JSONValue] = Builtin.all.flatMap { word -> [JSONValue] in
        let kind: Int = switch word.kind {
        case .binaryOperator: CompletionItemKind.operator
        case .function: CompletionItemKind.function
        case .constant: CompletionItemKind.constant
        case .stackWord: CompletionItemKind.keyword
        }
        let name = word.spellings.first { $0.unicodeScalars.allSatisfy { $0.properties.isAlphabetic } } ?? word.spellings[0]
        return word.spellings.map { spelling in
            var item: JSONObject = ["label": .string(spelling), "kind": .int(kind), "detail": .string(word.stackEffect),
                                    "documentation": ["kind": "markdown",
                                                      "value": .string("**\(spelling)** `\(word.stackEffect)`  \n\(word.summary)")]]
            if spelling != name { item["filterText"] = .string(name) }
            return .object(item)
        }
    }
}
