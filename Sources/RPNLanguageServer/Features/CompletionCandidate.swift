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
    /// use), so the nearest come first; in the language's group, the word table's order.
    var distance: Int
    /// The order found, which breaks ties.
    var order: Int

    static func ranked(_ a: CompletionCandidate, before b: CompletionCandidate) -> Bool {
        (a.group.rawValue, a.distance, a.order) < (b.group.rawValue, b.distance, b.order)
    }
}
