import RPNCore
import RPNJSON

/// Renaming a variable (its stores and uses), a word of one's own (its definition and calls,
/// in every file that sees the definition) or a parameter or loop counter (its declaration and
/// uses).
extension LanguageServer {
    func registerRename() {
        on(PrepareRenameRequest.self) { [unowned self] request throws(ResponseError) in
            let (document, offset) = try documentPosition(request)
            let analysis = document.analysis
            if let symbol = analysis.symbol(at: offset) {
                return PrepareRenameResult(range: document.range(of: symbol.range, encoding: encoding),
                                           placeholder: analysis.name(of: symbol))
            }
            guard let occurrence = analysis.occurrence(at: offset) else { return nil }
            return PrepareRenameResult(range: document.range(of: occurrence.range, encoding: encoding),
                                       placeholder: occurrence.name)
        }
        on(RenameRequest.self) { [unowned self] request throws(ResponseError) in
            let (document, offset) = try documentPosition(request)
            let newName = request.newName
            let analysis = document.analysis
            let renamed: [Swift.Range<Int>]
            if let symbol = analysis.symbol(at: offset) {
                if let word = wordKey(symbol, in: document) {
                    return try rename(word, named: analysis.name(of: symbol), to: newName, from: document)
                }
                if let why = Self.whyNotRename(symbol, to: newName, in: analysis) {
                    throw ResponseError(ResponseError.requestFailed, why)
                }
                renamed = analysis.occurrences(of: symbol).map(\.range)
            } else if let occurrence = analysis.occurrence(at: offset) {
                if let why = Self.whyNotRename(occurrence.name, to: newName, in: analysis) {
                    throw ResponseError(ResponseError.requestFailed, why)
                }
                renamed = analysis.occurrences.filter { $0.name == occurrence.name }.map(\.range)
            } else {
                throw ResponseError(ResponseError.requestFailed,
                                    "only variables, words of one's own and their parameters can be renamed")
            }
            return workspaceEdit(document, renamed.map {
                TextEdit(range: document.range(of: $0, encoding: encoding), newText: newName)
            })
        }
    }

    /// Why a variable `name` cannot become `newName`, nil when it can: a rename must leave the
    /// program meaning what it meant, so the new name must be a variable name the document does
    /// not use yet (renaming M to N in `2 →M 3 →N M N +` would make 5 into 6; renaming it to a
    /// word's name would make its reads calls).
    static func whyNotRename(_ name: String, to newName: String, in analysis: DocumentAnalysis) -> String? {
        if let why = whyNotAName(newName, for: "variable") { return why }
        if newName != name, analysis.namesUsed(in: nil).contains(newName) {
            return "\(TerminalText.quoted(newName)) is already a name in this document: renaming "
                + "\(TerminalText.quoted(name)) to it would merge the two"
        }
        return nil
    }

    /// A word renamed in every file that sees its definition (`files(seeing:)`): the file
    /// defining it, open documents as the client has them (their edits naming their versions
    /// where the client can check them) and closed files as on the disk. The new name must be
    /// new to each file the rename touches, with what it includes (a variable of that name
    /// would become a call, another word of that name would be merged with it); the document
    /// the rename was asked in is checked first.
    private func rename(_ word: WordKey, named name: String, to newName: String,
                        from document: Document) throws(ResponseError) -> WorkspaceEdit {
        if let why = Self.whyNotAName(newName, for: "word") { throw ResponseError(ResponseError.requestFailed, why) }
        let touched = try files(seeing: word).map { ($0, $0.words.occurrences(of: word)) }.filter { !$0.1.isEmpty }
        let here = touched.filter { $0.0.uri == document.uri }, elsewhere = touched.filter { $0.0.uri != document.uri }
        if newName != name, let (file, _) = (here + elsewhere).first(where: { $0.0.words.names.contains(newName) }) {
            let place = file.uri == document.uri ? "this document" : TerminalText.shown(file.name)
            throw ResponseError(ResponseError.requestFailed, "\(TerminalText.quoted(newName)) is already a name in \(place): "
                                + "renaming \(TerminalText.quoted(name)) to it would merge the two")
        }
        let versioned = clientCapabilities.versionedEdits
        return WorkspaceEdit(versioned: versioned, documents: touched.map { file, occurrences in
            WorkspaceEdit.DocumentEdits(uri: file.uri, version: file.version,
                                        edits: occurrences.map { TextEdit(range: file.range($0.range), newText: newName) })
        })
    }

    /// Why the parameter or loop counter of `occurrence` cannot be renamed `newName`, nil when
    /// it can: the name must be new to the definition or block it lives in (another local or a
    /// word called there would be hidden by it, or hide it).
    static func whyNotRename(_ occurrence: SymbolOccurrence, to newName: String, in analysis: DocumentAnalysis) -> String? {
        let name = analysis.name(of: occurrence)
        let noun = occurrence.kind == .parameterDeclaration || occurrence.kind == .parameterUse ? "parameter" : "loop counter"
        if let why = whyNotAName(newName, for: noun) { return why }
        guard newName != name else { return nil }
        var scope: Swift.Range<Int>?
        var place = "this document"
        if occurrence.word >= 0 {
            let word = analysis.words[Int(occurrence.word)]
            scope = word.range
            place = word.name
        } else if let region = analysis.region(around: occurrence.range.lowerBound) {
            scope = region.bytes
            place = "this loop"
        }
        guard analysis.namesUsed(in: scope).contains(newName) else { return nil }
        return "\(TerminalText.quoted(newName)) is already a name in \(place): renaming \(TerminalText.quoted(name)) "
            + "to it would merge the two"
    }

    /// Why `newName` is no name for a `noun` (`variable`, `word`, …), nil when it is one.
    private static func whyNotAName(_ newName: String, for noun: String) -> String? {
        let shown = TerminalText.quoted(newName)
        // Words in any case (`SIN`, `IF`), constants as written (`e`, `pi`; `E` is a variable), glyphs.
        if let word = Builtin.named(newName) ?? Builtin.all.first(where: { $0.spellings.contains(newName) }) {
            let spelling = word.spellings.last { $0.first?.isLetter == true && $0.first?.isASCII == true } ?? word.glyph
            return "\(shown) is the built-in \(word.kind == .keyword ? "keyword" : "word") \(spelling): a \(noun) cannot be named so"
        }
        guard RPN.isVariableName(newName) else {
            return "\(shown) is not a \(noun) name: a name is letters, digits and _, not starting with a digit, and may end in ?"
        }
        return nil
    }
}

extension DocumentAnalysis {
    /// The names of variables (stores and reads) and of words, parameters and loop counters
    /// in `range` (nil: the whole document).
    func namesUsed(in range: Swift.Range<Int>?) -> Set<String> {
        var names = Set<String>()
        for occurrence in occurrences where range?.contains(occurrence.range.lowerBound) ?? true {
            names.insert(occurrence.name)
        }
        for symbol in range.map({ symbols(in: $0) }) ?? symbols[...] { names.insert(name(of: symbol)) }
        return names
    }
}
