extension Compiler {
    /// Why `name` cannot name a parameter, said so that the user knows what to change: a
    /// built-in's name (`e` is the constant e, which the body could no longer mean), a keyword,
    /// a number, or text that is no variable name at all.
    static func parameterNameProblem(_ name: String) -> String {
        let shown = TerminalText.quoted(name)
        let tokens = RPN.tokenize(name)
        let whole = tokens.count == 1 && tokens[0].range == 0..<name.utf8.count
        let another = "choose another name"
        if whole, tokens[0].kind == .keyword {
            return "a parameter cannot be named \(shown): it is a keyword of programs; \(another)"
        }
        if whole, let builtin = tokens[0].builtin, tokens[0].kind != .number {
            let word = Builtin[builtin]
            // A constant's value, from its summary ("Euler's number e = 2.71828…").
            let summary = word.summary.hasSuffix(".") ? word.summary.dropLast() : Substring(word.summary)
            let value = word.kind == .constant ? summary.firstIndex(of: "=").map { " " + summary[$0...] } ?? "" : ""
            return "a parameter cannot be named \(shown): it is the built-in \(word.kind.noun) \(word.glyph)\(value), "
                + "which the word's body could then not use; \(another)"
        }
        if whole, tokens[0].kind == .number {
            return "a parameter cannot be named \(shown): it is a number; a name starts with a letter"
        }
        return "a parameter's name follows the rules of variable names (a letter, then letters, digits or _): "
            + "\(shown) is not one"
    }
}
