import RPNCore
import RPNJSON
import Testing
@testable import RPNLanguageServer

/// `include "FILE"` in the language server (issue 17). The documents are open in the client
/// and on no disk (`/include-test/` does not exist): an open document's text is what an
/// include reads. Positions are UTF-16 units, counted by hand.
@Suite struct IncludeLanguageServerTests {
    static let main = "file:///include-test/main.rpn", lib = "file:///include-test/lib.rpn"
    static let library = ": square ( x -- y ) x x × ;\n5 →five\n"

    /// A server with `lib.rpn` open, then `main.rpn` with `text`.
    static func harness(main text: String, lib library: String = library) -> ServerHarness {
        let h = ServerHarness()
        h.open(library, uri: lib)
        h.open(text, uri: main)
        return h
    }

    @Test func theIncludedWordsAndStoresAreThere() {
        let h = Self.harness(main: "include \"lib.rpn\"\n3 square five +\n")
        #expect(h.diagnostics(Self.main).isEmpty)
        let hover = h.result("textDocument/hover", h.at(1, 3, uri: Self.main))
        #expect(hover["contents"]?["value"]?.stringValue?.contains("square(x) = x×x") == true)
    }

    /// (main.rpn, lib.rpn, the diagnostic's range in main.rpn, its message, its place in lib.rpn).
    static let diagnosticCases: [(String, String, [Int], String, [Int]?)] = [
        ("1\ninclude \"lib.rpn\"", "\n1 0 ÷", [1, 0, 1, 17], "lib.rpn:2:5: division by zero", [1, 4, 1, 5]),
        ("\n\ninclude \"lib.rpn\"", "include \"main.rpn\"", [2, 0, 2, 17],
         "lib.rpn:1:1: include cycle: main.rpn → lib.rpn → main.rpn", [0, 0, 0, 18]),
        ("include \"nope.rpn\"", "", [0, 0, 0, 18],
         "cannot include nope.rpn: No such file or directory (main.rpn → nope.rpn)", nil),
        ("include \"lib.rpn\"", ": one ( -- x ) 1 ;\n: one ( -- x ) 2 ;", [0, 0, 0, 17],
         "lib.rpn:2:3: 'one' is defined again; uses from here on call this definition", [1, 2, 1, 5]),
    ]

