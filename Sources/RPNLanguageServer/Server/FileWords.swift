import RPNCore

/// A word as the workspace knows it, the same in every file that sees it: the file that
/// defines it (its real path; a document of no file, its URI) and where its name starts in
/// that file. An analysis numbers words by the order it ran them in, which differs from one
/// includer to the next; the place of the definition does not.
struct WordKey: Hashable {
    let file: String
    let offset: Int
}

/// What the features that reach across files (references, rename, call hierarchy) need of one
/// file's analysis: each occurrence of a word in the file itself, with the word it names and
/// the word whose body it stands in; the words the file defines; every name it sees; and the
/// files it includes. Small next to the analysis, so a closed file's is kept and its analysis
/// let go (`ClosedFiles`).
struct FileWords {
    struct Occurrence {
        /// The bytes of the name, in the file.
        let range: Swift.Range<Int>
        let word: WordKey
        /// The word whose body it is in (nil: the top level).
        let caller: WordKey?
        let isDefinition: Bool
    }

    struct Definition {
        let name: String
        /// The whole definition (`: … ;`) and its name, in the file.
        let range: Swift.Range<Int>
        let nameRange: Swift.Range<Int>
        /// The effect shown beside it (`( x -- y )`).
        let detail: String?
    }

    /// The file's key (see `WordKey.file`).
    let file: String
    /// In source order.
    let occurrences: [Occurrence]
    let definitions: [WordKey: Definition]
    /// The names of variables, words, parameters and loop counters the file uses or sees (its
    /// includes' words and variables too): a rename to one of them would merge two names.
    let names: Set<String>
    /// The keys of the files it includes, directly or through others.
    let included: Set<String>

    /// The words of `analysis`, the analysis of the file keyed `file`.
    init(_ analysis: DocumentAnalysis, file: String) {
        self.file = file
        let source = analysis.source
        let includes = analysis.includes
        /// The key of the word at index `index` of the analysis.
        func key(_ index: Int32) -> WordKey? {
            guard index >= 0, Int(index) < analysis.words.count else { return nil }
            let start = analysis.words[Int(index)].nameRange.lowerBound
            if analysis.isInDocument(start) { return WordKey(file: file, offset: start - source.baseOffset) }
            guard let included = includes?.file(containing: start) else { return nil }
            return WordKey(file: Self.key(of: included, in: includes), offset: start - included.baseOffset)
        }
        var occurrences: [Occurrence] = []
        for symbol in analysis.symbols where symbol.isWord {
            guard let word = key(symbol.symbol) else { continue }
            occurrences.append(Occurrence(range: (symbol.range.lowerBound - source.baseOffset)..<(symbol.range.upperBound - source.baseOffset),
                                          word: word, caller: symbol.word >= 0 ? key(symbol.word) : nil,
                                          isDefinition: symbol.kind == .wordDefinition))
        }
        self.occurrences = occurrences
        var definitions: [WordKey: Definition] = [:]
        var names = analysis.namesUsed(in: nil)
        for index in analysis.words.indices {
            let word = analysis.words[index]
            names.insert(word.name)
            guard analysis.isInDocument(word.nameRange.lowerBound), let key = key(Int32(index)) else { continue }
            let base = source.baseOffset
            definitions[key] = Definition(name: word.name, range: (word.range.lowerBound - base)..<(word.range.upperBound - base),
                                          nameRange: (word.nameRange.lowerBound - base)..<(word.nameRange.upperBound - base),
                                          detail: analysis.effect(ofWord: index)?.description)
        }
        self.definitions = definitions
        if let includes { names.formUnion(includes.variableNames) }
        self.names = names
        self.included = Set(includes?.files.map { Self.key(of: $0, in: includes) } ?? [])
    }

    /// The key of an included file: its real path, as `include` read it.
    private static func key(of file: SourceFile, in includes: DocumentIncludes?) -> String {
        includes?.resolver.canonicalPath(of: file) ?? file.path ?? file.name
    }

    /// The occurrences of a word.
    func occurrences(of word: WordKey) -> [Occurrence] { occurrences.filter { $0.word == word } }
}
