import Foundation
import RPNJSON
import Testing
@testable import RPNLanguageServer

/// The language server across the workspace's files (issue 17): references, rename and call
/// hierarchy of a word reach every file that sees its definition (the file defining it, open
/// documents including it, closed `*.rpn` files of the workspace including it, directly or
/// through another file), and file watching keeps what the server read from the disk current.
/// Positions are UTF-16 units, counted by hand (× and π are one each).
@Suite(.serialized) struct WorkspaceNavigationTests {
    static let library = ": square ( x -- y ) x x × ;\n: quad ( x -- y ) x square square ;\n"
    static let texts = [
        "lib.rpn": library,
        // Open in the tests; on disk too.
        "a.rpn": "include \"lib.rpn\"\n3 square 2 quad +\n",
        // Closed: a word of its own calls square.
        "b.rpn": "include \"lib.rpn\"\n: area ( r -- a ) r square π × ;\n",
        // Closed, through b.rpn.
        "sub/d.rpn": "include \"../b.rpn\"\n5 square\n",
        // Closed, a square of its own: none of the library's.
        "c.rpn": ": square ( x -- y ) x x × ;\n4 square\n",
    ]

    /// A workspace folder on disk with `texts`.
    static func workspace() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ws-rpn-\(UUID().uuidString)")
        for (path, text) in texts { try write(text, to: root.appendingPathComponent(path)) }
        return root.resolvingSymlinksInPath()
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// A server on the workspace, with a.rpn open.
    static func harness(_ root: URL, capabilities: JSONValue = [:]) -> ServerHarness {
        let h = ServerHarness(initialize: false)
        _ = h.result("initialize", ["capabilities": capabilities, "rootUri": .string(root.absoluteString)])
        h.notify("initialized", [:])
        h.open(texts["a.rpn"]!, uri: uri(root, "a.rpn"))
        return h
    }

    static func uri(_ root: URL, _ path: String) -> String { root.appendingPathComponent(path).absoluteString }

    /// Locations as `file [line, start, line, end]`, the file relative to the root.
    static func shown(_ locations: JSONValue, _ root: URL) -> Set<String> {
        Set((locations.arrayValue ?? []).map { location in
            let uri = location["uri"]?.stringValue ?? ""
            return "\(uri.replacingOccurrences(of: root.absoluteString + "/", with: "")) \(span(location["range"]))"
        })
    }

    static let everySquare: Set<String> = [
        "lib.rpn [0, 2, 0, 8]", "lib.rpn [1, 20, 1, 26]", "lib.rpn [1, 27, 1, 33]",
        "a.rpn [1, 2, 1, 8]", "b.rpn [1, 20, 1, 26]", "sub/d.rpn [1, 2, 1, 8]",
    ]

