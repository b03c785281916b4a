import RPNJSON

extension LanguageServer {
    func registerDocumentSync() {
        on(DidOpenTextDocumentNotification.self) { [unowned self] notification in
            let item = notification.textDocument
            let document = Document(uri: item.uri, version: item.version, text: item.text)
            document.angleUnit = configuration.angleUnit
            document.exact = configuration.exact
            documents.open(document)
            // A newer version already waiting makes this one's analysis and diagnostics moot.
            if !isSuperseded(item.uri) { publishDiagnostics(document) }
        }
        on(DidChangeTextDocumentNotification.self) { [unowned self] notification throws(ResponseError) in
            let document = try document(notification.textDocument)
            // The changes before a bad one are applied: publish for them, then say what is wrong.
            for change in notification.contentChanges { document.apply(change, encoding: encoding) }
            if let version = notification.version { document.setVersion(version) }
            // Edits waiting one behind the other are all applied, and only the last analysed.
            if !isSuperseded(document.uri) { publishDiagnostics(document) }
            if let failure = notification.invalidChange { throw failure }
        }
        on(DidCloseTextDocumentNotification.self) { [unowned self] notification in
            let uri = notification.textDocument.uri
            documents.close(uri)  // its text and analysis go with it
            freedMemory = true
            // A client that pulls forgets a closed document's diagnostics itself.
            if !clientCapabilities.diagnosticPull {
                notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
            }
        }
        on(DidSaveTextDocumentNotification.self) { _ in }
    }
}