    /// A diagnostic of an included file is shown at the include that brought it in, its place
    /// in the file in front of its message and as related information.
    @Test(arguments: diagnosticCases)
    func diagnosticsOfIncludedFilesAreAtTheInclude(_ main: String, _ library: String, _ range: [Int], _ message: String,
                                                   _ origin: [Int]?) {
        let h = Self.harness(main: main, lib: library)
        let diagnostics = h.diagnostics(Self.main)
        #expect(diagnostics.count == 1)
        #expect(span(diagnostics.first?["range"]) == range)
        #expect(diagnostics.first?["message"]?.stringValue == message)
        let related = diagnostics.first?["relatedInformation"]?.arrayValue?.first
        #expect(related.map { span($0["location"]?["range"]) } == origin)
        if origin != nil { #expect(related?["location"]?["uri"]?.stringValue == Self.lib) }
    }

    /// Go to definition: a word of an included file in that file; an include's name, the file.
    @Test func definitionsLeadIntoTheIncludedFile() {
        let h = Self.harness(main: "include \"lib.rpn\"\n3 square\n")
        let word = h.result("textDocument/definition", h.at(1, 4, uri: Self.main)).arrayValue?.first
        #expect(word?["uri"]?.stringValue == Self.lib)
        #expect(span(word?["range"]) == [0, 2, 0, 8])
        let file = h.result("textDocument/definition", h.at(0, 10, uri: Self.main)).arrayValue?.first
        #expect(file?["uri"]?.stringValue == Self.lib)
        #expect(span(file?["range"]) == [0, 0, 0, 0])
    }

    /// References of a word of an included file: its definition there, then its uses here.
    @Test func referencesOfAnIncludedWordStartAtItsDefinition() {
        let h = Self.harness(main: "include \"lib.rpn\"\n3 square 4 square\n")
        var params = h.at(1, 3, uri: Self.main).objectValue!
        params["context"] = ["includeDeclaration": true]
        let found = (h.result("textDocument/references", .object(params)).arrayValue ?? []).map {
            "\($0["uri"]?.stringValue == Self.lib ? "lib" : "main") \(span($0["range"]))"
        }
        #expect(found == ["lib [0, 2, 0, 8]", "main [1, 2, 1, 8]", "main [1, 11, 1, 17]"])
        params["context"] = ["includeDeclaration": false]
        #expect(h.result("textDocument/references", .object(params)).arrayValue?.count == 2)
    }

    /// The included words are offered after the include, not before it.
    @Test func completionOffersTheIncludedWordsAfterTheInclude() {
        let h = Self.harness(main: "sq\ninclude \"lib.rpn\"\nsq\n")
        let labels = { (line: Int) in (h.completionItems(line, 2, uri: Self.main)).compactMap { $0["label"]?.stringValue } }
        #expect(!labels(0).contains("square"))
        #expect(labels(2).contains("square"))
    }

    @Test func hoverOnTheNameSaysWhichFileAndWhatItDefines() {
        let h = Self.harness(main: "include \"lib.rpn\"\n")
        let value = h.result("textDocument/hover", h.at(0, 11, uri: Self.main))["contents"]?["value"]?.stringValue ?? ""
        #expect(value.contains("includes /include-test/lib.rpn"))
        #expect(value.contains("square"))
        #expect(value.contains("( x -- y )"))
    }

    /// The document's own outline, folds and hints: none of the included file's words, and
    /// no `unused-word` for them, nor lints about the variables it stores.
    @Test func theDocumentsOwnFeaturesLeaveTheIncludedWordsOut() {
        let h = Self.harness(main: "include \"lib.rpn\"\n: cube ( x -- y ) x x x × × ;\n2 cube\n3 →five five\n",
                             lib: ": square ( x -- y )\n  x x × ;\n")
        let symbols = h.result("textDocument/documentSymbol", ["textDocument": ["uri": .string(Self.main)]]).arrayValue ?? []
        #expect(symbols.compactMap { $0["name"]?.stringValue } == ["cube", "five"])
        let folds = h.result("textDocument/foldingRange", ["textDocument": ["uri": .string(Self.main)]]).arrayValue ?? []
        #expect(folds.map { [$0["startLine"]?.intValue, $0["endLine"]?.intValue] } == [[0, 3]])  // the paragraph alone
        #expect(h.diagnostics(Self.main).isEmpty)
    }

    /// A store the included file reads is no `unused-store`: the lints see the document's
    /// tokens only, and say nothing of the variables an included file reads or stores.
    @Test func noLintAboutAVariableTheIncludedFileReads() {
        let h = Self.harness(main: "3 →x include \"lib.rpn\"\n", lib: "x 2 ×\n")
        #expect(h.diagnostics(Self.main).isEmpty)
        let alone = ServerHarness()
        alone.open("3 →x 4 →x x\n")
        #expect(alone.diagnostics().map { $0["code"]?.stringValue } == ["unused-store"])  // the lint is there otherwise
    }

    /// The calculator's requests run the document with its includes: `rpn/evaluate` up to a
    /// place, `rpn.evaluate` of a line (3 square = 9, five = 5) and of a selection.
    @Test func evaluatingRunsTheIncludes() {
        let h = Self.harness(main: "include \"lib.rpn\"\n3 square five\n")
        #expect(h.result("rpn/evaluate", h.at(1, 14, uri: Self.main))["values"]?.arrayValue?.map(\.doubleValue) == [9, 5])
        let line = h.result("workspace/executeCommand", ["command": "rpn.evaluate", "arguments": [
            ["uri": .string(Self.main), "position": ServerHarness.position(1, 0)]]])
        #expect(line["text"]?.stringValue == "five = 5")
        let selection = h.result("workspace/executeCommand", ["command": "rpn.evaluate", "arguments": [
            ["uri": .string(Self.main), "range": ["start": ServerHarness.position(1, 0), "end": ServerHarness.position(1, 8)]]]])
        #expect(selection["text"]?.stringValue == "square(3) = 9")
        let broken = Self.harness(main: "include \"lib.rpn\"\n", lib: "1 0 ÷")
        #expect(broken.result("rpn/evaluate", broken.at(0, 17, uri: Self.main))["diagnostics"]?.arrayValue?.first?["message"]
                == "lib.rpn:1:5: division by zero")
    }

    /// A word of an included file renamed in the including document is renamed in that file
    /// too, as the client has it open.
    @Test func aWordOfAnIncludedFileIsRenamedThereToo() {
        let h = Self.harness(main: "include \"lib.rpn\"\n3 square\n")
        let edit = h.result("textDocument/rename", h.at(1, 4, uri: Self.main).merging(["newName": "sq2"]))
        let changes = edit["changes"]?.objectValue
        #expect(changes?[Self.lib]?.arrayValue.map { ClientText.applying($0, to: Self.library, encoding: "utf-16") }
                == ": sq2 ( x -- y ) x x × ;\n5 →five\n")
        #expect(changes?[Self.main]?.arrayValue.map { ClientText.applying($0, to: "include \"lib.rpn\"\n3 square\n", encoding: "utf-16") }
                == "include \"lib.rpn\"\n3 sq2\n")
    }

    /// A file opened in the client is what the documents including it read from then on, and
    /// the disk's (here none) once it is closed.
    @Test func openingAndClosingTheIncludedFileRefreshesTheIncludingDocument() {
        let h = ServerHarness()
        h.open("include \"lib.rpn\"\n3 square\n", uri: Self.main)
        #expect(h.diagnostics(Self.main).first?["code"]?.stringValue == "include-failed")
        h.open(Self.library, uri: Self.lib)
        #expect(h.diagnostics(Self.main).isEmpty)
        h.notify("textDocument/didClose", ["textDocument": ["uri": .string(Self.lib)]])
        #expect(h.diagnostics(Self.main).first?["code"]?.stringValue == "include-failed")
    }

    /// An edit of an open included file analyses the documents that include it again.
    @Test func anEditOfTheIncludedFileRefreshesTheIncludingDocument() {
        let h = Self.harness(main: "include \"lib.rpn\"\n3 square\n")
        #expect(h.diagnostics(Self.main).isEmpty)
        h.notify("textDocument/didChange", ["textDocument": ["uri": .string(Self.lib), "version": 2],
                                            "contentChanges": [["text": "1 0 ÷\n"]]])
        #expect(h.diagnostics(Self.main).first?["message"]?.stringValue == "lib.rpn:1:5: division by zero")
    }
}
