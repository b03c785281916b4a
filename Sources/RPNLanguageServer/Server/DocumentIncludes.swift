import RPNCore

/// The files a document includes (`include "lib.rpn"`), as its analysis ran them: placed
/// after the document in one address space. The document's features show what happens in
/// them at the include that brought them in, in the document: a diagnostic there (`lib.rpn:2:5:
/// division by zero`, its place in the file as related information), a word defined there
/// as defined at the include (completion), its definition in the file (go to definition).
final class DocumentIncludes {
    let resolver: IncludeResolver
    /// For each diagnostic shown at an include (by its index among those shown), the
    /// diagnostic as it is in the included file.
    private(set) var origins: [Int: Diagnostic] = [:]

    init(document: SourceFile, fileSystem: IncludeFileSystem) {
        var sources = SourceSet()
        sources.append(document)
        resolver = IncludeResolver(sources: sources, fileSystem: fileSystem)
    }

    /// A document's source: named by its file's name (`main.rpn`), so that messages name the
    /// files included as the document's folder sees them (`lib.rpn`, `include cycle: main.rpn
    /// → a.rpn → main.rpn`), with the file's path, which its includes are relative to. A
    /// document of no file (`untitled:`) keeps its URI as its name; its includes are relative
    /// to the server's working directory.
    static func source(uri: String, bytes: [UInt8]) -> SourceFile {
        guard let path = FileURI.path(uri) else { return SourceFile(name: uri, bytes: bytes) }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return SourceFile(name: name, bytes: bytes, path: path)
    }

    var document: SourceFile { resolver.sources.files[0] }

    /// A part of the document as a source of its own, at its offsets (what `rpn.evaluate` and
    /// `rpn/evaluate` run), with the document's name and path: its includes are the document's.
    func part(_ range: Swift.Range<Int>) -> SourceFile {
        SourceFile(name: document.name, bytes: Array(document.bytes[range]), baseOffset: range.lowerBound, path: document.path)
    }

    /// The included files, in the order they were included.
    var files: ArraySlice<SourceFile> { resolver.sources.files.dropFirst() }

    /// The included file an offset is in (nil: the document's, or none).
    func file(containing offset: Int) -> SourceFile? {
        guard !document.contains(offset), let file = resolver.sources.file(containing: offset) else { return nil }
        return file
    }

    /// The include in the document that led to an offset in an included file (directly or
    /// through others).
    func siteInDocument(of offset: Int) -> Swift.Range<Int>? {
        guard let file = file(containing: offset) else { return nil }
        let chain = resolver.sources.includeChain(of: file)
        return chain.count > 1 ? chain[1].includeSite : nil
    }

    /// The diagnostics as the document shows them: one in an included file at the include
    /// that led there, its place in the file in front of its message (`lib.rpn:2:5: division
    /// by zero`), without a fix (its replacement is for the other file's text).
    func shownInDocument(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        origins = [:]
        return diagnostics.enumerated().map { index, diagnostic in
            guard let file = file(containing: diagnostic.range.lowerBound),
                  let site = siteInDocument(of: diagnostic.range.lowerBound) else { return diagnostic }
            origins[index] = diagnostic
            let start = file.position(of: diagnostic.range.lowerBound, in: .characters)
            return Diagnostic(diagnostic.severity, diagnostic.code,
                              "\(file.name):\(start.line + 1):\(start.column + 1): \(diagnostic.message)", range: site)
        }
    }

    /// The names the included files read or store (stores and variable tokens, words' names
    /// among them): the document's lints say nothing of these, whose reads and stores they
    /// do not see.
    private(set) lazy var variableNames: Set<String> = {
        var names = Set<String>()
        for file in files {
            for token in RPN.tokenize(file) {
                switch token.kind {
                case .variable: names.insert(file.text(of: token.range))
                case .store: names.insert(file.text(of: token.storeNameRange(in: file)))
                default: break
                }
            }
        }
        return names
    }()

    /// The URI of an included file (of its real path, as `include` read it).
    func uri(of file: SourceFile) -> String? {
        (resolver.canonicalPath(of: file) ?? file.path).map(FileURI.uri)
    }

    /// Where a range of an included file is, for the client: its file's URI and the range in
    /// the client's units.
    func location(of range: Swift.Range<Int>, encoding: PositionEncoding) -> Location? {
        guard let file = file(containing: range.lowerBound), let uri = uri(of: file) else { return nil }
        return Location(uri: uri, range: Range(start: Position(file.position(of: range.lowerBound, in: encoding.unit)),
                                               end: Position(file.position(of: range.upperBound, in: encoding.unit))))
    }

    /// Whether the document includes the file at `path` (a real path): edited in the client,
    /// it changes the document's analysis.
    func includes(path: String) -> Bool {
        files.contains { resolver.canonicalPath(of: $0) == path }
    }
}
