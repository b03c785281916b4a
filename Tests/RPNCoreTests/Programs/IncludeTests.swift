@testable import RPNCore
import RPNTestSupport
import Testing

/// `include "FILE"` (issue 17): a file's text runs where the include stands, once however many
/// includes name it; cycles, missing files and nesting too deep are errors at the include.
@Suite struct IncludeTests {
    /// The roots run in order (each a file of `files` with its path), on one machine, with the
    /// files in memory. Values as `rpn` prints them; diagnostics as `file:line:col code`.
    static func run(_ files: [String: String], roots: [String] = ["main.rpn"], options: EvaluationOptions = EvaluationOptions())
        -> (values: [String], diagnostics: [String], machine: Machine, sources: SourceSet) {
        let fake = FakeFiles(files)
        var sources = SourceSet()
        for root in roots { sources.add(name: root, bytes: Array(files[root]!.utf8), path: root) }
        let includes = IncludeResolver(sources: sources, fileSystem: fake.includeFileSystem)
        var machine = Machine(options: options)
        machine.includes = includes
        for file in sources.files { machine.run(file) }
        let values = machine.values().map { $0.map(NumberFormat().string) ?? "none" }
        return (values, machine.allDiagnostics.map { located($0, in: includes.sources) }, machine, includes.sources)
    }

    static func located(_ diagnostic: Diagnostic, in sources: SourceSet) -> String {
        guard let file = sources.file(containing: diagnostic.range.lowerBound) else { return diagnostic.code.rawValue }
        let start = file.position(of: diagnostic.range.lowerBound, in: .characters)
        return "\(file.name):\(start.line + 1):\(start.column + 1) \(diagnostic.code.rawValue)"
    }

    static let lib = ": square ( x -- y ) x x × ;\n5 →five\n"

    /// (what it shows, the files, main.rpn's expected values, diagnostics): by hand.
    static let cases: [(String, [String: String], [String], [String])] = [
        ("a word and a store of the included file", ["lib.rpn": lib, "main.rpn": "include \"lib.rpn\" 3 square five +"],
         ["14"], []),
        ("what the file leaves stays on the stack", ["lib.rpn": "1 2", "main.rpn": "include \"lib.rpn\" +"], ["3"], []),
        ("the file runs where the include stands", ["lib.rpn": "x 10 × →x", "main.rpn": "2 →x include \"lib.rpn\" x"],
         ["20"], []),
        ("and sees the words defined before it", ["lib.rpn": "two 3 +", "main.rpn": ": two ( -- x ) 2 ;\ninclude \"lib.rpn\""],
         ["5"], []),
        ("included twice, it runs once", ["lib.rpn": "1", "main.rpn": "include \"lib.rpn\" include \"lib.rpn\""], ["1"], []),
        ("through another file too", ["lib.rpn": "1", "a.rpn": "include \"lib.rpn\" 2",
                                      "main.rpn": "include \"lib.rpn\" include \"a.rpn\""], ["1", "2"], []),
        ("however its name is spelled", ["lib.rpn": "1", "dir/x.rpn": "",
                                         "main.rpn": "include \"lib.rpn\" include \"./lib.rpn\" include \"dir/../lib.rpn\""],
         ["1"], []),
        ("names are relative to the including file", ["dir/a.rpn": "include \"b.rpn\" include \"../lib.rpn\"",
                                                      "dir/b.rpn": "7", "lib.rpn": "8", "main.rpn": "include \"dir/a.rpn\""],
         ["7", "8"], []),
        ("a name with spaces", ["my lib.rpn": "9", "main.rpn": "include \"my lib.rpn\""], ["9"], []),
        ("in any case, with a comment after it", ["lib.rpn": "1", "main.rpn": "INCLUDE \"lib.rpn\" # the library"], ["1"], []),
        ("a word calling one defined after the include", ["lib.rpn": "1 drop",
                                                          "main.rpn": ": a ( -- x ) b ;\ninclude \"lib.rpn\"\n: b ( -- x ) 2 ;\na"],
         ["2"], []),
        ("the included file's own forward calls", ["lib.rpn": ": p ( -- x ) q ; : q ( -- x ) 4 ; p", "main.rpn": "include \"lib.rpn\""],
         ["4"], []),
        ("an error in the included file points into it", ["lib.rpn": "\n1 0 ÷", "main.rpn": "include \"lib.rpn\""],
         ["none"], ["lib.rpn:2:5 division-by-zero"]),
        ("a word defined again in the included file", ["lib.rpn": ": one ( -- x ) 2 ;", "main.rpn": ": one ( -- x ) 1 ;\ninclude \"lib.rpn\""],
         [], ["lib.rpn:1:3 redefined-word"]),
        ("a cycle", ["a.rpn": "\ninclude \"main.rpn\"", "main.rpn": "1\ninclude \"a.rpn\" 2"], ["1", "2"],
         ["a.rpn:2:1 include-cycle"]),
        ("a file that includes itself", ["main.rpn": "include \"main.rpn\""], [], ["main.rpn:1:1 include-cycle"]),
        ("a missing file", ["main.rpn": "1 include \"nope.rpn\" 2"], ["1", "2"], ["main.rpn:1:3 include-failed"]),
        ("a folder", ["dir/x.rpn": "", "main.rpn": "include \"dir\""], [], ["main.rpn:1:1 include-failed"]),
        ("an empty name", ["main.rpn": "include \"\""], [], ["main.rpn:1:1 include-needs-path"]),
        ("no name", ["main.rpn": "include 3"], ["3"], ["main.rpn:1:1 include-needs-path"]),
        ("no name at the end", ["main.rpn": "3 include"], ["3"], ["main.rpn:1:3 include-needs-path"]),
        ("the name on the next line", ["main.rpn": "include\n\"lib.rpn\""], [],
         ["main.rpn:1:1 include-needs-path", "main.rpn:2:1 unknown-token"]),
        ("a name never closed", ["main.rpn": "include \"lib.rpn 3"], [], ["main.rpn:1:9 include-needs-path"]),
        ("a quoted word elsewhere is no name", ["main.rpn": "\"lib.rpn\""], [], ["main.rpn:1:1 unknown-token"]),
        ("inside a definition", ["lib.rpn": "1", "main.rpn": ": f ( -- ) include \"lib.rpn\" ;"], [],
         ["main.rpn:1:12 include-not-at-top-level"]),
        ("inside a block, which then does not run", ["lib.rpn": "1", "main.rpn": "1 if include \"lib.rpn\" then"], ["1"],
         ["main.rpn:1:6 include-not-at-top-level"]),
    ]

