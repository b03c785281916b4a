import RPNCore

/// Files changed outside the editor. A client that can (`didChangeWatchedFiles`'s
/// `dynamicRegistration`) is asked after `initialized` to watch the workspace's `*.rpn` files;
/// when one is created, changed or deleted, what was read of the closed files it touches is
/// dropped (`ClosedFiles`), and the open documents that include it analyse again, their
/// diagnostics pushed again (a client that pulls is asked to pull): an include of a file
/// deleted fails, one of a file created finds it. A file open in the client is left alone: its
/// includers read the client's text, not the disk's. A save (`didSave`) drops what was read
/// of the files around the one saved, which is on the disk from then on.
extension LanguageServer {
    func registerFileWatching() {
        on(DidChangeWatchedFilesNotification.self) { [unowned self] notification in
            let open = openDocumentsByKey()
            var refreshed = false
            for (uri, kind) in notification.changes {
                guard let written = FileURI.path(uri) else { continue }
                let path = Self.realPath(written)
                closedFiles.forget(affectedBy: path)
                if path != written { closedFiles.forget(affectedBy: written) }
                if kind == .created { closedFiles.forgetIncluders() }
                guard open[path] == nil else { continue }
                if refreshDocuments(includingFile: path, orFailed: kind == .created) { refreshed = true }
            }
            if refreshed { askToPullDiagnostics() }
        }
        on(DidSaveTextDocumentNotification.self) { [unowned self] notification in
            guard let path = FileURI.path(notification.textDocument.uri) else { return }
            closedFiles.forget(affectedBy: Self.realPath(path))
        }
    }

    /// Asks a client that can to watch the workspace's `*.rpn` files (after `initialized`, as
    /// LSP wants registrations).
    func watchFiles() {
        guard clientCapabilities.watchedFilesRegistration else { return }
        sendRequest("client/registerCapability", FileWatcherRegistration(globPatterns: ["**/*.rpn"]).json)
    }
}
