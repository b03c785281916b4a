import Platform
import RPNCore

/// The files a word reaches: the file that defines it, and every file that sees that
/// definition by including the file, directly or through others: the open documents as the
/// client has them, and the closed `*.rpn` files under the workspace's folders as on the disk
/// (`ClosedFiles` keeps what was read of them). References, rename and call hierarchy go
/// through here.
extension LanguageServer {
    /// The key of a document's file (`WordKey.file`): its real path (its path when it is on no
    /// disk), or for a document of no file its URI.
    func fileKey(of document: Document) -> String {
        FileURI.path(document.uri).map(Self.realPath) ?? document.uri
    }

    /// The real path of a file, or the path as it is when there is none (a file not on the disk).
    static func realPath(_ path: String) -> String { (try? RegularFile.canonicalPath(path).get()) ?? path }

    /// The open documents by their files' keys.
    func openDocumentsByKey() -> [String: Document] {
        Dictionary(documents.all.map { (fileKey(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The key of the word at `occurrence`, an occurrence of a word in `document`.
    func wordKey(_ occurrence: SymbolOccurrence, in document: Document) -> WordKey? {
        let analysis = document.analysis
        guard occurrence.isWord, occurrence.symbol >= 0, Int(occurrence.symbol) < analysis.words.count else { return nil }
        let start = analysis.words[Int(occurrence.symbol)].nameRange.lowerBound
        if analysis.isInDocument(start) { return WordKey(file: fileKey(of: document), offset: start - analysis.source.baseOffset) }
        guard let includes = analysis.includes, let file = includes.file(containing: start) else { return nil }
        return WordKey(file: includes.resolver.canonicalPath(of: file) ?? file.path ?? file.name, offset: start - file.baseOffset)
    }

    /// An open document as a workspace file.
    func workspaceFile(of document: Document) -> WorkspaceFile {
        WorkspaceFile(uri: document.uri, version: document.version,
                      words: FileWords(document.analysis, file: fileKey(of: document)), byteCount: document.bytes.count,
                      range: { [encoding] in document.range(of: $0, encoding: encoding) })
    }

    /// The file keyed `key`: the open document, else the file on the disk (nil: none can be read).
    func workspaceFile(_ key: String, open: [String: Document]) -> WorkspaceFile? {
        if let document = open[key] { return workspaceFile(of: document) }
        guard key.hasPrefix("/"), let read = closedFile(key, open: open, needed: true) else { return nil }
        return workspaceFile(key, read)
    }

    private func workspaceFile(_ path: String, _ read: ClosedFiles.Read) -> WorkspaceFile {
        let source = read.source
        return WorkspaceFile(uri: FileURI.uri(path), version: nil, words: read.words, byteCount: source.bytes.count,
                             range: { [encoding] bytes in
                                 Range(start: Position(source.position(of: bytes.lowerBound, in: encoding.unit)),
                                       end: Position(source.position(of: bytes.upperBound, in: encoding.unit)))
                             })
    }

    /// The files that see the definition of `word`: the file defining it first, then the open
    /// documents that include that file, then the closed files of the workspace that do.
    func files(seeing word: WordKey) throws(ResponseError) -> [WorkspaceFile] {
        let open = openDocumentsByKey()
        var files: [WorkspaceFile] = []
        var seen: Set<String> = [word.file]
        if let definer = workspaceFile(word.file, open: open) { files.append(definer) }
        for (key, document) in open.sorted(by: { $0.key < $1.key }) where !seen.contains(key) {
            seen.insert(key)
            // Whether it may include the file, known without analysing it where possible.
            guard document.analysisIfMade.map({ $0.includes?.includes(path: word.file) == true })
                    ?? Self.mentionsInclude(document.bytes) else { continue }
            let file = workspaceFile(of: document)
            if file.words.included.contains(word.file) { files.append(file) }
        }
        guard word.file.hasPrefix("/") else { return files }  // a document of no file: no other includes it
        for (count, path) in WorkspaceSymbols.files(under: workspaceFolders).enumerated() {
            if count & 63 == 63 { try checkpoint() }
            guard !seen.contains(path), let read = closedFile(path, open: open, needed: false),
                  !seen.contains(read.words.file), read.words.included.contains(word.file) else { continue }
            seen.insert(read.words.file)
            files.append(workspaceFile(path, read))
        }
        return files
    }

    /// What is known of the closed file at `path`, read again when it or a file it includes
    /// changed. A file without `include` is read and analysed only when `needed` (it sees no
    /// other file's words, but may define the word asked about).
    private func closedFile(_ path: String, open: [String: Document], needed: Bool) -> ClosedFiles.Read? {
        guard let status = Directory.stamp(path) else {
            closedFiles.entries[path] = nil
            return nil
        }
        let stamp = WorkspaceSymbols.Stamp(status)
        if let entry = closedFiles.entries[path], entry.stamp == stamp {
            if let read = entry.read, read.dependencies.allSatisfy({ dependency($0.key, open: open) == $0.value }) { return read }
            if !entry.mentionsInclude && !needed { return nil }
        }
        guard let bytes = try? RegularFile.read(path, limit: IncludeResolver.byteLimit).get() else {
            closedFiles.entries[path] = nil
            return nil
        }
        let mentionsInclude = Self.mentionsInclude(bytes)
        var entry = ClosedFiles.Entry(stamp: stamp, mentionsInclude: mentionsInclude)
        if mentionsInclude || needed {
            let source = DocumentIncludes.source(uri: FileURI.uri(path), bytes: bytes)
            let analysis = DocumentAnalysis(source, angleUnit: configuration.angleUnit, exact: configuration.exact,
                                            digits: configuration.digits, complex: configuration.complex,
                                            includes: DocumentIncludes(document: source, fileSystem: includeFiles))
            let words = FileWords(analysis, file: Self.realPath(path))
            var dependencies: [String: ClosedFiles.Dependency] = [:]
            for included in words.included { dependencies[included] = dependency(included, open: open) }
            entry.read = ClosedFiles.Read(source: source, words: words, dependencies: dependencies)
        }
        closedFiles.entries[path] = entry
        return entry.read
    }

    /// What an analysis reads of the file keyed `key` now.
    private func dependency(_ key: String, open: [String: Document]) -> ClosedFiles.Dependency {
        if let document = open[key] { return .open(uri: document.uri, version: document.version) }
        return Directory.stamp(key).map { .disk(WorkspaceSymbols.Stamp($0)) } ?? .missing
    }
}
