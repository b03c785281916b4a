import RPNJSON
import Testing
@testable import RPNLanguageServer

/// The capabilities `initialize` advertises come from the handlers registered: each handled
/// method advertises its capability, and nothing else is advertised.
@Suite struct CapabilitiesTests {
    /// A client that says it can do what the server offers only to some (pull diagnostics).
    static let capableClient: JSONValue = ["textDocument": ["diagnostic": [:]]]

    /// The capabilities object as it was written by hand, in step with the handlers, before it
    /// was derived from them (constants spelled out: sync kind 2 is incremental), for
    /// `capableClient`.
    static let handWritten: JSONValue = [
        "positionEncoding": "utf-16",
        "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
        "hoverProvider": true,
        "completionProvider": ["triggerCharacters": ["→", ">"], "resolveProvider": true],
        "signatureHelpProvider": ["triggerCharacters": [" "]],
        "definitionProvider": true,
        "referencesProvider": true,
        "documentHighlightProvider": true,
        "callHierarchyProvider": true,
        "documentSymbolProvider": true,
        "workspaceSymbolProvider": true,
        "renameProvider": ["prepareProvider": true],
        "documentFormattingProvider": true,
        "documentRangeFormattingProvider": true,
        "codeActionProvider": ["codeActionKinds": ["quickfix", "refactor.rewrite", "source.rpn.evaluate"]],
        "codeLensProvider": ["resolveProvider": false],
        "executeCommandProvider": ["commands": ["rpn.evaluate"]],
        "foldingRangeProvider": true,
        "selectionRangeProvider": true,
        "inlayHintProvider": true,
        "semanticTokensProvider": [
            "legend": ["tokenTypes": ["number", "operator", "function", "variable", "keyword", "comment", "parameter", "string"],
                       "tokenModifiers": ["declaration", "readonly", "defaultLibrary"]],
            "full": ["delta": true],
            "range": true,
        ],
        "experimental": ["rpnEvaluateProvider": true, "rpnDescribeProvider": true],
        "diagnosticProvider": ["interFileDependencies": false, "workspaceDiagnostics": true],
    ]

    func capabilities(removing methods: [String] = []) -> JSONValue {
        let h = ServerHarness(initialize: false)
        for method in methods { h.server.removeHandler(method) }
        return h.result("initialize", ["capabilities": Self.capableClient])["capabilities"] ?? .null
    }

    /// Every key of both objects, at every depth, compared one by one (so a failure names it).
    func expectSame(_ actual: JSONValue, _ expected: JSONValue, _ path: String = "capabilities",
                    sourceLocation: SourceLocation = #_sourceLocation) {
        guard let actualObject = actual.objectValue, let expectedObject = expected.objectValue else {
            #expect(actual == expected, "\(path)", sourceLocation: sourceLocation)
            return
        }
        for key in Set(actualObject.keys).union(expectedObject.keys).sorted() {
            expectSame(actualObject[key] ?? .null, expectedObject[key] ?? .null, path + "." + key,
                       sourceLocation: sourceLocation)
        }
    }

    @Test func theDerivedCapabilitiesAreTheHandWrittenOnes() {
        expectSame(capabilities(), Self.handWritten)
    }

    @Test func theNegotiatedEncodingIsAdvertised() {
        let h = ServerHarness(initialize: false)
        let result = h.result("initialize", ["capabilities": ["general": ["positionEncodings": ["utf-8"]]]])
        #expect(result["capabilities"]?["positionEncoding"] == "utf-8")
    }

