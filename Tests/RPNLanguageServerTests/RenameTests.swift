import RPNCore
import RPNJSON
import Testing
@testable import RPNLanguageServer

/// A rename keeps the program's meaning: it refuses names that would merge two variables or
/// turn a variable into a word, and works from anywhere on a name, its end included.
@Suite struct RenameTests {
    static let program = "2 →M 3 →N M N +\nM 1 →E E"

    static func values(_ text: String) -> [Number?] { RPN.evaluate(text).values }

    /// New names for M that must be refused, and a word of the message.
    static let refused: [(String, String)] = [
        ("N", "already"), ("E", "already"),                          // would merge two variables
        ("sin", "built-in"), ("SIN", "built-in"), ("Dup", "built-in"), ("unset", "built-in"),
        ("e", "built-in"), ("pi", "built-in"), ("π", "built-in"), ("√", "built-in"),
        ("2x", "not a variable name"), ("a b", "not a variable name"), ("", "not a variable name"),
        ("→x", "not a variable name"), ("->x", "not a variable name"), ("x+", "not a variable name"),
    ]

    @Test(arguments: refused)
    func refusedWithAMessage(_ newName: String, _ why: String) {
        let h = ServerHarness()
        h.open(Self.program)
        let response = h.request("textDocument/rename", h.at(0, 3).merging(["newName": .string(newName)]))
        #expect(response["error"]?["code"] == .int(ResponseError.requestFailed), "\(newName): \(response)")
        let message = response["error"]?["message"]?.stringValue ?? ""
        #expect(message.contains(why) && message.contains("'\(newName)'"), "\(message)")
    }

    /// Names that are free to take: constants are case-sensitive (`PI`, `Pi` and `e2` are
    /// variables), words are not (but `sinx` is no word).
    @Test(arguments: ["PI", "Pi", "e2", "sinx", "total", "𝑥", "_m", "M"])
    func acceptedAndTheValueStaysTheSame(_ newName: String) throws {
        let h = ServerHarness()
        h.open(Self.program)
        let edit = h.result("textDocument/rename", h.at(0, 3).merging(["newName": .string(newName)]))
        let edits = edit["changes"]?["file:///t.rpn"]?.arrayValue ?? []
        #expect(edits.count == 3)
        let renamed = try #require(ClientText.applying(edits, to: Self.program, encoding: "utf-16"))
        #expect(Self.values(renamed) == Self.values(Self.program), "\(renamed)")
        #expect(Self.values(Self.program) == [5, 2, 1])  // M N + is 2+3; then M, and E = 1
    }

    /// Cursor positions on the variable x of `1 →x x+ x` (UTF-16 columns): on the store's arrow,
    /// at a name's start, and right after a name, even with an operator glued to it.
    @Test(arguments: [(0, 2), (0, 3), (0, 4), (0, 5), (0, 6), (0, 9)])
    func navigationFromAnywhereOnAName(_ line: Int, _ character: Int) {
        let h = ServerHarness()
        h.open("1 →x x+ x 2 →y y")
        let prepared = h.result("textDocument/prepareRename", h.at(line, character))
        #expect(prepared["placeholder"] == "x", "\(character): \(prepared)")
        let definitions = h.result("textDocument/definition", h.at(line, character)).arrayValue ?? []
        #expect(definitions.map { span($0["range"]) } == [[0, 3, 0, 4]])
        let references = h.result("textDocument/references", h.at(line, character)).arrayValue ?? []
        #expect(references.map { span($0["range"]) } == [[0, 3, 0, 4], [0, 5, 0, 6], [0, 8, 0, 9]])
        let highlights = h.result("textDocument/documentHighlight", h.at(line, character)).arrayValue ?? []
        #expect(highlights.count == 3)
        let edits = h.result("textDocument/rename", h.at(line, character).merging(["newName": "z"]))["changes"]?[
            "file:///t.rpn"]?.arrayValue ?? []
        #expect(ClientText.applying(edits, to: "1 →x x+ x 2 →y y", encoding: "utf-16") == "1 →z z+ z 2 →y y")
    }

    @Test func notAVariableIsNull() {
        let h = ServerHarness()
        h.open("1 →x x+ x")
        #expect(h.result("textDocument/prepareRename", h.at(0, 7)) == .null)  // after the +
        #expect(h.result("textDocument/prepareRename", h.at(0, 0)) == .null)  // the number
    }
}
