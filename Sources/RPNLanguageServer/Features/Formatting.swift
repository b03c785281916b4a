import RPNCore
import RPNJSON

extension LanguageServer {
    /// Single spaces between tokens, comments and each line's own ending kept, glyphs as
    /// configured, the client's `FormattingOptions` honoured; one edit per changed line.
    func registerFormatting() {
        on("textDocument/formatting") { [unowned self] params throws(ResponseError) in
            let document = try document(params)
            return formattingEdits(document, Formatter.edits(source(of: document), options: formattingOptions(params)))
        }
        on("textDocument/rangeFormatting") { [unowned self] params throws(ResponseError) in
            let document = try document(params)
            let range = try Range(json: params?["range"])
            let (start, end) = (range.start.line, range.start.character) <= (range.end.line, range.end.character)
                ? (range.start, range.end) : (range.end, range.start)
            // A selection of whole lines ends at the start of the next line, which it leaves alone.
            let lines = start.line..<(end.line > start.line && end.character == 0 ? end.line : end.line + 1)
            return formattingEdits(document, Formatter.edits(source(of: document), options: formattingOptions(params),
                                                             lines: lines))
        }
    }

    private func source(of document: Document) -> SourceFile { SourceFile(name: document.uri, bytes: document.bytes) }

    /// The configured glyphs and the request's `options` (absent options are false).
    private func formattingOptions(_ params: JSONValue?) -> Formatter.Options {
        let options = params?["options"]
        return Formatter.Options(glyphs: configuration.formattingGlyphs,
                                 trimTrailingWhitespace: options?["trimTrailingWhitespace"]?.boolValue ?? false,
                                 insertFinalNewline: options?["insertFinalNewline"]?.boolValue ?? false,
                                 trimFinalNewlines: options?["trimFinalNewlines"]?.boolValue ?? false)
    }

    private func formattingEdits(_ document: Document, _ edits: [Formatter.Edit]) -> JSONValue {
        var sweep = PositionSweep(bytes: document.bytes, encoding: encoding)  // the edits are in order
        return .array(edits.map { edit in
            let start = sweep.position(of: edit.range.lowerBound)
            return TextEdit(range: Range(start: start, end: sweep.position(of: edit.range.upperBound)),
                            newText: edit.text).json
        })
    }
}
