extension LanguageServer {
    /// One file per feature; each adds its handlers to the table.
    func registerFeatures() {
        registerDiagnostics()
        registerHover()
        registerInlayHints()
        registerCompletion()
        registerSignatureHelp()
        registerSemanticTokens()
        registerVariableNavigation()
        registerCallHierarchy()
        registerRename()
        registerDocumentSymbols()
        registerWorkspaceSymbols()
        registerFileWatching()
        registerFormatting()
        registerCodeActions()
        registerExecuteCommand()
        registerCodeLens()
        registerFoldingRanges()
        registerSelectionRanges()
        registerCustomRequests()
    }
}
