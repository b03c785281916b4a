import RPNCore

/// The words the session has defined (`: hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;`): the machine
/// keeps them (`Machine.words`, every definition in order, a redefinition hiding the earlier
/// one by name), the session's sources keep their text.
extension Session {
    /// The words in force (for each name its latest definition), in the order of those
    /// definitions.
    var definedWords: [(index: Int, definition: WordDefinition)] {
        let words = state.machine.words
        var latest: [String: Int] = [:]
        for (index, word) in words.enumerated() { latest[word.name] = index }
        return latest.values.sorted().map { ($0, words[$0]) }
    }

    /// How many definitions the machine holds (hidden ones included): the definitions a line
    /// makes are the ones from the count before it (`definitions(from:)`).
    var definitionCount: Int { state.machine.words.count }

    func definitions(from first: Int) -> ArraySlice<WordDefinition> { state.machine.words[min(first, definitionCount)...] }

    /// The names of the words in force.
    var wordNames: [String] { definedWords.map(\.definition.name) }

    /// The definition in force of `name` (case-sensitive, as names are).
    func word(named name: String) -> (index: Int, definition: WordDefinition)? {
        state.machine.words.indices.last { state.machine.words[$0].name == name }.map { ($0, state.machine.words[$0]) }
    }

    /// The effect inferred, else the one declared (a word in an accepted line has no errors,
    /// so it has one inferred).
    static func effect(of word: WordDefinition) -> String {
        (word.effect ?? word.declaredEffect)?.description ?? "( ? )"
    }

    /// What a word computes, in the session's glyphs: `hyp(a,b) = √(a^2+b^2)` for a function,
    /// what it leaves for another word (`a+1,a−1`): the core's description without the name
    /// and effect it puts in front of the latter, which the lists show in a column of their own.
    func describe(word index: Int) -> String {
        let definition = state.machine.words[index]
        let text = state.machine.describe(word: index, style: DescriptionStyle(glyphs: style.glyphs, byteLimit: Self.wordDescriptionBytes))
        let head = "\(definition.name) \(Self.effect(of: definition)): "
        return !definition.isFunction && text.hasPrefix(head) ? String(text.dropFirst(head.count)) : text
    }

    /// Longest description of a word shown: the lists cut it to the terminal anyway.
    static let wordDescriptionBytes = 4096

    /// A definition's text as typed (or replayed by `:clear`), from `:` to `;`.
    func text(of word: WordDefinition) -> String {
        sources.file(containing: word.range.lowerBound)?.text(of: word.range) ?? word.name
    }

    /// The definitions `roots` name and every definition they call, transitively (an earlier
    /// one a redefinition hides included), in the order they were made.
    func neededDefinitions(from roots: some Sequence<Int>) -> [Int] {
        let words = state.machine.words
        var calls = [[Int]](repeating: [], count: words.count)
        for occurrence in state.machine.symbols where occurrence.kind == .wordUse && occurrence.word >= 0
            && Int(occurrence.word) < words.count && Int(occurrence.symbol) < words.count {
            calls[Int(occurrence.word)].append(Int(occurrence.symbol))
        }
        var needed = Set<Int>()
        var work = Array(roots)
        while let word = work.popLast() {
            if needed.insert(word).inserted { work += calls[word] }
        }
        return needed.sorted()
    }

    /// The definitions `indices` gives, one after the other as a program: replayed in this
    /// order they make the same words (a word calls the definitions made before it).
    func definitionsText(of indices: [Int]) -> String {
        indices.map { text(of: state.machine.words[$0]) }.joined(separator: "\n")
    }

    /// The program a favorite keeps: the session's program without the definitions nothing
    /// in it uses (a word used at the top level or named by a command's line stays, with the
    /// words it calls). The
    /// definitions left are where they were typed, so a redefinition still comes between the
    /// uses of the two definitions.
    var favoriteProgram: String {
        let machine = state.machine
        let used = machine.symbols.lazy.filter { $0.kind == .wordUse && $0.word < 0 && Int($0.symbol) < machine.words.count }
            .map { Int($0.symbol) }
        // The lines commands add (`:set x 3 square` as `3 square →x`) ran outside the machine:
        // the words they name stay, every definition of each name (keeping one too many is
        // safe, the program had it there).
        var named = Set<String>()
        for line in state.lines where line.source == nil {
            let bytes = Array(line.text.utf8)
            for token in RPN.tokenize(line.text) where token.kind == .variable {
                named.insert(String(decoding: bytes[token.range], as: UTF8.self))
            }
        }
        let namedWords = named.isEmpty ? [] : machine.words.indices.filter { named.contains(machine.words[$0].name) }
        let kept = Set(neededDefinitions(from: Array(used) + namedWords))
        return programLines(cutting: machine.words.indices.filter { !kept.contains($0) }).joined(separator: "\n")
    }

