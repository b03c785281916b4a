import RPNCore

/// Tab: completions for what is typed before the cursor, for the line editor.
extension Shell {
    /// Completions for the word that ends at the cursor: `textBeforeCursor` is the line up to
    /// the cursor. A command's name completes from the command table, its arguments through
    /// the command's own completion; elsewhere (and at `...>`, where a line is part of a
    /// definition) the word is what the lexer would read as one name (see `wordCompletions`).
    public func completions(before textBeforeCursor: String) -> (word: String, candidates: [String]) {
        let trimmed = textBeforeCursor.drop { $0 == " " || $0 == "\t" }
        // At `...>` a line is part of the definition, unless it is a command (run at once).
        if pendingDefinition != nil, !trimmed.hasPrefix(":") || trimmed.dropFirst().first?.isWhitespace != false {
            return wordCompletions(before: textBeforeCursor)
        }
        if trimmed.hasPrefix(":"), !trimmed.contains(where: { $0 == " " || $0 == "\t" }) {
            return (String(trimmed), completions(for: String(trimmed)))
        }
        if ShellCommand.isCommand(trimmed) {
            return argumentCompletions(before: trimmed)
        }
        return wordCompletions(before: textBeforeCursor)
    }

    /// The argument being typed after a command's name, completed by the command.
    func argumentCompletions(before line: Substring) -> (word: String, candidates: [String]) {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let typed = line.last.map(blank) == true ? "" : String(line.split(whereSeparator: blank).last ?? "")
        let complete = CommandArguments.split(line.dropLast(typed.count))
        guard let command = commands.command(named: complete.name) else { return (typed, []) }
        return command.completeArgument(complete.words, typed)
    }

    /// RPN at the cursor: the word is what the lexer would read as one name, so `3 4+sq`
    /// completes `sq`; a store's arrow belongs to it (`→ra` completes to `→rate`). Inside a
    /// definition still open (at `...>`, or on the line typed) its parameters, loop variables
    /// and its own name complete too.
    func wordCompletions(before textBeforeCursor: String) -> (word: String, candidates: [String]) {
        var start = textBeforeCursor.endIndex
        // A name may end in one "?" (`even?`): the word typed may too.
        if textBeforeCursor.hasSuffix("?") { start = textBeforeCursor.index(before: start) }
        while start > textBeforeCursor.startIndex {
            let previous = textBeforeCursor.index(before: start)
            let c = textBeforeCursor[previous]
            guard c == "_" || c.isNumber || (c.isLetter && c != "π") else { break }
            start = previous
        }
        for arrow in ["→", "->"] where textBeforeCursor[..<start].hasSuffix(arrow) {
            start = textBeforeCursor.index(start, offsetBy: -arrow.count)
            break
        }
        let word = String(textBeforeCursor[start...])
        guard !word.isEmpty else { return (word, []) }
        guard !word.hasPrefix("→"), !word.hasPrefix("->") else { return (word, completions(for: word)) }
        let definition = (pendingDefinition.map { $0 + "\n" } ?? "") + textBeforeCursor
        let locals = Self.namesInOpenDefinition(definition).filter { $0.hasPrefix(word) }
        return (word, Array(Set(completions(for: word) + locals)).sorted())
    }