    @Test(arguments: cases)
    func include(_ what: String, _ files: [String: String], _ values: [String], _ diagnostics: [String]) {
        let result = Self.run(files)
        #expect(result.values == values, "\(what)")
        #expect(result.diagnostics == diagnostics, "\(what)")
    }

    /// The messages, which name the chain of files that led to the include.
    static let messages: [([String: String], String)] = [
        (["a.rpn": "include \"main.rpn\"", "main.rpn": "include \"a.rpn\""], "include cycle: main.rpn → a.rpn → main.rpn"),
        (["b.rpn": "include \"a.rpn\"", "a.rpn": "include \"b.rpn\"", "main.rpn": "include \"a.rpn\""],
         "include cycle: main.rpn → a.rpn → b.rpn → a.rpn (a.rpn includes itself)"),
        (["main.rpn": "include \"main.rpn\""], "include cycle: main.rpn → main.rpn"),
        (["dir/a.rpn": "include \"nope.rpn\"", "main.rpn": "include \"dir/a.rpn\""],
         "cannot include dir/nope.rpn: No such file or directory (main.rpn → dir/a.rpn → dir/nope.rpn)"),
        (["dir/x.rpn": "", "main.rpn": "include \"dir\""], "cannot include dir: it is a directory, not a regular file (main.rpn → dir)"),
        (["main.rpn": "include \"\""], "include needs the name of a file between the quotes"),
        (["main.rpn": "include 3"], "'include' needs the name of a file in quotes after it on its line, as in include \"lib.rpn\""),
        (["main.rpn": "include \"a b"], "'\"a b' needs a closing '\"' on the same line"),
        (["main.rpn": ": f include \"x\" ;"], "include brings a file in at the top level only, not inside a definition"),
    ]

    @Test(arguments: messages)
    func message(_ files: [String: String], _ expected: String) {
        let result = Self.run(files)
        #expect(result.machine.allDiagnostics.map(\.message) == [expected])
    }

