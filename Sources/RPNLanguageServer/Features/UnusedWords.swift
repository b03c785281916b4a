import RPNCore

extension DocumentAnalysis {
    /// `unused-word`: a word of one's own defined but never called, at its name. A call from
    /// its own body does not count (a recursive word nothing else calls is never run); a call
    /// from another word does, even when that word is unused too (its hint says so). A word
    /// defined again is a word of its own: calls after the new definition are not its. A word
    /// whose body has errors gets none: the errors are what to see while typing it.
    func unusedWordLints() -> [Lint] {
        let words = self.words
        guard !words.isEmpty else { return [] }
        var called = [Bool](repeating: false, count: words.count)
        for symbol in symbols where symbol.kind == .wordUse && symbol.word != symbol.symbol {
            called[Int(symbol.symbol)] = true
        }
        // Words of the included files are not the document's to clean up.
        return words.indices.filter { !called[$0] && words[$0].effect != nil && isInDocument(words[$0].range.lowerBound) }
            .map { index in
            Lint(code: .unusedWord, severity: DiagnosticSeverity.hint, range: words[index].nameRange,
                 message: "'\(words[index].name)' is defined but never called")
        }
    }
}
