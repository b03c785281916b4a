/// One thing completion could offer, before the list is ranked and cut: only the items kept
/// are written out (a variable's value formatted, a word's effect), 200 at most of tens of
/// thousands in a long program.
struct CompletionCandidate {
    enum Offer {
        /// A parameter or loop counter in scope.
        case local(ProgramCompletion.Local)
        /// A word of one's own defined before the cursor.
        case word(ProgramCompletion.Word)
        case variable(String)
        /// A store with nothing typed yet (`→M`, `->M`), or after a `-` (`->M`): the arrow
        /// and the name.
        case store(arrow: String, name: String)
        /// The name after an arrow typed already.
        case storeName(String)
        case builtin(BuiltinCompletion, filterText: String?)
        case snippet(CompletionSnippet)
    }

    /// The groups in the order they are offered: what the definition or loop at the cursor
    /// declares, the program's words and variables, the language's words (its snippets first),
    /// then stores.
    enum Group: Int {
        case local, program, language, store
    }

    var offer: Offer
    var group: Group
    /// Bytes from the cursor to the nearest definition (for a variable: its nearest store or
    /// use), so the nearest come first; in the language's group, the word table's order (a
    /// snippet before the words).
    var distance: Int

    /// What breaks a tie: the name (two variables as far from the cursor, one before it and
    /// one after), then the arrow (`→M` before `->M`), so that one document gives one list.
    var tieBreak: (String, Int) {
        switch offer {
        case .local(let local): (local.name, 0)
        case .word(let word): (word.name, 0)
        case .variable(let name), .storeName(let name): (name, 0)
        case .store(let arrow, let name): (name, arrow == "→" ? 0 : 1)
        case .builtin(let word, _): (word.spelling, 0)
        case .snippet(let snippet): (snippet.label, 0)
        }
    }

    static func ranked(_ a: CompletionCandidate, before b: CompletionCandidate) -> Bool {
        if a.group != b.group { return a.group.rawValue < b.group.rawValue }
        if a.distance != b.distance { return a.distance < b.distance }
        return a.tieBreak < b.tieBreak
    }
}
