import RPNCore
import RPNJSON

extension LanguageServer {
    func registerCodeActions() {
        on("textDocument/codeAction") { [unowned self] params throws(ResponseError) in
            let document = try document(params)
            let range = try Range(json: params?["range"])
            var actions: [JSONValue] = []
            // Quick fixes for did-you-mean diagnostics.
            for diagnostic in params?["context"]?["diagnostics"]?.arrayValue ?? [] {
                guard let replacement = diagnostic["data"]?["replacement"]?.stringValue,
                      let rangeJSON = diagnostic["range"] else { continue }
                let fixRange = try Range(json: rangeJSON)
                let old = document.text(in: fixRange, encoding: encoding)
                actions.append([
                    "title": .string("Replace '\(old)' with '\(replacement)'"),
                    "kind": "quickfix",
                    "diagnostics": [diagnostic],
                    "isPreferred": true,
                    "edit": ["changes": .object(JSONObject([(document.uri, [TextEdit(range: fixRange, newText: replacement).json])]))],
                ])
            }
            // "Show as infix": the line's result as a comment.
            let analysis = document.analysis
            var edits: [JSONValue] = []
            let lastLine = min(max(range.start.line, range.end.line), document.lineIndex.lineCount - 1)
            for line in min(range.start.line, lastLine + 1)..<(lastLine + 1) {
                let bytes = document.lineIndex.lineRange(line, in: document.bytes)
                // The line's last token: the one before the first token of the next line.
                let index = analysis.tokenIndex(atOrAfter: bytes.upperBound) - 1
                guard index >= 0, bytes.contains(analysis.tokens[index].range.lowerBound),
                      analysis.tokens[index].kind != .comment, analysis.tops[index] >= 0 else { continue }
                let end = document.position(of: bytes.upperBound, encoding: encoding)
                edits.append(TextEdit(range: Range(start: end, end: end),
                                      newText: " # " + analysis.description(of: analysis.tops[index], limit: 400)).json)
            }
            if !edits.isEmpty {
                actions.append(["title": "Show as infix", "kind": "refactor.rewrite",
                                "edit": ["changes": .object(JSONObject([(document.uri, .array(edits))]))]])
            }
            return .array(actions)
        }
    }
}

extension Document {
    func text(in range: Range, encoding: PositionEncoding) -> String {
        let lower = offset(of: range.start, encoding: encoding), upper = offset(of: range.end, encoding: encoding)
        return String(decoding: bytes[min(lower, upper)..<max(lower, upper)], as: UTF8.self)
    }
}
