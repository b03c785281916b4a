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
            if let pid = params?["processId"]?.intValue, pid > 0, pid <= Int(Int32.max) {
                clientProcessID = Int32(pid)
                if ClientProcess.exists(Int32(pid)) {
                    watchedProcessID = Int32(pid)
                } else {
                    log("client process \(pid) does not exist here (another PID namespace?); not watching it")
                }
            }
            let workspace = params?["capabilities"]?["workspace"]
            refreshesInlayHints = workspace?["inlayHint"]?["refreshSupport"]?.boolValue ?? false
            refreshesSemanticTokens = workspace?["semanticTokens"]?["refreshSupport"]?.boolValue ?? false
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
        onNotification("$/cancelRequest") { _ in }  // takes effect when it is queued (MessageQueue)
        onNotification("workspace/didChangeConfiguration") { [unowned self] params throws(ResponseError) in
            let before = configuration
            configuration.update(from: params?["settings"])
            guard configuration != before else { return }
            if configuration.angleUnit != before.angleUnit {
                for document in documents.all {  // values and diagnostics depend on the unit
                    document.angleUnit = configuration.angleUnit
                    if !isSuperseded(document.uri) { publishDiagnostics(document) }
                    limitRetainedAnalyses()  // one document after the other, not all at once
                }
            }
            // What the editor shows was computed with the old settings: ask it to ask again.
            if refreshesInlayHints { sendRequest("workspace/inlayHint/refresh") }
            if refreshesSemanticTokens { sendRequest("workspace/semanticTokens/refresh") }
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
                "full": ["delta": true],
                "range": true,
            ],
            "experimental": ["rpnEvaluateProvider": true, "rpnDescribeProvider": true],
        ]
    }
}
