import RPNCore
import RPNJSON
import RPNTestSupport
import Testing
@testable import RPNLanguageServer

/// An analysis that goes on from a checkpoint must say exactly what an analysis of the whole
/// text says. One server takes long random sequences of edits, as an editor sends them, with
/// checkpoints a few bytes apart so that every edit resumes from one; after every edit its
/// diagnostics, symbols, semantic tokens, inlay hints and hovers are compared with those of a
/// server that opens the same text afresh.
@Suite struct IncrementalAnalysisTests {
    /// Lines the documents are made of: expressions, stores and free variables, words of one's
    /// own (with and without effects, calling each other, one further on), branches and loops
    /// over several lines, `unset` waiting for its name on the next line, errors, comments.
    static let lines = [
        "1 2 + 3 ×", "x 2 ^ 2 -", "4 →x", "x y + √", "1 0 ÷", "2 3 ÷ →y", "y 1 +", "unset", "x", "M 2 ×",
        ": sq ( a -- b ) a a × ;", "3 sq", ": hyp ( a b -- c ) a sq b sq + √ ;", "3 4 hyp", "sq hyp",
        ": even ( n -- f ) n 0 = if 1 else n 1 - odd then ;", ": odd ( n -- f ) n 0 = if 0 else n 1 - even then ;",
        "10 even", ": loose dup × ;", "5 loose", ": broken ( a -- b ) a a ;", "0 1 5 for i i + next", "1 if",
        "2", "else 3 then", "begin 1 + dup 10 > until", "deg 30 sin", "rad", "# a comment with π", "drop", "dup",
        ": f ( a -- r ) a q + ;", "2 f 3 f", "swap -", "clear", "1 2 3 depth", "lastx", "1e400", "sqr", "7 ;",
        ": open ( -- x ) 1", "0 →M M 1 + →M", "π 2 ÷ cos",
        // Lines that take what lines before them left.
        "+", "×", "swap", "over +", "rot", "2 ÷", "√", "dup →z", "z +", "sq", "+ hyp",
    ]
    /// Pieces typed inside a line: tokens, halves of them, keywords that open and close.
    static let pieces = [
        "7", " ", "x", "→", ":", ";", "if", " then", "( a -- b )", "1", "÷", "sq", "for i", "next", "\n", "#",
        "y", "odd", "unset ", "(", "--", "M", "e", "dup",
    ]

    /// Seed 113 (of a wider run): a line inserted before a store, which shows the entry below
    /// what it stores: the rest shows this run's entry there, so it must be the same.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 113] as [UInt64])
    func randomEditsGiveWhatAWholeAnalysisGives(seed: UInt64) {
        let (resumed, tookOver) = Self.compareRandomEdits(seed: seed, lines: Self.lines, count: 30, edits: 120)
        // Most edits went on from a checkpoint after the start (the rest began before the
        // first checkpoint, or touched a name a body asked about), and many stopped where the
        // state became the previous analysis' again.
        #expect(resumed > 60, "\(resumed) of 120 edits resumed")
        #expect(tookOver > 15, "\(tookOver) of 120 edits took over the rest")
    }

    /// A document that runs out of the editor's step budget (10^6) half way: an edit before
    /// that place moves it, and the rest is only checked, not run.
    @Test(arguments: [7, 9, 10] as [UInt64])
    func editsAroundTheStepLimitGiveWhatAWholeAnalysisGives(seed: UInt64) {
        let long = ["0 1 400000 for i i + next", "1 0 399999 for i 1 + next"]
        let lines = Self.lines + Array(repeating: long, count: 8).flatMap { $0 }
        let (_, tookOver) = Self.compareRandomEdits(seed: seed, lines: lines, count: 24, edits: 25, expectStepLimit: true)
        #expect(tookOver > 0)
    }