    @Test func referencesReachEveryFileThatSeesTheDefinition() throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let h = Self.harness(root)
        let params = h.at(1, 3, uri: Self.uri(root, "a.rpn"))
        let all = h.result("textDocument/references", params.merging(["context": ["includeDeclaration": true]]))
        #expect(Self.shown(all, root) == Self.everySquare)
        let uses = h.result("textDocument/references", params.merging(["context": ["includeDeclaration": false]]))
        #expect(Self.shown(uses, root) == Self.everySquare.subtracting(["lib.rpn [0, 2, 0, 8]"]))
        // From the library, open too, on its definition: the same.
        h.open(Self.library, uri: Self.uri(root, "lib.rpn"))
        let fromLibrary = h.result("textDocument/references", h.at(0, 4, uri: Self.uri(root, "lib.rpn"))
            .merging(["context": ["includeDeclaration": true]]))
        #expect(Self.shown(fromLibrary, root) == Self.everySquare)
        // c.rpn's own square has its own references.
        h.open(Self.texts["c.rpn"]!, uri: Self.uri(root, "c.rpn"))
        let own = h.result("textDocument/references", h.at(1, 3, uri: Self.uri(root, "c.rpn"))
            .merging(["context": ["includeDeclaration": true]]))
        #expect(Self.shown(own, root) == ["c.rpn [0, 2, 0, 8]", "c.rpn [1, 2, 1, 8]"])
    }

    /// The edits of a rename, applied to each file's text: what the user gets.
    static func renamed(_ edit: JSONValue, _ root: URL, open: [String: String] = [:]) -> [String: String] {
        var result: [String: String] = [:]
        var perFile: [(String, [JSONValue])] = []
        if let changes = edit["documentChanges"]?.arrayValue {
            perFile = changes.map { ($0["textDocument"]?["uri"]?.stringValue ?? "", $0["edits"]?.arrayValue ?? []) }
        } else if let changes = edit["changes"]?.objectValue {
            perFile = changes.map { ($0.key, $0.value.arrayValue ?? []) }
        }
        for (uri, edits) in perFile {
            let path = uri.replacingOccurrences(of: root.absoluteString + "/", with: "")
            result[path] = ClientText.applying(edits, to: open[path] ?? texts[path] ?? "", encoding: "utf-16")
        }
        return result
    }

    static let afterRename = [
        "lib.rpn": ": sq2 ( x -- y ) x x × ;\n: quad ( x -- y ) x sq2 sq2 ;\n",
        "a.rpn": "include \"lib.rpn\"\n3 sq2 2 quad +\n",
        "b.rpn": "include \"lib.rpn\"\n: area ( r -- a ) r sq2 π × ;\n",
        "sub/d.rpn": "include \"../b.rpn\"\n5 sq2\n",
    ]

    @Test(arguments: [false, true])
    func renameEditsEveryFileThatSeesTheDefinition(_ versioned: Bool) throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let h = Self.harness(root, capabilities: ["workspace": ["workspaceEdit": ["documentChanges": .bool(versioned)]]])
        let edit = h.result("textDocument/rename", h.at(1, 4, uri: Self.uri(root, "a.rpn")).merging(["newName": "sq2"]))
        #expect(Self.renamed(edit, root) == Self.afterRename)
        if versioned {
            // The open document's edits name its version; the closed files' name none.
            let versions = (edit["documentChanges"]?.arrayValue ?? []).map {
                ($0["textDocument"]?["uri"]?.stringValue ?? "", $0["textDocument"]?["version"])
            }
            #expect(versions.first { $0.0 == Self.uri(root, "a.rpn") }?.1 == 1)
            #expect(versions.filter { $0.0 != Self.uri(root, "a.rpn") }.allSatisfy { $0.1 == .null })
        } else {
            #expect(edit["documentChanges"] == nil)
        }
    }

    /// An open document is renamed as the client has it (its unsaved text), not as on disk.
    @Test func anOpenFileIsRenamedAsTheClientHasIt() throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let h = Self.harness(root)
        let b = "include \"lib.rpn\"\n1 square\n: area ( r -- a ) r square π × ;\n"
        h.open(b, uri: Self.uri(root, "b.rpn"))
        let edit = h.result("textDocument/rename", h.at(1, 4, uri: Self.uri(root, "a.rpn")).merging(["newName": "sq2"]))
        #expect(Self.renamed(edit, root, open: ["b.rpn": b])["b.rpn"] == "include \"lib.rpn\"\n1 sq2\n: area ( r -- a ) r sq2 π × ;\n")
    }

    /// A name taken in any file the rename would touch is refused, naming the file.
    @Test(arguments: [
        ("area", "'area' is already a name in b.rpn: renaming 'square' to it would merge the two"),
        ("quad", "'quad' is already a name in this document: renaming 'square' to it would merge the two"),
        ("sqrt", "'sqrt' is the built-in word sqrt: a word cannot be named so"),
    ])
    func aCollisionInAnyFileIsRefused(_ newName: String, _ message: String) throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let h = Self.harness(root)
        let response = h.request("textDocument/rename", h.at(1, 4, uri: Self.uri(root, "a.rpn")).merging(["newName": .string(newName)]))
        #expect(response["error"]?["message"]?.stringValue == message)
    }

    /// The item of the word at a place; the calls of an item as `caller file [ranges]`.
    static func item(_ h: ServerHarness, _ root: URL, _ file: String, _ line: Int, _ character: Int) -> JSONValue? {
        h.result("textDocument/prepareCallHierarchy", h.at(line, character, uri: uri(root, file))).arrayValue?.first
    }

    static func calls(_ h: ServerHarness, _ root: URL, _ direction: String, _ item: JSONValue) -> Set<String> {
        let key = direction == "incoming" ? "from" : "to"
        return Set((h.result("callHierarchy/\(direction)Calls", ["item": item]).arrayValue ?? []).map { call in
            let other = call[key]
            let file = (other?["uri"]?.stringValue ?? "").replacingOccurrences(of: root.absoluteString + "/", with: "")
            return "\(other?["name"]?.stringValue ?? "") \(file) \((call["fromRanges"]?.arrayValue ?? []).map { span($0) })"
        })
    }

    @Test func callHierarchyAcrossFiles() throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let h = Self.harness(root)
        // The word of the library called in a.rpn is the library's: there it is.
        let square = try #require(Self.item(h, root, "a.rpn", 1, 3))
        #expect(square["name"]?.stringValue == "square" && square["uri"]?.stringValue == Self.uri(root, "lib.rpn"))
        #expect(span(square["selectionRange"]) == [0, 2, 0, 8] && span(square["range"]) == [0, 0, 0, 27])
        #expect(Self.calls(h, root, "incoming", square) == [
            "quad lib.rpn [[1, 20, 1, 26], [1, 27, 1, 33]]", "top level a.rpn [[1, 2, 1, 8]]",
            "area b.rpn [[1, 20, 1, 26]]", "top level sub/d.rpn [[1, 2, 1, 8]]",
        ])
        // A caller in a closed file leads on to what it calls, in the library.
        let incoming = h.result("callHierarchy/incomingCalls", ["item": square]).arrayValue ?? []
        let area = try #require(incoming.first { $0["from"]?["name"]?.stringValue == "area" }?["from"])
        #expect(Self.calls(h, root, "outgoing", area) == ["square lib.rpn [[1, 20, 1, 26]]"])
        #expect(Self.calls(h, root, "incoming", area).isEmpty)
        // a.rpn's top level calls into the library.
        let top = try #require(incoming.first { $0["from"]?["uri"]?.stringValue == Self.uri(root, "a.rpn") }?["from"])
        #expect(Self.calls(h, root, "outgoing", top) == ["square lib.rpn [[1, 2, 1, 8]]", "quad lib.rpn [[1, 11, 1, 15]]"])
        // quad, in the (closed) library, calls square there.
        let quad = try #require(Self.item(h, root, "a.rpn", 1, 12))
        #expect(Self.calls(h, root, "outgoing", quad) == ["square lib.rpn [[1, 20, 1, 26], [1, 27, 1, 33]]"])
    }

    static let watching: JSONValue = ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]]

    static func watched(_ h: ServerHarness, _ root: URL, _ path: String, _ type: Int) {
        h.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(uri(root, path)), "type": .int(type)]]])
    }

    /// A client that can be asked to is asked to watch the `*.rpn` files; one that cannot is not.
    @Test func theServerAsksToWatchTheWorkspacesFiles() throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let h = Self.harness(root, capabilities: Self.watching)
        let registration = h.sent.first { $0["method"]?.stringValue == "client/registerCapability" }
        let first = registration?["params"]?["registrations"]?[0]
        #expect(first?["method"]?.stringValue == "workspace/didChangeWatchedFiles")
        #expect(first?["registerOptions"]?["watchers"]?[0]?["globPattern"]?.stringValue == "**/*.rpn")
        let other = Self.harness(root)
        #expect(!other.sent.contains { $0["method"]?.stringValue == "client/registerCapability" })
    }

    /// A closed library changed or deleted on disk: the open documents including it show it.
    @Test func aWatchedChangeOfAClosedLibraryRechecksItsIncluders() throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let h = Self.harness(root, capabilities: Self.watching)
        let a = Self.uri(root, "a.rpn")
        #expect(h.diagnostics(a).isEmpty)
        try Self.write(Self.library + "1 0 ÷\n", to: root.appendingPathComponent("lib.rpn"))
        Self.watched(h, root, "lib.rpn", 2)
        #expect(h.diagnostics(a).map { $0["message"]?.stringValue } == ["lib.rpn:3:5: division by zero"])
        try FileManager.default.removeItem(at: root.appendingPathComponent("lib.rpn"))
        Self.watched(h, root, "lib.rpn", 3)
        #expect(h.diagnostics(a).first?["code"]?.stringValue == "include-failed")
        // Created again: found again.
        try Self.write(Self.library, to: root.appendingPathComponent("lib.rpn"))
        Self.watched(h, root, "lib.rpn", 1)
        #expect(h.diagnostics(a).isEmpty)
    }

    /// A client that pulls diagnostics is asked to pull again.
    @Test func aPullingClientIsAskedToPullAgain() throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let h = Self.harness(root, capabilities: ["textDocument": ["diagnostic": [:]],
                                                  "workspace": ["diagnostics": ["refreshSupport": true],
                                                                "didChangeWatchedFiles": ["dynamicRegistration": true]]])
        let before = h.sent.count
        try Self.write("1 0 ÷\n", to: root.appendingPathComponent("lib.rpn"))
        Self.watched(h, root, "lib.rpn", 2)
        #expect(h.sent[before...].contains { $0["method"]?.stringValue == "workspace/diagnostic/refresh" })
        let report = h.result("textDocument/diagnostic", ["textDocument": ["uri": .string(Self.uri(root, "a.rpn"))]])
        #expect(report["items"]?[0]?["message"]?.stringValue == "lib.rpn:1:5: division by zero")
    }

    /// A file edited in the client, saved and closed is read again as saved.
    @Test func aSavedFileIsReadAgain() throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let h = Self.harness(root)
        let params = h.at(1, 3, uri: Self.uri(root, "a.rpn")).merging(["context": ["includeDeclaration": false]])
        #expect(Self.shown(h.result("textDocument/references", params), root).count == 5)
        let b = Self.uri(root, "b.rpn"), text = Self.texts["b.rpn"]! + "7 square\n"
        h.open(Self.texts["b.rpn"]!, uri: b)
        h.notify("textDocument/didChange", ["textDocument": ["uri": .string(b), "version": 2], "contentChanges": [["text": .string(text)]]])
        try Self.write(text, to: root.appendingPathComponent("b.rpn"))
        h.notify("textDocument/didSave", ["textDocument": ["uri": .string(b)]])
        h.notify("textDocument/didClose", ["textDocument": ["uri": .string(b)]])
        #expect(Self.shown(h.result("textDocument/references", params), root).contains("b.rpn [2, 2, 2, 8]"))
    }
}
