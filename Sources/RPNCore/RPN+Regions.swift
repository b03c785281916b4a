/// The structure of a program's top level, as the compiler gathers it: front ends ask here
/// rather than follow `:` and `;` on their own.
extension RPN {
    /// The definitions and top-level blocks of a source, in order (see `ProgramRegion`).
    public static func regions(_ source: SourceFile) -> [ProgramRegion] {
        source.bytes.withUnsafeBufferPointer { buffer in
            var lexer = Lexer(bytes: buffer, base: source.baseOffset)
            var scanner = ProgramRegionScanner()
            var index = 0
            while let token = lexer.next() {
                scanner.take(token, at: index)
                index += 1
            }
            return scanner.finish(at: source.baseOffset + buffer.count)
        }
    }

    public static func regions(_ text: String) -> [ProgramRegion] {
        regions(SourceFile(name: "<text>", text: text))
    }

    /// Whether `text` leaves a definition open: a `:` whose `;` has not come. With
    /// `continuingDefinition`, the text continues a definition opened before it (no token spans
    /// a line break, so a text's lines may be judged one at a time, each in time proportional
    /// to its length). A `;` in a comment or a stack effect (`( x -- ; )`) is no `;`; one in
    /// `( ; )`, which is no stack effect (no `--`), is.
    public static func leavesDefinitionOpen(_ text: String, continuingDefinition: Bool = false) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            var lexer = Lexer(bytes: buffer)
            var scanner = ProgramRegionScanner(continuingDefinition: continuingDefinition)
            var index = 0
            while let token = lexer.next() {
                // Outside a region only keywords count: the scanner needs no other token.
                if scanner.isGathering || token.kind == .keyword { scanner.take(token, at: index) }
                index += 1
            }
            return scanner.isInDefinition
        }
    }
}
