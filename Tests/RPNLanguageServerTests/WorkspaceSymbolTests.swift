import Foundation
import RPNJSON
import Testing
@testable import RPNLanguageServer

/// `workspace/symbol` over the workspace folders' `*.rpn` files on disk and the open documents:
/// the words defined and the variables stored (the first store of each name in a file), whose
/// names hold the query's characters in order, in any case.
@Suite struct WorkspaceSymbolTests {
    /// A workspace folder on disk: `main.rpn`, `lib/geometry.rpn`, and what no search finds: a
    /// file of another kind, a hidden folder, a symbolic link to a folder (a walk through it
    /// could loop).
    static func workspace() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rpn-ws-\(UUID().uuidString)")
        let files = [
            "main.rpn": "include \"lib/geometry.rpn\"\n3 4 hyp →side\n",
            "lib/geometry.rpn": ": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;\n9.81 →g\n2 →g\n: area ( r -- a ) r 2 ^ π × ;\n",
            "notes.txt": ": hidden1 1 ;\n",
            ".git/x.rpn": ": hidden2 1 ;\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("loop"), withDestinationURL: root)
        return root
    }

    static func symbols(_ h: ServerHarness, _ query: String) -> [String] {
        (h.result("workspace/symbol", ["query": .string(query)]).arrayValue ?? []).map { symbol in
            let uri = symbol["location"]?["uri"]?.stringValue ?? ""
            let file = uri.split(separator: "/").suffix(2).joined(separator: "/")
            return "\(symbol["name"]?.stringValue ?? "") \(symbol["kind"]?.intValue ?? 0) \(file) \(span(symbol["location"]?["range"]))"
        }
    }

    /// (query, the symbols found: name, kind, the file's last two parts, the name's range in
    /// UTF-16 units: → is one), by hand.
    static let cases: [(String, [String])] = [
        // A folder's files before its folders: main.rpn, then lib/.
        ("", ["side 13 \(rootName)/main.rpn [1, 9, 1, 13]", "hyp 12 lib/geometry.rpn [0, 2, 0, 5]",
              "g 13 lib/geometry.rpn [1, 6, 1, 7]", "area 12 lib/geometry.rpn [3, 2, 3, 6]"]),
        ("HP", ["hyp 12 lib/geometry.rpn [0, 2, 0, 5]"]),
        ("ae", ["area 12 lib/geometry.rpn [3, 2, 3, 6]"]),
        ("hidden", []),
        ("zzz", []),
    ]
    static let rootName = "ROOT"

    @Test(arguments: cases)
    func search(_ query: String, _ expected: [String]) throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let h = ServerHarness(initialize: false)
        _ = h.result("initialize", ["capabilities": [:], "rootUri": .string(root.absoluteString)])
        #expect(Self.symbols(h, query) == expected.map { $0.replacingOccurrences(of: Self.rootName, with: root.lastPathComponent) })
    }

    /// An open document is searched as the client has it, before the files on disk; a file
    /// changed on disk is read again.
    @Test func openDocumentsAndChangedFiles() throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let h = ServerHarness(initialize: false)
        _ = h.result("initialize", ["capabilities": [:], "workspaceFolders": [["uri": .string(root.absoluteString), "name": "ws"]]])
        h.open(": hypot2 1 ;\n", uri: root.appendingPathComponent("main.rpn").absoluteString)
        #expect(Self.symbols(h, "hyp").map { $0.split(separator: " ").first! } == ["hypot2", "hyp"])
        try ": hyperbola 1 ;\n".write(to: root.appendingPathComponent("lib/geometry.rpn"), atomically: true, encoding: .utf8)
        #expect(Self.symbols(h, "hyp").map { $0.split(separator: " ").first! } == ["hypot2", "hyperbola"])
    }

    @Test func aQueryIsNeeded() {
        let h = ServerHarness()
        #expect(h.request("workspace/symbol", [:])["error"]?["code"] == -32602)
    }
}
