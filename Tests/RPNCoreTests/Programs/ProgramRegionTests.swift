import RPNTestSupport
import Testing
@testable import RPNCore

/// The regions front ends read (`RPN.regions`, `ProgramRegion.regions(of:)`) are what the
/// compiler gathers: compared here with the compiler itself, driven token by token as editors
/// drive it, on a table of cases and on random keyword soups.
@Suite struct ProgramRegionTests {
    /// The regions the compiler gathers: in one-token mode each token of the top level is a
    /// chunk of its own, and a definition or block is one chunk, its tokens consumed together.
    static func gathered(_ text: String) -> [ProgramRegion] {
        var compiler = Compiler()
        var variables = Variables()
        var log = DiagnosticLog(limit: 1000)
        let source = SourceFile(name: "<t>", text: text)
        return source.bytes.withUnsafeBufferPointer { buffer in
            var lexer = Lexer(bytes: buffer)
            compiler.beginSource(buffer, 0)
            let chunk = Program(capacity: 64, copyingText: false)
            var consumed: [Token] = []
            var regions: [ProgramRegion] = []
            var index = 0
            while true {
                chunk.reset(text: buffer, base: 0)
                consumed.removeAll()
                let end = compiler.compileTopLevel(&lexer, buffer, 0, into: chunk, depth: 0, limit: 64, oneToken: true,
                                                   consumed: &consumed, variables: &variables, log: &log)
                let open = compiler.gathering != nil
                if consumed.count > 1 || open {
                    let kind: ProgramRegion.Kind = consumed[0].builtin == .define ? .definition : .block
                    let name = kind == .definition ? consumed.indices.dropFirst().first { consumed[$0].kind != .comment } : nil
                    regions.append(ProgramRegion(
                        kind: kind, tokens: index..<(index + consumed.count),
                        bytes: consumed[0].range.lowerBound..<(open ? buffer.count : consumed.last!.range.upperBound),
                        isComplete: !open, nameToken: name.map { index + $0 }))
                }
                index += consumed.count
                if end == .end { break }
            }
            compiler.finishSource(buffer, 0, log: &log)
            return regions
        }
    }

    static let cases: [String] = [
        "", "3 4 +", ": sq dup × ;", ": sq dup×;3 sq", ": f ( ; ) dup", ": f ( a -- b ) a ; 3 f",
        ": f ( x -- ; ) dup ;", ": f ( -- ;\n;", "1 if 2 then 3", "1 if 2 else 3 then", "1 2 3 for i i + next",
        "1 10 2 for i i step", "0 begin 1 + dup 5 = until", "1 if 1 if 2 then then 4", ": a : b ;", "; then next until",
        "1 if : f ; then", ": f 1 if 2 then ;", ": f 1 2 for i next ; 1 2 3 step 4 5 for j j step",
        "# : c\n: g # n\n name ;", ": f", "1 if 2", ":", "3 :", "unset : f ;", "( : ) 3", "( -- : ) 3",
        "begin until until", ": f\r\ndup\r;", ": # c\n;", ": a ; : b ; : c", "1 if 2 then if", "x unset ;",
        ": f begin ; until", "1 for i if then next",
    ]

    @Test(arguments: cases)
    func theRegionsAreWhatTheCompilerGathers(_ text: String) {
        let expected = Self.gathered(text)
        #expect(RPN.regions(text) == expected, "\(text.debugDescription)")
        #expect(ProgramRegion.regions(of: RPN.tokenize(text), textEnd: text.utf8.count) == expected, "\(text.debugDescription)")
    }

    /// What the regions say, by hand: kind, completeness, the name, and the text covered.
    @Test(arguments: [
        (": f ( ; ) dup", ["definition f complete: : f ( ;"]),
        (": f ( a -- b ) a ; 3 f", ["definition f complete: : f ( a -- b ) a ;"]),
        ("1 if 1 if 2 then then 4", ["block complete: if 1 if 2 then then"]),
        (": a : b ;", ["definition a complete: : a : b ;"]),
        ("1 if : f ; then", ["block complete: if : f ; then"]),
        (": f\n1 2", ["definition f open: : f\n1 2"]),
        ("# c\n: # n\n g ;  1 for i", ["definition g complete: : # n\n g ;", "block open: for i"]),
        ("; then", []),
        ("( : ) 3", ["definition ) open: : ) 3"]),
    ])
    func theRegionsOfAText(_ text: String, _ expected: [String]) {
        let tokens = RPN.tokenize(text)
        let bytes = Array(text.utf8)
        let shown = RPN.regions(text).map { region in
            let name = region.nameToken.map { " " + String(decoding: bytes[tokens[$0].range], as: UTF8.self) } ?? ""
            return "\(region.kind)\(name) \(region.isComplete ? "complete" : "open"): "
                + String(decoding: bytes[region.bytes], as: UTF8.self)
        }
        #expect(shown == expected, "\(text.debugDescription)")
    }

