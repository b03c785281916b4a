import RPNCore

/// The includes that led to a file, innermost first, with their command-line positions: what
/// the notes after a diagnostic in an included file say (`main.rpn:3:1: note: lib.rpn is
/// included here`) and `--json`'s `includedFrom`.
struct IncludeSites: Sequence {
    struct Site {
        /// The file that holds the include, and the file it includes.
        let includer: SourceFile
        let included: SourceFile
        /// The include's range, and its 1-based start and end (`SourceSpan`).
        let range: Range<Int>
        let start: SourcePosition
        let end: SourcePosition
    }

    private let sites: [Site]

    init(of file: SourceFile, in sources: SourceSet) {
        let chain = sources.includeChain(of: file)
        sites = zip(chain, chain.dropFirst()).reversed().compactMap { includer, included in
            guard let range = included.includeSite, let (_, start, end) = SourceSpan.of(range, in: sources) else { return nil }
            return Site(includer: includer, included: included, range: range, start: start, end: end)
        }
    }

    func makeIterator() -> IndexingIterator<[Site]> { sites.makeIterator() }
}
