import RPNCore
import RPNJSON

extension LanguageServer {
    func registerRename() {
        on(PrepareRenameRequest.self) { [unowned self] request throws(ResponseError) in
            let (document, offset) = try documentPosition(request)
            guard let occurrence = document.analysis.occurrence(at: offset) else { return nil }
            return PrepareRenameResult(range: document.range(of: occurrence.range, encoding: encoding),
                                       placeholder: occurrence.name)
        }
        on(RenameRequest.self) { [unowned self] request throws(ResponseError) in
            let (document, offset) = try documentPosition(request)
            let newName = request.newName
            let analysis = document.analysis
            guard let occurrence = analysis.occurrence(at: offset) else {
                throw ResponseError(ResponseError.requestFailed, "only variables can be renamed")
            }
            if let why = Self.whyNotRename(occurrence.name, to: newName, in: analysis) {
                throw ResponseError(ResponseError.requestFailed, why)
            }
            let edits = analysis.occurrences.filter { $0.name == occurrence.name }.map {
                TextEdit(range: document.range(of: $0.range, encoding: encoding), newText: newName)
            }
            return WorkspaceEdit(uri: document.uri, edits: edits)
        }
    }

    /// Why `name` cannot become `newName`, nil when it can: a rename must leave the program
    /// meaning what it meant, so the new name must be a variable name the document does not
    /// use yet (renaming M to N in `2 →M 3 →N M N +` would make 5 into 6).
    static func whyNotRename(_ name: String, to newName: String, in analysis: DocumentAnalysis) -> String? {
        let shown = TerminalText.quoted(newName)
        // Words in any case (`SIN`), constants as written (`e`, `pi`; `E` is a variable), glyphs.
        if let word = Builtin.named(newName) ?? Builtin.all.first(where: { $0.spellings.contains(newName) }) {
            let spelling = word.spellings.last { $0.first?.isLetter == true && $0.first?.isASCII == true } ?? word.glyph
            return "\(shown) is the built-in word \(spelling): a variable cannot be named so"
        }
        guard RPN.isVariableName(newName) else {
            return "\(shown) is not a variable name: a name is letters, digits and _, not starting with a digit"
        }
        if newName != name, analysis.occurrences.contains(where: { $0.name == newName }) {
            return "\(shown) is already a variable of this document: renaming \(TerminalText.quoted(name)) to it "
                + "would merge the two"
        }
        return nil
    }
}
