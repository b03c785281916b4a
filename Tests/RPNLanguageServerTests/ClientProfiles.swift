import RPNJSON
import Testing

/// The parts of real clients' `initialize` capabilities that change what the server sends
/// (from the capability sets pytest-lsp records for each editor): the position encodings
/// offered and the markup formats taken for hover and completion documentation.
enum ClientProfile: String, CaseIterable, CustomTestStringConvertible {
    /// VS Code 1.65: UTF-16 only; markdown for hover and completion.
    case vscode
    /// Neovim 0.7: no `general.positionEncodings` (UTF-16); markdown for both.
    case neovim
    /// Emacs 29 with eglot: offers UTF-32, UTF-8, UTF-16 (the server picks UTF-8); markdown
    /// hover, no `documentationFormat` for completion (plain text).
    case emacs

    var capabilities: JSONValue {
        switch self {
        case .vscode:
            ["textDocument": ["hover": ["contentFormat": ["markdown", "plaintext"]],
                              "completion": ["completionItem": ["documentationFormat": ["markdown", "plaintext"],
                                                                "insertReplaceSupport": true]]]]
        case .neovim:
            ["textDocument": ["hover": ["contentFormat": ["markdown", "plaintext"]],
                              "completion": ["completionItem": ["documentationFormat": ["markdown", "plaintext"]]]]]
        case .emacs:
            ["general": ["positionEncodings": ["utf-32", "utf-8", "utf-16"]],
             "textDocument": ["hover": ["contentFormat": ["markdown", "plaintext"]],
                              "completion": ["completionItem": ["snippetSupport": false]]]]
        }
    }

    /// The encoding the server must pick for this client.
    var encoding: String { self == .emacs ? "utf-8" : "utf-16" }

    var testDescription: String { rawValue }
}

/// Text edits applied the way a client applies them, independently of the server's
/// `LineIndex`: lines end at `\n`, `\r\n` or `\r`; a column counts UTF-16 code units or
/// UTF-8 bytes of Swift's own views.
enum ClientText {
    /// The UTF-8 offset of an LSP position in `text`; nil when the position is not in the text.
    static func offset(of position: JSONValue?, in text: String, encoding: String) -> Int? {
        guard let line = position?["line"]?.intValue, let character = position?["character"]?.intValue else { return nil }
        let scalars = Array(text.unicodeScalars)
        var offset = 0, index = 0, currentLine = 0
        while currentLine < line {
            guard index < scalars.count else { return nil }
            let scalar = scalars[index]
            index += 1
            offset += scalar.utf8.count
            if scalar == "\n" || (scalar == "\r" && (index == scalars.count || scalars[index] != "\n")) { currentLine += 1 }
        }
        var column = 0
        while column < character {
            guard index < scalars.count, scalars[index] != "\n", scalars[index] != "\r" else { return nil }
            column += encoding == "utf-8" ? scalars[index].utf8.count : scalars[index].utf16.count
            offset += scalars[index].utf8.count
            index += 1
        }
        return column == character ? offset : nil
    }

    /// The position of the end of `prefix`, the start of `text`, in `encoding`.
    static func position(after prefix: String, encoding: String) -> JSONValue {
        let lines = prefix.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        let last = lines.last.map(String.init) ?? ""
        let character = encoding == "utf-8" ? last.utf8.count : last.utf16.count
        return ["line": .int(lines.count - 1), "character": .int(character)]
    }

    /// `edits` applied to `text`; nil when one does not fit the text or two overlap.
    static func applying(_ edits: [JSONValue], to text: String, encoding: String) -> String? {
        var replacements: [(Range<Int>, String)] = []
        for edit in edits {
            guard let start = offset(of: edit["range"]?["start"], in: text, encoding: encoding),
                  let end = offset(of: edit["range"]?["end"], in: text, encoding: encoding), start <= end,
                  let newText = edit["newText"]?.stringValue else { return nil }
            replacements.append((start..<end, newText))
        }
        replacements.sort { $0.0.lowerBound < $1.0.lowerBound }
        for (a, b) in zip(replacements, replacements.dropFirst()) where a.0.upperBound > b.0.lowerBound { return nil }
        var bytes = Array(text.utf8)
        for (range, newText) in replacements.reversed() { bytes.replaceSubrange(range, with: Array(newText.utf8)) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