    /// A chain of files each including the next: the include past the depth limit is the
    /// error, in the file at that depth, and the run goes on.
    @Test func nestingDeeperThanTheLimitIsAnError() {
        let count = IncludeResolver.depthLimit + 5
        var files: [String: String] = [:]
        for level in 0..<count { files["f\(level).rpn"] = "\(level) include \"f\(level + 1).rpn\"" }
        files["f\(count).rpn"] = ""
        let result = Self.run(files, roots: ["f0.rpn"])
        let last = IncludeResolver.depthLimit - 1  // the root is the first of the chain
        #expect(result.values == (0...last).map(String.init))
        #expect(result.diagnostics == ["f\(last).rpn:1:\(String(last).count + 2) include-too-deep"])
        #expect(result.machine.allDiagnostics.first?.message
                == "includes nest deeper than \(IncludeResolver.depthLimit) files: f0.rpn → f1.rpn → f2.rpn → … → f\(last - 1).rpn → f\(last).rpn → f\(last + 1).rpn")
    }

    /// A file the front end ran before the one that includes it has run (`rpn lib.rpn
    /// main.rpn`, the shell's `:load`); one it runs after has not.
    @Test func aFileRunEarlierIsNotIncludedAgain() {
        let files = ["lib.rpn": "1", "main.rpn": "include \"lib.rpn\" 2"]
        #expect(Self.run(files, roots: ["lib.rpn", "main.rpn"]).values == ["1", "2"])
        #expect(Self.run(files, roots: ["main.rpn", "lib.rpn"]).values == ["1", "2", "1"])
    }

    /// The chain of includes is read back from each file's include site: lib.rpn was included
    /// by a.rpn, which main.rpn included.
    @Test func theChainOfIncludesOfAFile() {
        let result = Self.run(["lib.rpn": "1", "a.rpn": "include \"lib.rpn\"", "main.rpn": "include \"a.rpn\""])
        let lib = result.sources.files.first { $0.name == "lib.rpn" }!
        #expect(result.sources.includeChain(of: lib).map(\.name) == ["main.rpn", "a.rpn", "lib.rpn"])
        #expect(result.sources.includeChain(of: result.sources.files[0]).map(\.name) == ["main.rpn"])
    }

    @Test func withoutAResolverAnIncludeIsAnError() {
        let evaluation = RPN.evaluate("include \"lib.rpn\" 1")
        #expect(evaluation.values == [1])
        #expect(evaluation.diagnostics.map(\.code) == [.includeFailed])
        #expect(evaluation.diagnostics.first?.message == "include reads files, and this run has none to read")
    }

    /// An editor follows the including source's tokens only: the include and its path, after
    /// the file ran (the stack it left).
    @Test func anEditorObservesTheIncludeWhole() {
        let fake = FakeFiles(["lib.rpn": "1 2 +"])
        var sources = SourceSet()
        let main = sources.add(name: "main.rpn", bytes: Array("include \"lib.rpn\" 4".utf8), path: "main.rpn")
        var machine = Machine(options: .checking(angleUnit: .radians))
        machine.includes = IncludeResolver(sources: sources, fileSystem: fake.includeFileSystem)
        var seen: [(String, Int)] = []
        machine.run(main) { token, _, depth in seen.append((main.text(of: token.range), depth)) }
        #expect(seen.map(\.0) == ["include", "\"lib.rpn\"", "4"])
        #expect(seen.map(\.1) == [0, 1, 2])
    }

    /// A change that included a file is taken back whole: the word it defined is gone, and
    /// the file is included again by the next change.
    @Test func anAbandonedChangeTakesTheIncludeBack() {
        let fake = FakeFiles(["lib.rpn": ": seven ( -- x ) 7 ;"])
        var sources = SourceSet()
        var machine = Machine(options: .shell(angleUnit: .radians, exact: true))
        let line = sources.add(name: "line 1", bytes: Array("include \"lib.rpn\" seven".utf8))
        machine.includes = IncludeResolver(sources: sources, fileSystem: fake.includeFileSystem)
        machine.beginChange()
        machine.run(line)
        #expect(machine.words.map(\.name) == ["seven"])
        machine.abandonChange()
        #expect(machine.words.isEmpty && machine.depth == 0)
    }

    /// The step budget is the run's, included files and all: each loop alone runs in 1000
    /// steps (`rpn --max-steps 1000 -e '0 1 300 for i i + next'` is 45150), the two do not.
    @Test func includedFilesCountAgainstTheStepBudget() {
        var options = EvaluationOptions.checking(angleUnit: .radians)
        options.maxSteps = 1000
        let result = Self.run(["lib.rpn": "0 1 300 for i i + next", "main.rpn": "include \"lib.rpn\" 0 1 300 for i i + next"],
                              options: options)
        #expect(result.diagnostics.contains { $0.hasPrefix("main.rpn:1:") && $0.hasSuffix("step-limit") })
    }
}

/// The name and path of an included file, from the name as written and the including source.
@Suite struct IncludePathTests {
    /// (as written, the including source's name and path, the included file's name and path).
    static let cases: [(String, String, String?, String, String)] = [
        ("lib.rpn", "main.rpn", "main.rpn", "lib.rpn", "lib.rpn"),
        ("lib.rpn", "dir/main.rpn", "dir/main.rpn", "dir/lib.rpn", "dir/lib.rpn"),
        ("../lib.rpn", "dir/main.rpn", "dir/main.rpn", "lib.rpn", "dir/../lib.rpn"),
        ("../lib.rpn", "main.rpn", "main.rpn", "../lib.rpn", "../lib.rpn"),
        ("./a/./b.rpn", "main.rpn", "/home/u/main.rpn", "a/b.rpn", "/home/u/./a/./b.rpn"),
        ("/etc/lib.rpn", "dir/main.rpn", "dir/main.rpn", "/etc/lib.rpn", "/etc/lib.rpn"),
        ("my lib.rpn", "-e", nil, "my lib.rpn", "my lib.rpn"),        // text of no file: the working directory
        ("../x.rpn", "line 3", nil, "../x.rpn", "../x.rpn"),
        ("b.rpn", "main.rpn", "/a/main.rpn", "b.rpn", "/a/b.rpn"),   // an editor's document, named by its file name
    ]

    @Test(arguments: cases)
    func path(_ written: String, _ includerName: String, _ includerPath: String?, _ name: String, _ path: String) {
        let resolved = IncludePath(written, includer: SourceFile(name: includerName, text: "", path: includerPath))
        #expect(resolved.name == name)
        #expect(resolved.path == path)
    }
}
