import RPNJSON

extension LanguageServer {
    func registerLifecycle() {
        on(InitializeRequest.self) { [unowned self] request in
            clientCapabilities = request.capabilities
            encoding = PositionEncoding.negotiate(request.capabilities.positionEncodings)
            if let pid = request.processID {
                clientProcessID = pid
                if ClientProcess.exists(pid) {
                    watchedProcessID = pid
                } else {
                    log("client process \(pid) does not exist here (another PID namespace?); not watching it")
                }
            }
            configuration.apply(request.settings)
            workspaceFolders = request.workspaceFolders
            state = .running
            return InitializeResult(capabilities: capabilities, serverName: Self.name, serverVersion: Self.version)
        }
        on(InitializedNotification.self) { [unowned self] _ in watchFiles() }
        on(ShutdownRequest.self) { [unowned self] _ in
            state = .shutDown
            return VoidResponse()
        }
        on(SetTraceNotification.self) { _ in }
        on(CancelRequestNotification.self) { _ in }  // takes effect when it is queued (MessageQueue)
        on(DidChangeConfigurationNotification.self) { [unowned self] notification in
            let before = configuration
            configuration.apply(notification.settings)
            guard configuration != before else { return }
            // Values and diagnostics depend on both.
            let analysesChange = configuration.angleUnit != before.angleUnit || configuration.exact != before.exact
                || configuration.digits != before.digits || configuration.complex != before.complex
            if analysesChange {
                for document in documents.all {
                    document.angleUnit = configuration.angleUnit
                    document.exact = configuration.exact
                    document.digits = configuration.digits
                    document.complex = configuration.complex
                    if !isSuperseded(document.uri) { publishDiagnostics(document) }
                    limitRetainedAnalyses()  // one document after the other, not all at once
                }
            }
            if configuration.numberFormat != before.numberFormat {
                // The lenses kept with an analysis show values in the old format.
                for document in documents.all { document.analysisIfMade?.memo.removeAll() }
            }
            // What the editor shows was computed with the old settings: ask it to ask again.
            if clientCapabilities.inlayHintRefresh { sendRequest("workspace/inlayHint/refresh") }
            if clientCapabilities.codeLensRefresh { sendRequest("workspace/codeLens/refresh") }
            if clientCapabilities.semanticTokensRefresh { sendRequest("workspace/semanticTokens/refresh") }
            if analysesChange, clientCapabilities.diagnosticPull, clientCapabilities.diagnosticRefresh {
                sendRequest("workspace/diagnostic/refresh")  // pushed to the others above
            }
        }
    }

    /// Exactly what is implemented for this client: the capabilities of the handlers
    /// registered that it can use, merged (see `ServerCapability`), and the position encoding
    /// negotiated with it.
    var capabilities: JSONObject {
        var capabilities: JSONObject = ["positionEncoding": .string(encoding.rawValue)]
        let offered = registeredCapabilities.map(\.capability).filter { $0.isOffered(to: clientCapabilities) }
        for (key, value) in ServerCapability.merged(offered) { capabilities[key] = value }
        return capabilities
    }
}
