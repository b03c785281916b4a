/// Quotations (issue 19): `[ … ]` compiled as a word of its own without a name, whose effect
/// the checker infers as a definition's; `' NAME`, a word as a quotation.
///
/// Compiled quotations are kept apart from the words (`Compiler.quotations`): no name calls
/// them, the lists of one's own words (editors, `:words`, `--json`) never show them, and the
/// words stay in the order of their definitions. The array only grows: a quotation value
/// refers to its entry by index, and an editor's run that goes back to a checkpoint keeps
/// the entries a value of the previous run may still refer to.
extension Compiler {
    /// Quotations nest at most this deep (each level is compiled by a call of `compileBody`:
    /// the depth of that recursion is bounded, whatever the input).
    static let quotationNestingLimit = 64

    /// What `' NAME` quotes.
    enum Quoted {
        case builtin(BuiltinID)
        case word(Int32)
    }

    /// Compiles the tokens between `[` and `]` as a word; its index, or nil when it has errors
    /// (reported).
    mutating func compileQuotation(_ body: [Token], open: Token, close: Token, in enclosing: Int32,
                                   _ buffer: UnsafeBufferPointer<UInt8>,
                                   _ base: Int, variables: inout Variables, log: inout DiagnosticLog) -> Int32? {
        guard quotationNesting < Self.quotationNestingLimit else {
            log.report(.error, .invalidDefinition, "quotations nest at most \(Self.quotationNestingLimit) deep", open.range)
            return nil
        }
        quotationNesting += 1
        defer { quotationNesting -= 1 }
        let whole = open.range.lowerBound..<close.range.upperBound
        let text = Self.oneLine(buffer.text(whole, base: base))
        let compiled = compileBody(body, for: .definition(name: text, nameIndex: -1, nameRange: open.range, declared: nil,
                                                          effectRange: nil, index: enclosing),
                                   buffer, base, span: whole, copyingText: true, variables: &variables, log: &log)
        guard let program = compiled.program else { return nil }
        let effect = StackEffect(inputs: compiled.inputs, outputs: compiled.outputs, like: nil)
        let definition = WordDefinition(
            name: text, nameRange: open.range, range: whole, declaredEffect: nil, effect: effect, parameters: [],
            isFunction: compiled.outputs == 1 && !compiled.hasSideEffects, isRecursive: false,
            hasSideEffects: compiled.hasSideEffects, dependencies: compiled.dependencies, program: program)
        quotations.append(definition)
        return Int32(quotations.count - 1)
    }

    /// The text of a quotation on one line: each run of blanks one space.
    static func oneLine(_ text: String) -> String {
        var out = ""
        var blank = false
        for c in text {
            if c == " " || c == "\t" || c == "\n" || c == "\r" {
                blank = true
            } else {
                if blank, !out.isEmpty { out.append(" ") }
                blank = false
                out.append(c)
            }
        }
        return out
    }

    /// The word `' NAME` quotes: a built-in function or operator, or a word of one's own;
    /// nil (reported) for anything else.
    func quoted(_ token: Token, after quote: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int,
                variables: Variables, log: inout DiagnosticLog) -> Quoted? {
        let name = buffer.text(token.range, base: base)
        switch token.kind {
        case .operator, .function:
            if let op = token.builtin, op != .reim { return .builtin(op) }
        case .variable:
            if let word = word(named: name, in: variables) { return .word(word) }
            log.report(.error, .undefinedWord, "' quotes a word, and no word '\(name)' is defined", token.range)
            return nil
        default:
            break
        }
        log.report(.error, .wrongKind,
                   "' quotes a function, an operator or a word of one's own, not \(TerminalText.quoted(name)); "
                       + "write [ \(name) ] for any code", token.range)
        return nil
    }

    /// `'` with nothing after it.
    static func reportQuoteNeedsName(_ quote: Token, log: inout DiagnosticLog) {
        log.report(.error, .wrongKind, "' needs the name of a word after it, as in ' sq map", quote.range)
    }
}
