import RPNCore
import RPNJSON

extension LanguageServer {
    func registerCompletion() {
        on("textDocument/completion") { [unowned self] params throws(ResponseError) in
            let document = try document(params)
            let analysis = document.analysis
            var items = markdownCompletion ? Self.markdownBuiltinCompletions : Self.plainBuiltinCompletions
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

    static let markdownBuiltinCompletions = builtinCompletions(markdown: true)
    static let plainBuiltinCompletions = builtinCompletions(markdown: false)

    /// Every spelling of every word, glyphs filtered by their names (`sq` offers `√` too);
    /// documentation in markdown only for clients that said they render it.
    static func builtinCompletions(markdown: Bool) -> [JSONValue] { Builtin.all.flatMap { word -> [JSONValue] in
        let kind: Int = switch word.kind {
        case .binaryOperator: CompletionItemKind.operator
        case .function: CompletionItemKind.function
        case .constant: CompletionItemKind.constant
        case .stackWord, .directive: CompletionItemKind.keyword
        }
        let name = word.spellings.first { $0.unicodeScalars.allSatisfy { $0.properties.isAlphabetic } } ?? word.spellings[0]
        return word.spellings.map { spelling in
            let documentation: JSONValue = markdown
                ? ["kind": "markdown", "value": .string("**\(spelling)** `\(word.stackEffect)`  \n\(word.summary)")]
                : .string("\(spelling) \(word.stackEffect)\n\(word.summary)")
            var item: JSONObject = ["label": .string(spelling), "kind": .int(kind), "detail": .string(word.stackEffect),
                                    "documentation": documentation]
            if spelling != name { item["filterText"] = .string(name) }
            return .object(item)
        }
    } }
}
