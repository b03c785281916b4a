import RPNCore
import RPNJSON

extension LanguageServer {
    /// Pushes the document's diagnostics (every core diagnostic, with code and source `rpn`), then
    /// its lints (Lints.swift).
    func publishDiagnostics(_ document: Document) {
        notify("textDocument/publishDiagnostics", [
            "uri": .string(document.uri),
            "version": .int(document.version),
            "diagnostics": .array(lspDiagnostics(document.analysis.diagnostics, in: document).map(\.json)
                + lintDiagnostics(document)),
        ])
    }

    func lspDiagnostics(_ diagnostics: [Diagnostic], in document: Document) -> [LSPDiagnostic] {
        diagnostics.map { LSPDiagnostic(range: document.range(of: $0.range, encoding: encoding), diagnostic: $0) }
    }
}
