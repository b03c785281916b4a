import RPNCore
import RPNJSON

/// A document's diagnostics (every core diagnostic, with code and source `rpn`, then its lints,
/// Lints.swift), pushed to clients that do not pull them and pulled by those that do (LSP
/// 3.17: `textDocument/diagnostic`, `workspace/diagnostic`), never both.
extension LanguageServer {
    func registerDiagnostics() {
        on(DocumentDiagnosticRequest.self) { [unowned self] request throws(ResponseError) in
            diagnosticReport(try document(request.textDocument), previousResultID: request.previousResultID)
        }
        on(WorkspaceDiagnosticRequest.self) { [unowned self] request throws(ResponseError) in
            var items: [WorkspaceDocumentDiagnosticReport] = []
            for document in documents.all.sorted(by: { $0.uri < $1.uri }) {
                try checkpoint()  // one analysis per document: stop when cancelled
                items.append(WorkspaceDocumentDiagnosticReport(
                    uri: document.uri, version: document.version,
                    report: diagnosticReport(document, previousResultID: request.previousResultIDs[document.uri])))
                limitRetainedAnalyses()  // one document after the other, not all at once
            }
            return WorkspaceDiagnosticReport(items: items)
        }
    }

    /// Pushes the document's diagnostics, to a client that does not pull them.
    func publishDiagnostics(_ document: Document) {
        analysesDue.removeAll { $0 == document.uri }
        guard !clientCapabilities.diagnosticPull else { return }
        notify("textDocument/publishDiagnostics", [
            "uri": .string(document.uri),
            "version": .int(document.version),
            "diagnostics": .array(diagnosticItems(document)),
        ])
    }

    /// `unchanged` when the client's result is the one given for this text and settings (no
    /// analysis then), else every diagnostic under that result's id, or a new one.
    private func diagnosticReport(_ document: Document, previousResultID: String?) -> DocumentDiagnosticReport {
        if let id = document.diagnosticsResultID, id == previousResultID { return .unchanged(resultID: id) }
        let items = diagnosticItems(document)
        let id = document.diagnosticsResultID ?? {
            diagnosticsResults += 1
            return String(diagnosticsResults)
        }()
        document.diagnosticsResultID = id
        return .full(resultID: id, items: items)
    }

    /// Every diagnostic of the document, then its lints. One of an included file, shown at
    /// its include, has its place in that file as related information; so have the places a
    /// diagnostic names (the calls that led to an error in a word, the read a store changes).
    private func diagnosticItems(_ document: Document) -> [JSONValue] {
        let analysis = document.analysis
        var items = lspDiagnostics(analysis.diagnostics, in: document)
        if let includes = analysis.includes {
            for (index, origin) in includes.origins {
                guard let location = includes.location(of: origin.range, encoding: encoding) else { continue }
                items[index].related = [(location, origin.message)]
            }
        }
        for (index, diagnostic) in analysis.diagnostics.enumerated() where index < items.count {
            for related in diagnostic.related {
                guard let location = location(of: related.range, in: document, includes: analysis.includes) else { continue }
                items[index].related.append((location, related.message))
            }
        }
        return items.map(\.json) + lintDiagnostics(document)
    }

    /// Where a range is: in the document, or in a file it includes.
    private func location(of range: Swift.Range<Int>, in document: Document, includes: DocumentIncludes?) -> Location? {
        if range.lowerBound >= 0, range.upperBound <= document.bytes.count {
            return Location(uri: document.uri, range: document.range(of: range, encoding: encoding))
        }
        return includes?.location(of: range, encoding: encoding)
    }

    func lspDiagnostics(_ diagnostics: [Diagnostic], in document: Document) -> [LSPDiagnostic] {
        diagnostics.map { LSPDiagnostic(range: document.range(of: $0.range, encoding: encoding), diagnostic: $0) }
    }
}
