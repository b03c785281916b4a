import RPNCore
import RPNJSON

extension LanguageServer {
    /// Single spaces between tokens, line breaks and comments kept; glyphs as configured.
    func registerFormatting() {
        on("textDocument/formatting") { [unowned self] params throws(ResponseError) in
            let document = try document(params)
            let formatted = Formatter.format(SourceFile(name: document.uri, bytes: document.bytes),
                                             glyphs: configuration.formattingGlyphs)
            guard Array(formatted.utf8) != document.bytes else { return [] }
            let whole = document.range(of: 0..<document.bytes.count, encoding: encoding)
            return [TextEdit(range: whole, newText: formatted).json]
        }
    }
}