    /// (method without a handler, a place in the capabilities, what is there then: nil for
    /// nothing). Related methods share a capability: it stays while one of them is handled.
    static let removals: [(String, [String], JSONValue?)] = [
        ("textDocument/hover", ["hoverProvider"], nil),
        ("textDocument/completion", ["completionProvider"], nil),  // resolve alone is no completion
        ("completionItem/resolve", ["completionProvider", "resolveProvider"], nil),
        ("textDocument/signatureHelp", ["signatureHelpProvider"], nil),
        ("textDocument/definition", ["definitionProvider"], nil),
        ("textDocument/references", ["referencesProvider"], nil),
        ("textDocument/documentHighlight", ["documentHighlightProvider"], nil),
        ("textDocument/prepareCallHierarchy", ["callHierarchyProvider"], nil),
        ("textDocument/documentSymbol", ["documentSymbolProvider"], nil),
        ("workspace/symbol", ["workspaceSymbolProvider"], nil),
        ("textDocument/prepareRename", ["renameProvider"], true),
        ("textDocument/rename", ["renameProvider"], nil),  // prepareRename alone is no rename
        ("textDocument/formatting", ["documentFormattingProvider"], nil),
        ("textDocument/rangeFormatting", ["documentRangeFormattingProvider"], nil),
        ("textDocument/codeAction", ["codeActionProvider"], nil),
        ("textDocument/codeLens", ["codeLensProvider"], nil),
        ("workspace/executeCommand", ["executeCommandProvider"], nil),
        ("textDocument/foldingRange", ["foldingRangeProvider"], nil),
        ("textDocument/selectionRange", ["selectionRangeProvider"], nil),
        ("textDocument/inlayHint", ["inlayHintProvider"], nil),
        ("textDocument/semanticTokens/full/delta", ["semanticTokensProvider", "full"], true),
        ("textDocument/semanticTokens/full", ["semanticTokensProvider", "full"], nil),  // nor is a delta alone
        ("textDocument/semanticTokens/range", ["semanticTokensProvider", "range"], nil),
        ("rpn/evaluate", ["experimental", "rpnEvaluateProvider"], nil),
        ("rpn/describe", ["experimental", "rpnDescribeProvider"], nil),
        ("textDocument/didChange", ["textDocumentSync", "change"], nil),
        ("textDocument/didOpen", ["textDocumentSync", "openClose"], true),  // didClose says so too
        ("textDocument/didClose", ["textDocumentSync", "openClose"], true),
        ("textDocument/didSave", ["textDocumentSync", "save"], nil),
        ("textDocument/diagnostic", ["diagnosticProvider"], nil),  // the workspace's alone is none
        ("workspace/diagnostic", ["diagnosticProvider", "workspaceDiagnostics"], false),
    ]

    @Test(arguments: removals)
    func aCapabilityGoesWithItsHandler(_ method: String, _ path: [String], _ then: JSONValue?) {
        expectSame(capabilities(removing: [method]), Self.setting(then, at: path[...], in: Self.handWritten))
        let h = ServerHarness()
        h.server.removeHandler(method)
        if method.hasPrefix("textDocument/did") { return }  // notifications are not answered
        #expect(h.request(method, [:])["error"]?["code"] == -32601, "no handler, no answer")
    }

    @Test func everyMethodWithACapabilityIsInTheTable() {
        let advertising = ServerHarness(initialize: false).server.registeredCapabilities.map(\.method)
        #expect(Set(advertising) == Set(Self.removals.map(\.0)))
    }

    @Test func bothMethodsOfASharedCapabilityRemovedRemoveIt() {
        let sync = capabilities(removing: ["textDocument/didOpen", "textDocument/didClose"])["textDocumentSync"]
        #expect(sync == ["change": 2, "save": ["includeText": false]])
        let experimental = capabilities(removing: ["rpn/evaluate", "rpn/describe"])["experimental"]
        #expect(experimental == nil)
    }

    @Test func withoutHandlersOnlyTheEncodingIsAdvertised() {
        let h = ServerHarness(initialize: false)
        for method in h.server.registeredMethods where method != "initialize" { h.server.removeHandler(method) }
        #expect(h.result("initialize", ["capabilities": [:]])["capabilities"] == ["positionEncoding": "utf-16"])
    }

    /// `object` with `value` at `path` (nil: removed).
    static func setting(_ value: JSONValue?, at path: ArraySlice<String>, in object: JSONValue) -> JSONValue {
        guard let key = path.first, var members = object.objectValue else { return value ?? .null }
        members[key] = path.count == 1 ? value : setting(value, at: path.dropFirst(), in: members[key] ?? [:])
        return .object(members)
    }
}
