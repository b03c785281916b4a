import RPNCore
import RPNJSON

/// Call hierarchy of the words of one's own, from the core's symbols: each occurrence of a word
/// says which word it names and which definition it stands in (the top level: -1). Incoming
/// calls are grouped by caller (the top level of the document is one, of kind File), outgoing
/// calls by the word called; each with the ranges of its calls, in source order.
extension LanguageServer {
    func registerCallHierarchy() {
        on(CallHierarchyPrepareRequest.self) { [unowned self] request throws(ResponseError) in
            let (document, offset) = try documentPosition(request)
            guard let occurrence = document.analysis.symbol(at: offset), occurrence.isWord,
                  let item = callItem(word: occurrence.symbol, in: document) else { return nil }
            return [item]
        }
        on(CallHierarchyIncomingCallsRequest.self) { [unowned self] request throws(ResponseError) in
            let document = try document(TextDocumentIdentifier(uri: request.item.uri))
            let calls = document.analysis.symbols.filter { $0.kind == .wordUse && $0.symbol == request.item.word }
            return grouped(calls, by: \.word).compactMap { caller, calls in
                callItem(word: caller, in: document, firstCall: calls[0].range).map {
                    CallHierarchyIncomingCall(from: $0, fromRanges: calls.map { document.range(of: $0.range, encoding: encoding) })
                }
            }
        }
        on(CallHierarchyOutgoingCallsRequest.self) { [unowned self] request throws(ResponseError) in
            let document = try document(TextDocumentIdentifier(uri: request.item.uri))
            let calls = document.analysis.symbols.filter { $0.kind == .wordUse && $0.word == request.item.word }
            return grouped(calls, by: \.symbol).compactMap { callee, calls in
                callItem(word: callee, in: document).map {
                    CallHierarchyOutgoingCall(to: $0, fromRanges: calls.map { document.range(of: $0.range, encoding: encoding) })
                }
            }
        }
    }

    /// The item of word `index` (its definition, its name selected), or of the top level
    /// (`CallHierarchyItem.topLevel`: the whole document, its first call `firstCall` selected).
    private func callItem(word index: Int32, in document: Document, firstCall: Swift.Range<Int>? = nil) -> CallHierarchyItem? {
        let analysis = document.analysis
        if index == CallHierarchyItem.topLevel {
            let source = analysis.source
            let whole = source.baseOffset..<(source.baseOffset + source.bytes.count)
            return CallHierarchyItem(name: "top level", kind: 1, detail: nil, uri: document.uri,
                                     range: document.range(of: whole, encoding: encoding),
                                     selectionRange: document.range(of: firstCall ?? whole, encoding: encoding),
                                     word: index)
        }
        guard index >= 0, Int(index) < analysis.words.count else { return nil }
        let word = analysis.words[Int(index)]
        // A word of an included file stands at its include: the hierarchy is the document's.
        let site = analysis.includes?.siteInDocument(of: word.range.lowerBound)
        return CallHierarchyItem(name: word.name, kind: 12, detail: analysis.effect(ofWord: Int(index))?.description,
                                 uri: document.uri, range: document.range(of: site ?? word.range, encoding: encoding),
                                 selectionRange: document.range(of: site ?? word.nameRange, encoding: encoding), word: index)
    }

    /// The occurrences grouped by a key, the groups in the order of their first occurrence.
    private func grouped(_ occurrences: [SymbolOccurrence], by key: KeyPath<SymbolOccurrence, Int32>)
        -> [(Int32, [SymbolOccurrence])] {
        var order: [Int32] = []
        var groups: [Int32: [SymbolOccurrence]] = [:]
        for occurrence in occurrences {
            let k = occurrence[keyPath: key]
            if groups[k] == nil { order.append(k) }
            groups[k, default: []].append(occurrence)
        }
        return order.map { ($0, groups[$0]!) }
    }
}
