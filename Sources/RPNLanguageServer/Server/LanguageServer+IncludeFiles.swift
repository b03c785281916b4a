import Platform
import RPNCore

/// The files `include` reads in the language server: a document the client has open is read
/// as the client has it (edits not yet saved included), any other file from the disk.
extension LanguageServer {
    var includeFiles: IncludeFileSystem {
        IncludeFileSystem(
            canonicalPath: { [unowned self] path in
                switch RegularFile.canonicalPath(path) {
                case .success(let real): return .success(real)
                case .failure(let error):
                    // A document open in the client that is not on the disk (yet).
                    guard path.hasPrefix("/"), openDocument(atPath: path) != nil else {
                        return .failure(Diagnostic.Message(error.reason))
                    }
                    return .success(path)
                }
            },
            read: { [unowned self] path, limit in
                guard let document = openDocument(atPath: path) else {
                    return RegularFile.read(path, limit: limit).mapError { Diagnostic.Message($0.reason) }
                }
                guard document.bytes.count <= limit else {
                    return .failure(Diagnostic.Message(RegularFile.Failure.tooBig(size: document.bytes.count, limit: limit).reason))
                }
                return .success(document.bytes)
            })
    }

    /// The open document of the file at `path` (a real path, or a path of no file on the disk).
    func openDocument(atPath path: String) -> Document? {
        documents.all.first { document in
            guard let documentPath = FileURI.path(document.uri) else { return false }
            return documentPath == path || Self.realPath(documentPath) == path
        }
    }

    /// After an edit of `document`: the open documents that include its file analyse again,
    /// and their diagnostics are pushed again (a client that pulls is asked to pull).
    func refreshDocuments(including document: Document) {
        guard let edited = FileURI.path(document.uri) else { return }
        if refreshDocuments(includingFile: Self.realPath(edited), except: document) { askToPullDiagnostics() }
    }

    /// After a document was opened or closed: the documents that include its file read it
    /// from the client, or from the disk, from now on; when the two texts differ (edits not
    /// saved, or a file on no disk), they analyse again, and so do those whose include failed.
    func refreshDocuments(openedOrClosed uri: String, text bytes: [UInt8]) {
        guard let path = FileURI.path(uri) else { return }
        if (try? RegularFile.read(path, limit: IncludeResolver.byteLimit).get()) == bytes { return }
        if refreshDocuments(includingFile: Self.realPath(path), orFailed: true, except: documents[uri]) { askToPullDiagnostics() }
    }

    /// After a change of the file at `path` (a real path, or the path of a file deleted): the
    /// open documents that include it analyse again, and their diagnostics are pushed again;
    /// with `orFailed` (a file created), those whose include of a file failed too. One whose
    /// analysis was let go (`AnalysisRetention`) is analysed again if it has an include at all.
    /// Returns whether any was, for a client that pulls to be asked to pull
    /// (`askToPullDiagnostics`), once for all the changes at hand.
    @discardableResult
    func refreshDocuments(includingFile path: String, orFailed: Bool = false, except document: Document? = nil) -> Bool {
        var refreshed = false
        for other in documents.all where other !== document {
            guard other.analysisIfMade.map({ analysis in
                analysis.includes?.includes(path: path) == true
                    || orFailed && analysis.diagnostics.contains { $0.code == .includeFailed }
            }) ?? Self.mentionsInclude(other.bytes) else { continue }
            other.includedFileChanged()
            refreshed = true
            if !isSuperseded(other.uri) { publishDiagnostics(other) }
        }
        return refreshed
    }

    /// A client that pulls diagnostics, and can be asked to, is asked to pull them again.
    func askToPullDiagnostics() {
        if clientCapabilities.diagnosticPull, clientCapabilities.diagnosticRefresh {
            sendRequest("workspace/diagnostic/refresh")
        }
    }

    /// Whether a text holds `include` in any ASCII case (in a comment too: this only decides
    /// whether to analyse again).
    static func mentionsInclude(_ bytes: [UInt8]) -> Bool {
        let word = Array("include".utf8)
        guard bytes.count >= word.count else { return false }
        for start in 0...(bytes.count - word.count) where bytes[start] | 0x20 == word[0] {
            if (1..<word.count).allSatisfy({ bytes[start + $0] | 0x20 == word[$0] }) { return true }
        }
        return false
    }
}
