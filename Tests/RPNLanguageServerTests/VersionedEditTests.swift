import RPNJSON
import Testing
@testable import RPNLanguageServer

/// The edits of code actions and renames are made for one version of the text: to a client
/// that takes `documentChanges`, they name it, so that the client refuses them for any other
/// (a fix offered before the user typed on would otherwise land on text it was not made for:
/// `sqr` → `sqrt` over `9; sqr dup`, three bytes to the left, makes `9;sqrtr dup`). Clients
/// without it get `changes`, which cannot say.
@Suite struct VersionedEditTests {
    static let uri = "file:///t.rpn"
    static let versioned: JSONValue = ["workspace": ["workspaceEdit": ["documentChanges": true]]]

    /// (what is asked, of the text `sqr 2 + 3 →x x` at version 5)
    static let requests: [(String, JSONValue)] = [
        ("textDocument/codeAction", ["range": ["start": ServerHarness.position(0, 0), "end": ServerHarness.position(0, 0)],
                                     "context": ["only": ["quickfix"], "diagnostics": [
                                         ["range": ["start": ServerHarness.position(0, 0), "end": ServerHarness.position(0, 3)],
                                          "code": "unset-variable", "message": "m"]]]]),
        ("textDocument/codeAction", ["range": ["start": ServerHarness.position(0, 0), "end": ServerHarness.position(0, 0)],
                                     "context": ["only": ["refactor.rewrite"], "diagnostics": []]]),
        ("textDocument/rename", ["position": ServerHarness.position(0, 12), "newName": "y"]),
    ]

    func answer(_ capabilities: JSONValue, _ method: String, _ params: JSONValue) -> JSONValue? {
        let h = ServerHarness(capabilities: capabilities)
        h.open("sqr 2 + 3 →x x\n")
        h.notify("textDocument/didChange", ["textDocument": ["uri": .string(Self.uri), "version": 5],
                                            "contentChanges": [["text": "sqr 2 + 3 →x x\n"]]])
        var all = params.objectValue ?? [:]
        all["textDocument"] = ["uri": .string(Self.uri)]
        let result = h.result(method, .object(all))
        return method == "textDocument/rename" ? result : result[0]?["edit"]
    }

    @Test(arguments: requests)
    func theEditsNameTheirVersion(_ method: String, _ params: JSONValue) throws {
        let edit = try #require(answer(Self.versioned, method, params))
        #expect(edit["changes"] == nil)
        let changes = try #require(edit["documentChanges"]?.arrayValue)
        #expect(changes.count == 1)
        #expect(changes.first?["textDocument"] == ["uri": .string(Self.uri), "version": 5])
        #expect(changes.first?["edits"]?.arrayValue?.isEmpty == false)
    }

    @Test(arguments: requests)
    func clientsWithoutDocumentChangesGetChanges(_ method: String, _ params: JSONValue) throws {
        let edit = try #require(answer([:], method, params))
        #expect(edit["documentChanges"] == nil)
        #expect(edit["changes"]?[Self.uri]?.arrayValue?.isEmpty == false)
    }
}
