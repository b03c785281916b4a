import RPNJSON

extension LanguageServer {
    func registerLifecycle() {
        on("initialize") { [unowned self] params throws(ResponseError) in
            let offered = params?["capabilities"]?["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
            encoding = PositionEncoding.negotiate(offered)
            let textDocument = params?["capabilities"]?["textDocument"]
            markdownHover = MarkupKind.preferred(textDocument?["hover"]?["contentFormat"]) == .markdown
            markdownCompletion = MarkupKind.preferred(
                textDocument?["completion"]?["completionItem"]?["documentationFormat"]) == .markdown
            if let pid = params?["processId"]?.intValue, pid > 0, pid <= Int(Int32.max) { clientProcessID = Int32(pid) }
            configuration.update(from: params?["initializationOptions"])
            clientCapabilities = params?["capabilities"] ?? [:]
            state = .running
            return ["capabilities": capabilities, "serverInfo": ["name": .string(Self.name), "version": .string(Self.version)]]
        }
        onNotification("initialized") { _ in }
        on("shutdown") { [unowned self] _ in
            state = .shutDown
            return .null
        }
        onNotification("$/setTrace") { _ in }
        onNotification("$/cancelRequest") { _ in }  // handled by the transport before requests run
        onNotification("workspace/didChangeConfiguration") { [unowned self] params throws(ResponseError) in
            let before = configuration.angleUnit
            configuration.update(from: params?["settings"])
            guard configuration.angleUnit != before else { return }
            for document in documents.all {  // values and diagnostics depend on the unit
                document.angleUnit = configuration.angleUnit
                publishDiagnostics(document)
            }
        }
    }

    /// Exactly what is implemented.
    var capabilities: JSONValue {
        [
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": ["openClose": true, "change": .int(TextDocumentSyncKind.incremental)],
            "hoverProvider": true,
            "completionProvider": ["triggerCharacters": ["→", ">"], "resolveProvider": false],
            "definitionProvider": true,
            "referencesProvider": true,
            "documentHighlightProvider": true,
            "documentSymbolProvider": true,
            "renameProvider": ["prepareProvider": true],
            "documentFormattingProvider": true,
            "documentRangeFormattingProvider": true,
            "codeActionProvider": ["codeActionKinds": .array(CodeActionKind.all.map(JSONValue.string))],
            "codeLensProvider": ["resolveProvider": false],
            "executeCommandProvider": ["commands": .array(EvaluateCommand.all.map(JSONValue.string))],
            "foldingRangeProvider": true,
            "selectionRangeProvider": true,
            "inlayHintProvider": true,
            "semanticTokensProvider": [
                "legend": ["tokenTypes": .array(SemanticTokenLegend.types.map(JSONValue.string)),
                           "tokenModifiers": .array(SemanticTokenLegend.modifiers.map(JSONValue.string))],
                "full": true,
            ],
            "experimental": ["rpnEvaluateProvider": true, "rpnDescribeProvider": true],
        ]
    }
}
