import Platform
import RPNCore

/// What the document's features ask about the files it includes (`DocumentIncludes`).
extension DocumentAnalysis {
    /// Whether an offset is in the document itself, not in a file it includes.
    func isInDocument(_ offset: Int) -> Bool { source.contains(offset) }

    /// Where what stands at `offset` happens in the document: there, or for what an included
    /// file holds, at the end of the include that brought the file in (a word defined there
    /// is defined from that point on).
    func placeInDocument(_ offset: Int) -> Int {
        includes?.siteInDocument(of: offset)?.upperBound ?? offset
    }

    /// The indices of the words defined in the document itself, in order.
    var documentWordIndices: [Int] { words.indices.filter { isInDocument(words[$0].range.lowerBound) } }

    /// The file an include of the document names (the token at `index` is the include or its
    /// path): the real path of the file the name leads to, whether it was read here or before
    /// (included earlier), nil for a name that leads nowhere.
    func includedPath(atToken index: Int) -> String? {
        var pathIndex = index
        if tokens[index].kind == .keyword, tokens[index].builtin == .include { pathIndex += 1 }
        guard pathIndex < tokens.count, tokens[pathIndex].kind == .path,
              pathIndex > 0, tokens[pathIndex - 1].builtin == .include else { return nil }
        let written = source.text(of: tokens[pathIndex].pathNameRange)
        guard !written.isEmpty else { return nil }
        let path = IncludePath(written, includer: source).path
        return try? (includes?.resolver.fileSystem.canonicalPath(path) ?? RegularFile.canonicalPath(path).mapError {
            Diagnostic.Message($0.reason)
        }).get()
    }
}