    /// A definition the compiler installs spans its region, and its name is the region's.
    @Test(arguments: cases)
    func theWordsDefinedSpanTheirRegions(_ text: String) {
        var machine = Machine()
        machine.run(SourceFile(name: "<t>", text: text))
        let tokens = RPN.tokenize(text)
        let definitions = RPN.regions(text).filter { $0.kind == .definition && $0.isComplete }
        for word in machine.words {
            #expect(definitions.contains { $0.bytes == word.range && $0.nameToken.map { tokens[$0].range } == word.nameRange },
                    "\(text.debugDescription): \(word.name)")
        }
    }

    /// A word may call one defined further on in its source: the compiler looks ahead for
    /// them by the same rule. A `:` inside a definition or a block opens none (it is the
    /// error nested-definition), so a name defined there is no word further on: the call is a
    /// variable's read, not a call the run would never reach.
    @Test(arguments: [
        (": f ( -- x ) b ; : a : b ( -- x ) 1 ; f", false),
        (": f ( -- x ) b ; 1 if : b ( -- x ) 1 ; then f", false),
        (": f ( -- x ) b ; f : b ( -- x ) 1 ;", true),  // b is defined further on, after the run's call
    ])
    func aDefinitionFurtherOnIsARegion(_ text: String, _ calledBeforeDefinition: Bool) {
        let codes = RPN.evaluate(text).diagnostics.map(\.code)
        #expect(codes.contains(.undefinedWord) == calledBeforeDefinition, "\(text): \(codes)")
    }

    /// Random soups of keywords, names, comments and stack effects, over several lines.
    @Test func randomProgramsHaveTheCompilersRegions() {
        let pieces = [":", ";", "if", "else", "then", "for", "i", "next", "step", "begin", "until", "1", "dup", "x",
                      "# ; c\n", "( -- ; )", "( ; )", "( :", "unset", "\n", "\r\n", "→x", "sq"]
        var generator = SeededGenerator(state: 16)
        for _ in 0..<400 {
            let count = Int.random(in: 0..<30, using: &generator)
            let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined(separator: " ")
            #expect(RPN.regions(text) == Self.gathered(text), "\(text.debugDescription)")
        }
    }

    /// How deep each token's successor stands (`nesting` after the token is taken): a
    /// definition one, each if, for, begin open in a region one more; a `;` ends the definition
    /// and whatever it left open, a closer with nothing open opens nothing.
    @Test(arguments: [
        (": f 1 if 2 else 3 then ;", [1, 1, 1, 2, 2, 2, 2, 1, 0]),
        ("1 if 0 2 for i begin 1 until next then 3", [0, 1, 1, 1, 2, 2, 3, 3, 2, 1, 0, 0]),
        (": f then if ; 1", [1, 1, 1, 2, 0, 0]),
        (": f 1 if ; then", [1, 1, 1, 2, 0, 0]),
        (": a : b ; 2", [1, 1, 1, 1, 0, 0]),
        ("then ; next 1", [0, 0, 0, 0]),
        ("1 if 2", [0, 1, 1]),
    ])
    func theNestingOfEachToken(_ text: String, _ expected: [Int]) {
        var scanner = ProgramRegionScanner()
        var nesting: [Int] = []
        for (index, token) in RPN.tokenize(text).enumerated() {
            scanner.take(token, at: index)
            nesting.append(scanner.nesting)
        }
        #expect(nesting == expected, "\(text)")
    }

    /// Whether a text leaves a definition open, whole or line by line (each line judged alone,
    /// continuing the definition the lines before left open, as the shell's `...>` lines).
    @Test(arguments: [
        (": sq", true), (": sq dup × ;", false), (": f ( ; ) dup", false), (": f ( x -- ; ) dup", true),
        (": f # ;", true), (": f\n# ;\n;", false), ("1 if : f", false), ("1 if then : f", true), ("( : ) 3", true),
        ("; : b", true), (": a ; 3", false), ("", false), (": f ( -- ;\ndup", true), (": f ( -- ;\n;", false),
    ])
    func aDefinitionLeftOpen(_ text: String, _ open: Bool) {
        #expect(RPN.leavesDefinitionOpen(text) == open, "\(text.debugDescription)")
        // As the shell reads lines: once a line leaves no definition open, the text runs.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var lineByLine = RPN.leavesDefinitionOpen(lines[0])
        for line in lines.dropFirst() where lineByLine {
            lineByLine = RPN.leavesDefinitionOpen(line, continuingDefinition: true)
        }
        #expect(lineByLine == open, "\(text.debugDescription)")
    }
}
