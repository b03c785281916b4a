import RPNJSON

extension LanguageServer {
    func registerDocumentSync() {
        onNotification("textDocument/didOpen") { [unowned self] params throws(ResponseError) in
            guard let item = params?["textDocument"], let uri = item["uri"]?.stringValue,
                  let text = item["text"]?.stringValue else { throw .invalidParams("didOpen needs textDocument {uri, text}") }
            let document = Document(uri: uri, version: item["version"]?.intValue ?? 0, text: text)
            document.angleUnit = configuration.angleUnit
            documents.open(document)
            // A newer version already waiting makes this one's analysis and diagnostics moot.
            if !isSuperseded(uri) { publishDiagnostics(document) }
        }
        onNotification("textDocument/didChange") { [unowned self] params throws(ResponseError) in
            let document = try document(params)
            var failure: ResponseError?
            do throws(ResponseError) {
                for change in params?["contentChanges"]?.arrayValue ?? [] {
                    try document.apply(change, encoding: encoding)
                }
            } catch { failure = error }  // the changes before the bad one are applied: publish for them
            if let version = params?["textDocument"]?["version"]?.intValue { document.setVersion(version) }
            // Edits waiting one behind the other are all applied, and only the last analysed.
            if !isSuperseded(document.uri) { publishDiagnostics(document) }
            if let failure { throw failure }
        }
        onNotification("textDocument/didClose") { [unowned self] params throws(ResponseError) in
            guard let uri = params?["textDocument"]?["uri"]?.stringValue else { throw .invalidParams("expected textDocument.uri") }
            documents.close(uri)  // its text and analysis go with it
            freedMemory = true
            notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
        }
        onNotification("textDocument/didSave") { _ in }
    }
}