    /// Words that call words defined further on (mutual recursion): a run going on from a
    /// checkpoint takes over the previous run's note of the definitions past the edit
    /// (`DefinitionScan`), and the calls it compiles must find them where they are now.
    @Test(arguments: [21, 22, 23, 24] as [UInt64])
    func editsBeforeWordsDefinedFurtherOnGiveWhatAWholeAnalysisGives(seed: UInt64) {
        let forward = [": f ( n -- r ) n g ;", ": g ( n -- r ) n 2 × ;", "3 f", "4 g",
                       ": h ( n -- r ) n 0 > if n 1 - k else 0 then ;", ": k ( n -- r ) n h ;", "5 h", "2 k",
                       ": g ( n -- r ) n 3 + ;", "# between"]
        let lines = Self.lines + forward + forward + forward
        let (_, tookOver) = Self.compareRandomEdits(seed: seed, lines: lines, count: 40, edits: 60)
        #expect(tookOver > 0)
    }

    /// Documents that include a file (`include "lib.rpn"`, open in the client): an analysis
    /// that included one runs the whole text again, the included file's offsets following the
    /// document's; one that includes none yet goes on from its checkpoint.
    @Test(arguments: [12, 13] as [UInt64])
    func editsAroundIncludesGiveWhatAWholeAnalysisGives(seed: UInt64) {
        let lines = Self.lines + Array(repeating: "include \"lib.rpn\"", count: 8) + ["libword", "3 libword libvalue +"]
        _ = Self.compareRandomEdits(seed: seed, lines: lines, count: 20, edits: 60,
                                    library: ": libword ( a -- b ) a 2 × ;\n7 →libvalue\n1 0 ÷\n")
    }

    /// Documents that change their precision (`digits N`, `exact`, `float`): the options are
    /// part of the state a checkpoint keeps and convergence compares, so an edit of a count,
    /// or one that adds or removes a directive, must give what a whole analysis gives.
    @Test(arguments: [31, 32, 33] as [UInt64])
    func editsOfThePrecisionGiveWhatAWholeAnalysisGive(seed: UInt64) {
        let precision = ["digits 30", "digits 12 2 √", "exact", "float", "2 √ 3 √ +", "digits", "digits 0", "π →p",
                         "p 2 ×", "digits 25 e", ": more digits 40 ;", "more π"]
        let lines = Self.lines + precision + precision
        _ = Self.compareRandomEdits(seed: seed, lines: lines, count: 30, edits: 80,
                                    pieces: Self.pieces + ["digits ", "30", "7", "digits 5"])
    }