    /// The names a definition left open at the end of `text` brings in: its own name (a word
    /// may call itself), its declared inputs (`: hyp ( a b -- c )`), and the variables of its
    /// `for` loops. A name the text ends in is the word being typed, not one to offer. Which
    /// definition is open, and its name, are the core's regions.
    static func namesInOpenDefinition(_ text: String) -> [String] {
        guard DefinitionContinuation.isOpen(text) else { return [] }
        let bytes = Array(text.utf8)
        let tokens = RPN.tokenize(text)
        guard let region = ProgramRegion.regions(of: tokens, textEnd: bytes.count).last,
              region.kind == .definition, !region.isComplete else { return [] }
        func spelled(_ token: Token) -> String { String(decoding: bytes[token.range], as: UTF8.self) }
        var names: [String] = []
        if let name = region.nameToken, tokens[name].kind == .variable {
            if tokens[name].range.upperBound < bytes.count { names.append(spelled(tokens[name])) }
            var index = name + 1
            while index < tokens.count, tokens[index].kind == .comment { index += 1 }
            if index < tokens.count, tokens[index].kind == .stackEffect {
                // `( a b -- c )`: the words before `--` (the token has one, standing alone)
                let words = spelled(tokens[index]).dropFirst().dropLast().split(whereSeparator: { $0 == " " || $0 == "\t" })
                names += words.prefix { $0 != "--" }.map(String.init)
            }
        }
        for (position, token) in tokens.enumerated().dropFirst(region.tokens.lowerBound)
        where token.kind == .keyword && token.builtin == .for && position + 1 < tokens.count && tokens[position + 1].kind == .variable
            && tokens[position + 1].range.upperBound < bytes.count {
            names.append(spelled(tokens[position + 1]))
        }
        return names
    }

    /// Completions of one word: words, constants, stack words, the session's words,
    /// variables and stores, and `:` commands.
    public func completions(for prefix: String) -> [String] {
        if prefix.hasPrefix(":") {
            return commands.names(startingWith: String(prefix.dropFirst())).map { ":" + $0 }
        }
        for arrow in ["→", "->"] where prefix.hasPrefix(arrow) {
            // Stores, and the words spelled with an arrow first (`→list`, `->list`).
            let stores = session.variableNames.map { arrow + $0 }.filter { $0.hasPrefix(prefix) }
            return Array(Set(stores + Self.arrowWords(completing: prefix))).sorted()
        }
        // Words match in any case, constants only as spelled (`E` is a variable, not e).
        let words = Builtin.wordNames.filter { name in
            Builtin.named(name).map { $0.spelling(name, completes: prefix) } ?? false
        }
        let variables = session.variableNames.filter { $0.hasPrefix(prefix) }
        let userWords = session.wordNames.filter { $0.hasPrefix(prefix) }
        return Array(Set(words + Self.arrowWords(completing: prefix) + variables + userWords)).sorted()
    }

    /// The spellings with an arrow (`→list`, `list→`, `->list`, `list->`): words, which
    /// `Builtin.wordNames` (letters and digits only) leaves out.
    static let arrowSpellings: [(builtin: Builtin, spelling: String)] = Builtin.all.flatMap { builtin in
        builtin.spellings.filter { $0.contains("→") || $0.contains("->") }.map { (builtin, $0) }
    }

    /// The spellings with an arrow that complete `prefix` (in any ASCII case, as words do).
    static func arrowWords(completing prefix: String) -> [String] {
        arrowSpellings.filter { $0.builtin.spelling($0.spelling, completes: prefix) }.map(\.spelling)
    }
}

/// Tab in a file name (`:load te`, `:save ~/no`): the names in its directory that the typed
/// part starts, a directory's with a `/` so that Tab goes on into it. Listing is the
/// environment's (`directoryNames`), so this stays a function of what is typed.
extension Shell {
    func fileCompletions(_ before: [String], _ typed: String) -> (word: String, candidates: [String]) {
        guard before.isEmpty else { return (typed, []) }
        if typed == "~" { return (typed, ["~/"]) }
        let slash = typed.lastIndex(of: "/")
        let folder = slash.map { String(typed[...$0]) } ?? ""
        let start = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
        let names = environment.directoryNames(folder.isEmpty ? "." : environment.filePath(folder))
        // Hidden files only when asked for with a dot, as shells do.
        let candidates = names.filter { $0.hasPrefix(start) && $0 != "./" && $0 != "../" && (start.hasPrefix(".") || !$0.hasPrefix(".")) }
        return (typed, candidates.map { folder + $0 }.sorted())
    }
}
