import RPNCore
import RPNJSON

extension LanguageServer {
    func registerRename() {
        on("textDocument/prepareRename") { [unowned self] params throws(ResponseError) in
            let (document, offset) = try documentPosition(params)
            guard let occurrence = document.analysis.occurrence(at: offset) else { return .null }
            return ["range": document.range(of: occurrence.range, encoding: encoding).json,
                    "placeholder": .string(occurrence.name)]
        }
        on("textDocument/rename") { [unowned self] params throws(ResponseError) in
            let (document, offset) = try documentPosition(params)
            guard let newName = params?["newName"]?.stringValue else { throw .invalidParams("expected newName") }
            guard let occurrence = document.analysis.occurrence(at: offset) else {
                throw ResponseError(ResponseError.requestFailed, "only variables can be renamed")
            }
            if let word = Builtin.named(newName) {
                throw ResponseError(ResponseError.requestFailed, "'\(newName)' is the built-in word \(word.spellings.last!)")
            }
            guard RPN.isVariableName(newName) else {
                throw ResponseError(ResponseError.requestFailed, "'\(newName)' is not a variable name")
            }
            let edits = document.analysis.occurrences.filter { $0.name == occurrence.name }.map {
                TextEdit(range: document.range(of: $0.range, encoding: encoding), newText: newName).json
            }
            return ["changes": .object(JSONObject([(document.uri, .array(edits))]))]
        }
    }
}