    /// Applies random edits to a random document of `count` lines, comparing each result with
    /// a whole analysis; returns how many edits resumed after the start, and took over the rest.
    static func compareRandomEdits(seed: UInt64, lines: [String], count: Int, edits: Int, expectStepLimit: Bool = false,
                                   library: String? = nil, pieces: [String] = Self.pieces) -> (Int, Int) {
        var random = SeededGenerator(state: seed)
        var text = (0..<count).map { _ in lines.randomElement(using: &random)! }.joined(separator: "\n") + "\n"
        let edited = ServerHarness()
        edited.server.configuration.checkpointSpacing = 16
        if let library { edited.open(library, uri: "file:///lib.rpn") }
        edited.open(text)
        var version = 1
        var resumed = 0, tookOver = 0, limited = 0, included = 0
        for step in 0..<edits {
            let (range, replacement) = Self.randomEdit(of: text, lines: lines, pieces: pieces, using: &random)
            let before = text
            text = Self.apply(range, replacement, to: text)
            version += 1
            edited.notify("textDocument/didChange", [
                "textDocument": ["uri": "file:///t.rpn", "version": .int(version)],
                "contentChanges": [["range": Self.lspRange(range, in: before), "text": .string(replacement)]],
            ])
            let analysis = edited.server.documents["file:///t.rpn"]!.analysis
            if let from = analysis.resumedFrom, from > 0 { resumed += 1 }
            if analysis.tookOverFrom != nil { tookOver += 1 }
            let fresh = ServerHarness()
            if let library { fresh.open(library, uri: "file:///lib.rpn") }
            fresh.open(text)
            if expectStepLimit { limited += fresh.diagnostics().contains { $0["code"] == "step-limit" } ? 1 : 0 }
            if library != nil {  // the included file's division by zero, shown at the include
                included += fresh.diagnostics().contains { $0["message"]?.stringValue?.hasPrefix("lib.rpn:3:5") == true } ? 1 : 0
            }
            let context = "seed \(seed), step \(step), scalars \(range) of\n\(before)\nreplaced by \(replacement.debugDescription), giving\n\(text)"
            #expect(edited.diagnostics() == fresh.diagnostics(), "\(context)")
            let document: JSONValue = ["textDocument": ["uri": "file:///t.rpn"]]
            #expect(edited.result("textDocument/semanticTokens/full", document)["data"]
                        == fresh.result("textDocument/semanticTokens/full", document)["data"], "semantic tokens \(context)")
            #expect(edited.result("textDocument/documentSymbol", document) == fresh.result("textDocument/documentSymbol", document),
                    "symbols \(context)")
            let whole: JSONValue = ["textDocument": ["uri": "file:///t.rpn"],
                                    "range": ["start": ServerHarness.position(0, 0),
                                              "end": ServerHarness.position(text.split(separator: "\n", omittingEmptySubsequences: false).count, 0)]]
            #expect(edited.result("textDocument/inlayHint", whole) == fresh.result("textDocument/inlayHint", whole), "\(context)")
            let textLines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for _ in 0..<3 {
                let line = Int.random(in: 0..<textLines.count, using: &random)
                let character = Int.random(in: 0...textLines[line].utf16.count, using: &random)
                let place = edited.at(line, character)
                #expect(edited.request("textDocument/hover", place)["result"] == fresh.request("textDocument/hover", place)["result"],
                        "hover \(line):\(character) \(context)")
            }
        }
        if expectStepLimit { #expect(limited > edits / 2, "\(limited) of \(edits) versions ran out of steps") }
        if library != nil { #expect(included > edits / 6, "\(included) of \(edits) versions included lib.rpn") }
        return (resumed, tookOver)
    }

    /// A random edit: a whole line inserted or deleted, or a few characters replaced by a piece.
    static func randomEdit(of text: String, lines: [String], pieces: [String] = Self.pieces,
                           using random: inout SeededGenerator) -> (Swift.Range<Int>, String) {
        let scalars = Array(text.unicodeScalars)
        let lineStarts = [0] + scalars.indices.filter { scalars[$0] == "\n" }.map { $0 + 1 }.filter { $0 < scalars.count }
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            let at = lineStarts.randomElement(using: &random)!
            return (at..<at, lines.randomElement(using: &random)! + "\n")
        case 1:
            let index = Int.random(in: 0..<lineStarts.count, using: &random)
            let end = index + 1 < lineStarts.count ? lineStarts[index + 1] : scalars.count
            return (lineStarts[index]..<end, "")
        default:
            let start = Int.random(in: 0...scalars.count, using: &random)
            let end = min(scalars.count, start + Int.random(in: 0...3, using: &random))
            return (start..<end, pieces.randomElement(using: &random)!)
        }
    }

    /// `range` counts Unicode scalars.
    static func apply(_ range: Swift.Range<Int>, _ replacement: String, to text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        scalars.replaceSubrange(range, with: Array(replacement.unicodeScalars))
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }

    /// A scalar range as an LSP range (lines and UTF-16 code units).
    static func lspRange(_ range: Swift.Range<Int>, in text: String) -> JSONValue {
        func position(_ offset: Int) -> JSONValue {
            var line = 0, character = 0
            for scalar in text.unicodeScalars.prefix(offset) {
                if scalar == "\n" { line += 1; character = 0 } else { character += scalar.utf16.count }
            }
            return ServerHarness.position(line, character)
        }
        return ["start": position(range.lowerBound), "end": position(range.upperBound)]
    }
}
