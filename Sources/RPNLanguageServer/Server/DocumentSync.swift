import RPNJSON

/// The documents' texts, kept as the client's: opened, changed, closed.
///
/// A change the server cannot apply (a range at a place the text does not have, or a change it
/// cannot read) means the client's text and the server's differ from then on. LSP has no
/// request for a document's whole text, so the server cannot ask for it: it drops its copy,
/// withdraws the document's diagnostics, logs the change and tells the user (an Error
/// `window/showMessage`) to reopen the document, and answers requests about it with
/// RequestFailed saying why, until the whole text comes back: in a change without a range, or
/// by closing and reopening the document. Clamping the change instead would leave a text the
/// client does not have, and every answer after it wrong without a word.
extension LanguageServer {
    func registerDocumentSync() {
        on(DidOpenTextDocumentNotification.self) { [unowned self] notification in
            let item = notification.textDocument
            let document = makeDocument(uri: item.uri, version: item.version, text: item.text)
            // A newer version already waiting makes this one's analysis and diagnostics moot.
            if !isSuperseded(item.uri) { publishDiagnostics(document) }
            refreshDocuments(openedOrClosed: item.uri, text: document.bytes)
        }
        on(DidChangeTextDocumentNotification.self) { [unowned self] notification throws(ResponseError) in
            let uri = notification.textDocument.uri
            var changes = notification.contentChanges[...]
            let document: Document
            if let open = documents[uri] {
                document = open
            } else if let reason = documents.outOfSyncReason(uri) {
                // Only a whole text brings it back; the changes before it are to a text the
                // server does not have.
                guard let whole = changes.lastIndex(where: { $0.range == nil }) else {
                    throw ResponseError(ResponseError.requestFailed,
                                        "ignoring a change to \(uri), out of sync (\(reason)) until its whole text comes back")
                }
                document = makeDocument(uri: uri, version: notification.version ?? 0, text: changes[whole].text)
                changes = changes[(whole + 1)...]
            } else {
                throw ResponseError(ResponseError.requestFailed, "\(uri) is not open")
            }
            do throws(ResponseError) {
                for change in changes { try document.apply(change, encoding: encoding) }
                if let failure = notification.invalidChange { throw failure }
            } catch {
                loseTrack(of: uri, because: error.message, version: notification.version)
                throw error  // logged
            }
            if let version = notification.version { document.setVersion(version) }
            // Edits waiting one behind the other are all applied, and only the last analysed,
            // after the requests queued behind it (see `analyseSoon`).
            if !isSuperseded(document.uri) { analyseSoon(document) }
            refreshDocuments(including: document)
        }
        on(DidCloseTextDocumentNotification.self) { [unowned self] notification in
            let uri = notification.textDocument.uri
            let closed = documents.close(uri)  // its text and analysis go with it
            freedMemory = true
            if let closed { refreshDocuments(openedOrClosed: uri, text: closed.bytes) }
            // A client that pulls forgets a closed document's diagnostics itself.
            if !clientCapabilities.diagnosticPull {
                notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
            }
        }
    }

    /// A document with the whole text the client sent, in the store, with the settings that
    /// shape its analysis.
    private func makeDocument(uri: String, version: Int, text: String) -> Document {
        let document = Document(uri: uri, version: version, text: text)
        document.angleUnit = configuration.angleUnit
        document.exact = configuration.exact
        document.digits = configuration.digits
        document.complex = configuration.complex
        document.checkpointSpacing = configuration.checkpointSpacing
        document.includeFiles = includeFiles
        documents.open(document)
        return document
    }

    /// After a change that could not be applied: the document's text and diagnostics go, and
    /// the user learns what to do.
    private func loseTrack(of uri: String, because reason: String, version: Int?) {
        documents.loseTrack(of: uri, because: reason)
        freedMemory = true
        var withdrawn: JSONObject = ["uri": .string(uri), "diagnostics": []]
        if let version { withdrawn["version"] = .int(version) }
        notify("textDocument/publishDiagnostics", .object(withdrawn))
        let name = uri.split(separator: "/").last.map(String.init) ?? uri
        notify("window/showMessage", ["type": .int(MessageType.error), "message": .string(
            "rpn: \(name) is out of sync with the editor after a change it could not apply (\(reason)); "
                + "close and reopen it")])
    }
}
