import RPNCore
import RPNTestSupport
import Testing

/// Runs every case of grammar/corpus: values, descriptions (glyphs and ASCII) and diagnostics.
@Suite struct CorpusTests {
    @Test func corpusIsNotEmpty() {
        #expect(CorpusCase.all().count > 100)
    }

    @Test(arguments: CorpusCase.all())
    func corpusCase(_ test: CorpusCase) {
        var options = EvaluationOptions()
        var variables: [(String, Number)] = []
        var format = NumberFormat()
        var polar = false
        for option in test.options {
            let words = option.split(separator: " ")
            let digits = words.count == 2 ? Int(words[1]) : nil
            if option == "degrees" { options.angleUnit = .degrees }
            else if option == "free" { options.freeVariables = true }
            else if option == "float" { options.exact = false }
            else if option == "complex" { options.complex = true }
            else if option == "polar" { polar = true }
            else if words.first == "max-steps", let digits { options.maxSteps = digits }
            else if words.first == "max-stack", let digits { options.maxStackDepth = digits }
            else if words.first == "digits", let digits { options.digits = digits }
            else if option == "fractions" { format.fractions = true }
            else if option == "group" { format.grouping = true }
            else if words.first == "base", let digits { format.base = digits }
            else if words.first == "fix", let digits { format.mode = .fixed(digits) }
            else if words.first == "sci", let digits { format.mode = .scientific(digits) }
            else if words.first == "eng", let digits { format.mode = .engineering(digits) }
            else if option.hasPrefix("set "), let eq = option.firstIndex(of: "=") {
                let name = String(option[option.index(option.startIndex, offsetBy: 4)..<eq])
                let value = try? RPN.number(String(option[option.index(after: eq)...]), exact: options.exact).get()
                guard let value else { Issue.record("bad value in \(option)"); continue }
                variables.append((name, value))
            } else { Issue.record("unknown option \(option)") }
        }
        // Polar display shows the argument in the case's angle unit, as --polar with --degrees.
        if polar { format.polar = options.angleUnit }
        let source = SourceFile(name: test.file, text: test.program)
        let result = RPN.evaluate([source], options: options, variables: variables, includes: test.includes(of: source))
        if let description = test.description { #expect(result.description == description) }
        if let ascii = test.ascii {
            #expect(result.machine.description(style: DescriptionStyle(glyphs: .ascii)) == ascii)
        }
        if let expanded = test.expanded {
            var expanding = options
            expanding.expandWords = true
            #expect(RPN.evaluate([source], options: expanding, variables: variables, includes: test.includes(of: source))
                .description == expanded)
        }
        // `word: NAME…` lines: each word's own description, looked up by the name it starts with.
        for expected in test.words {
            let machine = result.machine
            let index = machine.words.lastIndex { expected.hasPrefix($0.name + "(") || expected.hasPrefix($0.name + " ") }
            guard let index else { Issue.record("no word for \(expected)"); continue }
            #expect(machine.describe(word: index) == expected)
        }
        if let values = test.values {
            #expect(result.values.map { $0.map(format.string) ?? "none" } == values)
        }
        // Listed by position (line, then column, as numbers), diagnostics at one position in
        // the order found.
        let actual = result.diagnostics.enumerated().map { found, d in
            let start = source.position(of: d.range.lowerBound, in: .characters)
            let end = source.position(of: LineIndex.lastCharacterStart(source.bytes, in: d.range), in: .characters)
            let expected = CorpusCase.ExpectedDiagnostic(
                severity: d.severity.rawValue, code: d.code.rawValue,
                start: "\(start.line + 1):\(start.column + 1)", end: "\(end.line + 1):\(end.column + 1)",
                message: d.message)
            return (key: (start.line, start.column, found), diagnostic: expected)
        }.sorted { $0.key < $1.key }.map(\.diagnostic)
        // Compare only what each expectation states (end and message are optional).
        let comparable = zip(actual, test.diagnostics).map { actual, expected in
            CorpusCase.ExpectedDiagnostic(severity: actual.severity, code: actual.code, start: actual.start,
                                          end: expected.end == nil ? nil : actual.end,
                                          message: expected.message == nil ? nil : actual.message)
        }
        #expect(actual.count == test.diagnostics.count && comparable == test.diagnostics,
                "diagnostics: \(actual.map(\.description))")
    }
}

extension CorpusCase {
    /// The case's files (`#> file NAME: TEXT`) for its includes, which are relative to the
    /// working directory, as in `rpn -e`.
    func includes(of source: SourceFile) -> IncludeResolver {
        var sources = SourceSet()
        sources.append(source)
        return IncludeResolver(sources: sources, fileSystem: FakeFiles(files).includeFileSystem)
    }
}