    /// The program `:save` writes: the session's program without a definition that repeats
    /// the one in force word for word (a file loaded twice), so that each round trip through
    /// `:save` and `:load` gives the same file. A repeat is cut only while no other word has
    /// been defined again since the definition it repeats: otherwise the words it calls may
    /// differ, and so may what it does.
    var savedProgram: String {
        let words = state.machine.words
        var inForce: [String: (index: Int, text: String)] = [:]
        var lastRedefinition = -1
        var repeats: [Int] = []
        for (index, word) in words.enumerated() {
            let text = text(of: word)
            if let earlier = inForce[word.name] {
                if earlier.text == text && earlier.index >= lastRedefinition {
                    repeats.append(index)
                    continue
                }
                lastRedefinition = index
            }
            inForce[word.name] = (index, text)
        }
        // A loaded file's line ends with its last newline: one line break between lines.
        return programLines(cutting: repeats).map { line in
            var line = Substring(line)
            while line.last == "\n" || line.last == "\r" { line.removeLast() }
            return String(line)
        }.joined(separator: "\n")
    }

    /// The session's program's lines without the definitions `indices` gives (sorted), each
    /// cut out of its line; a line left empty goes.
    func programLines(cutting indices: [Int]) -> [String] {
        let machine = state.machine
        // Definitions are made in source order, so their ranges are sorted, as the lines are.
        let unused = indices.map { machine.words[$0].range }
        guard !unused.isEmpty else { return state.lines.map(\.text) }
        var next = 0
        var lines: [String] = []
        for line in state.lines {
            guard let source = line.source else {
                lines.append(line.text)
                continue
            }
            while next < unused.count, unused[next].lowerBound < source.baseOffset { next += 1 }
            var cuts: [Range<Int>] = []
            while next < unused.count, unused[next].upperBound <= source.endOffset {
                cuts.append((unused[next].lowerBound - source.baseOffset)..<(unused[next].upperBound - source.baseOffset))
                next += 1
            }
            guard !cuts.isEmpty else {
                lines.append(line.text)
                continue
            }
            let text = Self.cutting(cuts, from: source.bytes)
            if !text.isEmpty { lines.append(text) }
        }
        return lines
    }

    /// `bytes` without the `cuts` (sorted, apart) and the blanks after each; a space stays
    /// where the cut stood between two tokens (`3:a 1;4` is `3 4`, not `34`). Trimmed.
    static func cutting(_ cuts: [Range<Int>], from bytes: [UInt8]) -> String {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var from = 0
        for cut in cuts {
            kept += bytes[from..<cut.lowerBound]
            var end = cut.upperBound
            while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
            if let before = kept.last, !isSpace(before), end < bytes.count, !isSpace(bytes[end]) { kept.append(0x20) }
            from = end
        }
        kept += bytes[from...]
        let start = kept.firstIndex { !isSpace($0) } ?? kept.count
        let end = (kept.lastIndex { !isSpace($0) }).map { $0 + 1 } ?? start
        return String(decoding: kept[start..<max(start, end)], as: UTF8.self)
    }

    /// The one number `text` gives (`:set x 3 square`), computed as `rpn -e` would after the
    /// session's words, with the variables' values; or why not. A value may not define a
    /// word: only the line `VALUE →NAME` is kept in the program, so the word would be in a
    /// saved program and not in the session.
    public func number(_ text: String) -> Result<Number, Diagnostic.Message> {
        if RPN.tokenize(text).contains(where: { $0.kind == .keyword && $0.builtin == .define }) {
            return .failure(Diagnostic.Message("a value cannot define a word; define it at the prompt first"))
        }
        let definitions = definitionsText(of: neededDefinitions(from: definedWords.map(\.index)))
        var sources = SourceSet()
        let files = (definitions.isEmpty ? [] : [sources.add(name: "definitions", bytes: Array(definitions.utf8))])
            + [sources.add(name: "value", bytes: Array(text.utf8))]
        let evaluation = RPN.evaluate(files, options: .value(angleUnit: angleUnit, exact: isExact, digits: digits),
                                      variables: variables.map { ($0.name, $0.value) })
        if let error = evaluation.diagnostics.first(where: { $0.severity == .error }) {
            return .failure(Diagnostic.Message(error.message))
        }
        guard evaluation.values.count == 1, let value = evaluation.values[0] else {
            return .failure(Diagnostic.Message("expected exactly one number"))
        }
        return .success(value)
    }

    /// Whether `name` is a word's (a store into it is an error, so `:set` refuses it too).
    func isWord(_ name: String) -> Bool { state.machine.words.contains { $0.name == name } }
}
