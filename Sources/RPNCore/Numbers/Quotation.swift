/// Code kept as a value (issue 19): `[ dup × ]`, compiled as a body of its own without a name
/// (`Compiler.quotations`), or `' NAME`, a word of one's own or a built-in word. What `map`,
/// `filter`, `fold`, `times` and `call` run; printed as it was written.
public struct Quotation: Sendable, Hashable {
    public enum Code: Sendable, Hashable {
        /// `[ … ]`: an index into the machine's compiled quotations.
        case body(Int32)
        /// `' NAME` of a word of one's own: an index into the machine's words.
        case word(Int32)
        /// `' sq`: a built-in function or operator.
        case builtin(BuiltinID)
    }

    public let code: Code
    /// The text as written (`[ dup × ]`, on one line), or `' NAME`.
    public let text: String

    public init(_ code: Code, text: String) {
        self.code = code
        self.text = text
    }

    public init(builtin: BuiltinID) {
        code = .builtin(builtin)
        text = "' \(Builtin[builtin].glyph)"
    }

    public var builtin: BuiltinID? {
        if case .builtin(let op) = code { return op }
        return nil
    }
}
