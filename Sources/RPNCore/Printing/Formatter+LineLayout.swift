extension Formatter {
    /// A line as the layout sees it: its tokens, and how many levels in it stands.
    struct LineLayout {
        /// Indices of the line's tokens (none: a line of blanks, or empty).
        var tokens: Range<Int>
        /// Levels of indentation; nil: the blanks before the first token stay as they are.
        var level: Int?

        /// The lines of a source whose tokens are `tokens` (all of them, comments included). A
        /// line stands as deep as the `ProgramRegionScanner` says the compiler nests its first
        /// token (`nesting`), except that a line opening with a closer (`;`, `then`, `next`,
        /// `step`, `until`) stands where that closer leaves the nesting, level with the line
        /// that opened what it closes, and one opening with `else` one level out, level with its
        /// `if`. A definition or block the text leaves open runs to its end, as the compiler
        /// reads it: its lines after the first keep their indentation, as nothing says where the
        /// author meant it to end, so a `:` typed above the rest of a document does not shift
        /// all of it.
        static func lines(of tokens: [Token], in source: SourceFile) -> [LineLayout] {
            let index = source.lineIndex
            let starts = index.lineStarts
            var lines = [LineLayout](repeating: LineLayout(tokens: 0..<0, level: 0), count: starts.count)
            var scanner = ProgramRegionScanner()
            var line = 0
            for (position, token) in tokens.enumerated() {
                let start = token.range.lowerBound - source.baseOffset
                while line + 1 < starts.count, starts[line + 1] <= start { line += 1 }
                guard lines[line].tokens.isEmpty else {
                    lines[line].tokens = lines[line].tokens.lowerBound..<(position + 1)
                    scanner.take(token, at: position)
                    continue
                }
                let before = scanner.nesting
                scanner.take(token, at: position)
                let outdent = token.kind == .keyword && token.builtin == .else ? 1 : 0
                lines[line] = LineLayout(tokens: position..<(position + 1),
                                         level: Swift.max(0, Swift.min(before, scanner.nesting) - outdent))
            }
            if let open = scanner.finish(at: source.endOffset).last, !open.isComplete {
                let opener = index.line(containing: tokens[open.tokens.lowerBound].range.lowerBound - source.baseOffset)
                for line in (opener + 1)..<lines.count { lines[line].level = nil }
            }
            return lines
        }
    }
}
