/// Code kept as a value (issue 19): `[ dup × ]`, compiled as a word of its own without a name
/// (`word`, an index into the machine's words), or `' sq`, a built-in word (`builtin`). What
/// `map`, `filter`, `fold`, `times` and `call` run; printed as it was written.
public struct Quotation: Sendable, Hashable {
    /// The compiled body (`Machine.words`), or -1 for a built-in word.
    public let word: Int32
    public let builtin: BuiltinID?
    /// The text as written, `[ dup × ]`, with its layout made one line.
    public let text: String

    public init(word: Int32, text: String) {
        self.word = word
        builtin = nil
        self.text = text
    }

    public init(builtin: BuiltinID) {
        word = -1
        self.builtin = builtin
        text = "[ \(Builtin[builtin].glyph) ]"
    }
}
