import Platform
import RPNCore

/// `workspace/symbol`: the words defined (`: NAME`) and the variables stored (`→NAME`, the first
/// store of each name in a file) in the `*.rpn` files under the workspace's folders and in the
/// open documents (as the client has them), whose names match the query: its characters in
/// order, in any case (`hy` and `hp` both find `hyp`), as editors filter. A file is read again
/// only when its size or time changed. The walk skips hidden folders (`.git`, `.build`) and
/// follows no symbolic link, and stops at `fileLimit` files; at most `resultLimit` symbols.
extension LanguageServer {
    func registerWorkspaceSymbols() {
        on(WorkspaceSymbolRequest.self) { [unowned self] request throws(ResponseError) in
            var found: [SymbolInformation] = []
            var open = Set<String>()
            for document in documents.all.sorted(by: { $0.uri < $1.uri }) {
                if let path = FileURI.path(document.uri) { open.insert(path) }
                let file = WorkspaceSymbols.File(uri: document.uri, source: SourceFile(name: document.uri, bytes: document.bytes),
                                                 encoding: encoding)
                WorkspaceSymbols.append(file, matching: request.query, to: &found)
            }
            var seen = 0
            for path in WorkspaceSymbols.files(under: workspaceFolders) where !open.contains(path) {
                seen += 1
                if seen & 63 == 0 { try checkpoint() }
                guard found.count < WorkspaceSymbols.resultLimit else { break }
                guard let file = workspaceSymbolFile(path) else { continue }
                WorkspaceSymbols.append(file, matching: request.query, to: &found)
            }
            return Array(found.prefix(WorkspaceSymbols.resultLimit))
        }
    }

    /// The symbols of the file at `path`, from the last reading if it has not changed since.
    private func workspaceSymbolFile(_ path: String) -> WorkspaceSymbols.File? {
        guard let stamp = Directory.stamp(path) else {
            workspaceSymbolFiles[path] = nil
            return nil
        }
        if let known = workspaceSymbolFiles[path], known.stamp == WorkspaceSymbols.Stamp(stamp) { return known }
        guard let bytes = try? RegularFile.read(path, limit: IncludeResolver.byteLimit).get() else { return nil }
        var file = WorkspaceSymbols.File(uri: FileURI.uri(path), source: SourceFile(name: path, bytes: bytes), encoding: encoding)
        file.stamp = WorkspaceSymbols.Stamp(stamp)
        workspaceSymbolFiles[path] = file
        return file
    }
}

enum WorkspaceSymbols {
    static let fileLimit = 10_000
    static let resultLimit = 1_000

    struct Stamp: Equatable {
        let size: Int
        let modified: Int
        init(_ stamp: (size: Int, modified: Int)) { (size, modified) = stamp }
    }

    /// One file's symbols, in source order, with their places in the client's units.
    struct File {
        var stamp: Stamp?
        let symbols: [SymbolInformation]

        init(uri: String, source: SourceFile, encoding: PositionEncoding) {
            let tokens = RPN.tokenize(source)
            var symbols: [(name: String, kind: Int, range: Swift.Range<Int>)] = []
            // Definitions by the core's rule of where they begin (the name after a `:` at the
            // top level), stores wherever they are.
            for region in ProgramRegion.regions(of: tokens, textEnd: source.endOffset) where region.kind == .definition {
                guard let name = region.nameToken, tokens[name].kind == .variable else { continue }
                symbols.append((source.text(of: tokens[name].range), 12, tokens[name].range))
            }
            var stored = Set<String>()
            for token in tokens where token.kind == .store {
                let range = token.storeNameRange(in: source)
                let name = source.text(of: range)
                if stored.insert(name).inserted { symbols.append((name, 13, range)) }
            }
            symbols.sort { $0.range.lowerBound < $1.range.lowerBound }
            self.symbols = symbols.map { symbol in
                SymbolInformation(name: symbol.name, kind: symbol.kind, location: Location(uri: uri, range: Range(
                    start: Position(source.position(of: symbol.range.lowerBound, in: encoding.unit)),
                    end: Position(source.position(of: symbol.range.upperBound, in: encoding.unit)))))
            }
        }
    }

    static func append(_ file: File, matching query: String, to found: inout [SymbolInformation]) {
        for symbol in file.symbols where found.count < resultLimit && matches(symbol.name, query) { found.append(symbol) }
    }

    /// Whether the query's characters come in the name in order, in any case.
    static func matches(_ name: String, _ query: String) -> Bool {
        var rest = name.lowercased()[...]
        for character in query.lowercased() {
            guard let at = rest.firstIndex(of: character) else { return false }
            rest = rest[rest.index(after: at)...]
        }
        return true
    }

    /// The `*.rpn` files under the folders, sorted within each folder: a walk with a stack of
    /// folders (no recursion), hidden ones and symbolic links left out, `fileLimit` files at most.
    static func files(under folders: [String]) -> [String] {
        var files: [String] = []
        var pending = folders.reversed().map { $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 }
        var visited = 0
        while let folder = pending.popLast(), files.count < fileLimit, visited < 20 * fileLimit {
            guard let entries = try? Directory.entries(folder).get() else { continue }
            visited += entries.count
            var subfolders: [String] = []
            for entry in entries.sorted(by: { $0.name < $1.name }) where !entry.name.hasPrefix(".") {
                let path = (folder == "/" ? "" : folder) + "/" + entry.name
                switch entry.kind {
                case .file where entry.name.hasSuffix(".rpn"): if files.count < fileLimit { files.append(path) }
                case .directory: subfolders.append(path)
                default: break
                }
            }
            pending.append(contentsOf: subfolders.reversed())
        }
        return files
    }
}
