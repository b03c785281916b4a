import RPNCore
import RPNJSON

extension LanguageServer {
    /// The core's layout (`Formatter`): lines indented by their nesting, single spaces between
    /// tokens, comments and each line's own ending kept, glyphs and indentation width as
    /// configured, the client's `FormattingOptions` honoured; edits of only what changes.
    func registerFormatting() {
        on(FormattingRequest.self) { [unowned self] request throws(ResponseError) in
            let document = try document(request.textDocument)
            let options = formatterOptions(request.options)
            return formattingEdits(document, Formatter.edits(source(of: document), options: options))
        }
        on(RangeFormattingRequest.self) { [unowned self] request throws(ResponseError) in
            let document = try document(request.textDocument)
            let (start, end) = (request.range.start, request.range.end)
            // A selection of whole lines ends at the start of the next line, which it leaves alone.
            let lines = start.line..<(end.line > start.line && end.character == 0 ? end.line : end.line + 1)
            let options = formatterOptions(request.options)
            return formattingEdits(document, Formatter.edits(source(of: document), options: options, lines: lines))
        }
    }

    private func source(of document: Document) -> SourceFile { SourceFile(name: document.uri, bytes: document.bytes) }

    /// The configured glyphs and indentation width, and the request's `options`.
    private func formatterOptions(_ options: FormattingOptions) -> Formatter.Options {
        Formatter.Options(glyphs: configuration.formattingGlyphs, indentWidth: configuration.formattingIndentWidth,
                          trimTrailingWhitespace: options.trimTrailingWhitespace,
                          insertFinalNewline: options.insertFinalNewline, trimFinalNewlines: options.trimFinalNewlines)
    }

    private func formattingEdits(_ document: Document, _ edits: [Formatter.Edit]) -> [TextEdit] {
        var sweep = PositionSweep(bytes: document.bytes, encoding: encoding)  // the edits are in order
        return edits.map { edit in
            let start = sweep.position(of: edit.range.lowerBound)
            return TextEdit(range: Range(start: start, end: sweep.position(of: edit.range.upperBound)), newText: edit.text)
        }
    }
}
