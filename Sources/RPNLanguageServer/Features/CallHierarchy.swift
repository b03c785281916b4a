import RPNCore
import RPNJSON

/// Call hierarchy of the words of one's own, across the workspace's files (`FileWords`): each
/// occurrence of a word says which word it names and which definition it stands in (or the top
/// level). A word's item is at its definition, in the file defining it (a library's word called
/// in a document is the library's); incoming calls come from every file that sees the
/// definition (`files(seeing:)`), grouped by caller (the top level of a file is one, of kind
/// File); outgoing calls are grouped by the word called, wherever it is defined; each with the
/// ranges of its calls, in source order.
extension LanguageServer {
    func registerCallHierarchy() {
        on(CallHierarchyPrepareRequest.self) { [unowned self] request throws(ResponseError) in
            let (document, offset) = try documentPosition(request)
            guard let occurrence = document.analysis.symbol(at: offset), let word = wordKey(occurrence, in: document),
                  let file = workspaceFile(word.file, open: openDocumentsByKey()),
                  let item = callItem(word, in: file) else { return nil }
            return [item]
        }
        on(CallHierarchyIncomingCallsRequest.self) { [unowned self] request throws(ResponseError) in
            let file = try itemFile(request.item, open: openDocumentsByKey())
            guard request.item.word != CallHierarchyItem.topLevel else { return [] }  // nothing calls a top level
            let word = WordKey(file: file.words.file, offset: Int(request.item.word))
            return try files(seeing: word).flatMap { file in
                let calls = file.words.occurrences(of: word).filter { !$0.isDefinition }
                return grouped(calls, by: \.caller).compactMap { caller, calls in
                    (caller.map { callItem($0, in: file) } ?? topLevelItem(of: file, firstCall: calls[0].range)).map {
                        CallHierarchyIncomingCall(from: $0, fromRanges: calls.map { file.range($0.range) })
                    }
                }
            }
        }
        on(CallHierarchyOutgoingCallsRequest.self) { [unowned self] request throws(ResponseError) in
            let open = openDocumentsByKey()
            let file = try itemFile(request.item, open: open)
            let caller = request.item.word == CallHierarchyItem.topLevel
                ? nil : WordKey(file: file.words.file, offset: Int(request.item.word))
            let calls = file.words.occurrences.filter { !$0.isDefinition && $0.caller == caller }
            var definers = [file.words.file: file]
            return grouped(calls, by: \.word).compactMap { callee, calls in
                if definers[callee.file] == nil { definers[callee.file] = workspaceFile(callee.file, open: open) }
                return definers[callee.file].flatMap { callItem(callee, in: $0) }.map {
                    CallHierarchyOutgoingCall(to: $0, fromRanges: calls.map { file.range($0.range) })
                }
            }
        }
    }

    /// The file of an item the client sends back: the open document, else the file on the disk.
    private func itemFile(_ item: CallHierarchyItem, open: [String: Document]) throws(ResponseError) -> WorkspaceFile {
        let key = documents[item.uri].map(fileKey(of:)) ?? FileURI.path(item.uri).map(Self.realPath) ?? item.uri
        guard let file = workspaceFile(key, open: open) else {
            throw ResponseError(ResponseError.requestFailed, "\(item.uri) is neither open nor a file that can be read")
        }
        return file
    }

    /// The item of a word defined in `file` (its definition, its name selected).
    private func callItem(_ word: WordKey, in file: WorkspaceFile) -> CallHierarchyItem? {
        guard let definition = file.words.definitions[word] else { return nil }
        return CallHierarchyItem(name: definition.name, kind: 12, detail: definition.detail, uri: file.uri,
                                 range: file.range(definition.range), selectionRange: file.range(definition.nameRange),
                                 word: Int32(word.offset))
    }

    /// The item of a file's top level (`CallHierarchyItem.topLevel`): the whole file, its first
    /// call `firstCall` selected.
    private func topLevelItem(of file: WorkspaceFile, firstCall: Swift.Range<Int>) -> CallHierarchyItem? {
        CallHierarchyItem(name: "top level", kind: 1, detail: nil, uri: file.uri, range: file.range(0..<file.byteCount),
                          selectionRange: file.range(firstCall), word: CallHierarchyItem.topLevel)
    }

    /// The occurrences grouped by a key, the groups in the order of their first occurrence.
    private func grouped<Key: Hashable>(_ occurrences: [FileWords.Occurrence], by key: KeyPath<FileWords.Occurrence, Key>)
        -> [(Key, [FileWords.Occurrence])] {
        var order: [Key] = []
        var groups: [Key: [FileWords.Occurrence]] = [:]
        for occurrence in occurrences {
            let k = occurrence[keyPath: key]
            if groups[k] == nil { order.append(k) }
            groups[k, default: []].append(occurrence)
        }
        return order.map { ($0, groups[$0]!) }
    }
}
