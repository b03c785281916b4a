import RPNJSON

/// What the server reads of the client's `capabilities` in `initialize`. Read leniently: what
/// a client does not say, or says in a shape the server does not know, is what it lacks.
struct ClientCapabilities {
    /// `general.positionEncodings`, in the client's order.
    var positionEncodings: [String] = []
    /// How hovers are written (`textDocument.hover.contentFormat`).
    var hoverFormat = MarkupKind.plaintext
    /// How completion items are documented (`completionItem.documentationFormat`).
    var completionDocumentationFormat = MarkupKind.plaintext
    /// Completion items may be snippets (`completionItem.snippetSupport`).
    var completionSnippets = false
    /// A completion edit may carry both an insert and a replace range
    /// (`completionItem.insertReplaceSupport`).
    var completionInsertReplace = false
    /// How signatures are documented (`signatureHelp.signatureInformation.documentationFormat`).
    var signatureDocumentationFormat = MarkupKind.plaintext
    /// Parameters may be given by their offsets in the signature's label
    /// (`signatureInformation.parameterInformation.labelOffsetSupport`).
    var signatureLabelOffsets = false
    /// `publishDiagnostics.tagSupport` lists `Unnecessary`.
    var unnecessaryTag = false
    /// At most this many folding ranges (`foldingRange.rangeLimit`).
    var foldingRangeLimit: Int?
    /// The client can be asked to fetch inlay hints / semantic tokens / code lenses again
    /// (`workspace.inlayHint.refreshSupport`, `workspace.semanticTokens.refreshSupport`,
    /// `workspace.codeLens.refreshSupport`).
    var inlayHintRefresh = false
    var semanticTokensRefresh = false
    var codeLensRefresh = false
    /// The client pulls diagnostics (`textDocument.diagnostic`, LSP 3.17): it is offered
    /// `diagnosticProvider` and is pushed none.
    var diagnosticPull = false
    /// The client can be asked to pull diagnostics again (`workspace.diagnostics.refreshSupport`).
    var diagnosticRefresh = false
    /// Edits can name the version they were made for (`workspace.workspaceEdit.documentChanges`).
    var versionedEdits = false
    /// The client watches files for the server when asked at run time
    /// (`workspace.didChangeWatchedFiles.dynamicRegistration`).
    var watchedFilesRegistration = false

    init() {}

    init(json: JSONValue?) {
        positionEncodings = json?["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let textDocument = json?["textDocument"]
        hoverFormat = MarkupKind.preferred(textDocument?["hover"]?["contentFormat"])
        let completionItem = textDocument?["completion"]?["completionItem"]
        completionDocumentationFormat = MarkupKind.preferred(completionItem?["documentationFormat"])
        completionSnippets = completionItem?["snippetSupport"]?.boolValue ?? false
        completionInsertReplace = completionItem?["insertReplaceSupport"]?.boolValue ?? false
        let signature = textDocument?["signatureHelp"]?["signatureInformation"]
        signatureDocumentationFormat = MarkupKind.preferred(signature?["documentationFormat"])
        signatureLabelOffsets = signature?["parameterInformation"]?["labelOffsetSupport"]?.boolValue ?? false
        unnecessaryTag = textDocument?["publishDiagnostics"]?["tagSupport"]?["valueSet"]?.arrayValue?
            .contains(.int(DiagnosticTag.unnecessary)) ?? false
        if let limit = textDocument?["foldingRange"]?["rangeLimit"]?.intValue, limit >= 0 { foldingRangeLimit = limit }
        diagnosticPull = textDocument?["diagnostic"]?.objectValue != nil
        let workspace = json?["workspace"]
        inlayHintRefresh = workspace?["inlayHint"]?["refreshSupport"]?.boolValue ?? false
        semanticTokensRefresh = workspace?["semanticTokens"]?["refreshSupport"]?.boolValue ?? false
        codeLensRefresh = workspace?["codeLens"]?["refreshSupport"]?.boolValue ?? false
        diagnosticRefresh = workspace?["diagnostics"]?["refreshSupport"]?.boolValue ?? false
        versionedEdits = workspace?["workspaceEdit"]?["documentChanges"]?.boolValue ?? false
        watchedFilesRegistration = workspace?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue ?? false
    }
}
