import RPNCore
import RPNJSON

/// Quick fixes for the server's own diagnostics of the current version, worked out from the
/// text under each (the token the diagnostic is about):
///
/// | code | mistake | fix |
/// |---|---|---|
/// | any with a did-you-mean | `sqr` | did you mean: `sqrt` |
/// | invalid-number | `2x`, a number glued to a name | `2 x` |
/// | unset-variable | `sqrt2`, a function glued to its number (did-you-mean says `sqrt`) | `2 sqrt` |
/// | invalid-number | `1,5`, a decimal comma | `1.5` (and `1000` for `1,000`) |
/// | unknown-token, invalid-number | `sqrt(2+3)`, `(1+2)*3`: infix | `2 3 + sqrt` |
/// | missing-operand | `4+5`, `x^2`: infix glued together | `4 5 +` |
/// | store-needs-name | a bare `→` or `->` | `→M`, one fix per variable of the document |
/// | unset-needs-name | `unset` alone | `unset M`, one per variable |
///
/// The diagnostics a client sends back in the request only select which diagnostics to fix:
/// a client's copy may be stale (published for an older version, its range now over other
/// text) or made up, so nothing of it but its code and range is read, and it selects a
/// diagnostic of the server's only when both are the same in the current text.
extension LanguageServer {
    typealias QuickFix = (title: String, edit: Swift.Range<Int>, newText: String)

    /// The fixes of the server's diagnostics that the client's select, each listing the
    /// client's diagnostic it fixes (clients match them by equality).
    func quickFixes(selectedBy clientDiagnostics: [CodeActionContext.ClientDiagnostic], in document: Document) -> [CodeAction] {
        guard !clientDiagnostics.isEmpty else { return [] }
        // By where they start: a request may send back many diagnostics, and a document have many.
        let own = Dictionary(grouping: document.analysis.diagnostics, by: \.range.lowerBound)
        var actions: [CodeAction] = []
        for sent in clientDiagnostics {
            guard let range = sent.range, let code = sent.code else { continue }
            let place = document.offsets(of: range, encoding: encoding)
            guard let diagnostic = own[place.lowerBound]?.first(where: { $0.range == place && $0.code.rawValue == code })
            else { continue }
            let fixes = quickFixes(for: diagnostic, in: document)
            actions += fixes.map { fix in
                CodeAction(title: fix.title, kind: CodeActionKind.quickFix, diagnostics: [sent.json],
                           edit: workspaceEdit(document, [
                               TextEdit(range: document.range(of: fix.edit, encoding: encoding), newText: fix.newText)]),
                           isPreferred: fix.title == fixes[0].title && (fixes.count == 1 || fix.title.hasPrefix("Rewrite")))
            }
        }
        return actions
    }

    /// The fixes of one of the server's diagnostics, from the text under it.
    func quickFixes(for diagnostic: Diagnostic, in document: Document) -> [QuickFix] {
        let place = diagnostic.range
        let text = String(decoding: document.bytes[place], as: UTF8.self)
        var fixes: [QuickFix] = []
        // Before the did-you-mean, which would drop the number (`sqrt2` → `sqrt`).
        if diagnostic.code == .unsetVariable, let call = Self.functionAndNumber(text) {
            fixes.append(("Rewrite '\(text)' in RPN: '\(call)'", place, call))
        }
        if let replacement = diagnostic.replacement {
            fixes.append(("Replace '\(text)' with '\(replacement)'", place, replacement))
        }
        switch diagnostic.code {
        case .invalidNumber:
            if let split = Self.splitNumber(text) { fixes.append(("Split '\(text)' into '\(split)'", place, split)) }
            for number in Self.decimalComma(text) { fixes.append(("Replace '\(text)' with '\(number)'", place, number)) }
            if text.contains(")") || text.contains("(") { fixes += infixFix(around: place, in: document) }
        case .unknownToken:
            if text.contains("(") || text.contains(")") { fixes += infixFix(around: place, in: document) }
        case .missingOperand:
            fixes += infixFix(around: place, in: document)
        case .storeNeedsName where text == "->" || text == "→":
            for name in variableChoices(document, at: place.lowerBound, storing: true) {
                fixes.append(("Store into '\(name)': '\(text)\(name)'", place, text + name))
            }
        case .unsetNeedsName where Builtin.named(text)?.id == .unset:
            for name in variableChoices(document, at: place.lowerBound, storing: false) {
                fixes.append(("Unset '\(name)': '\(text) \(name)'", place, "\(text) \(name)"))
            }
        default:
            break
        }
        return fixes
    }

    /// `2x` → `2 x`: the longest number the word starts with, when the rest is one valid token.
    static func splitNumber(_ word: String) -> String? {
        let scalars = word.unicodeScalars
        var cut = scalars.endIndex
        while cut > scalars.startIndex {
            cut = scalars.index(before: cut)
            guard cut > scalars.startIndex else { break }
            let number = String(scalars[..<cut]), rest = String(scalars[cut...])
            guard isOneToken(number, .number) else { continue }
            let tokens = RPN.tokenize(rest)
            if tokens.count == 1, tokens[0].range == 0..<rest.utf8.count,
               ![.invalid, .comment, .store].contains(tokens[0].kind) {
                return number + " " + rest
            }
        }
        return nil
    }

    /// `sqrt2` → `2 sqrt`, `sin30` → `30 sin`: a function's name with a number glued after it
    /// (one variable name to the lexer).
    static func functionAndNumber(_ word: String) -> String? {
        guard let digits = word.firstIndex(where: \.isNumber), digits > word.startIndex else { return nil }
        let name = String(word[..<digits]), number = String(word[digits...])
        guard Builtin.named(name)?.kind == .function, isOneToken(number, .number) else { return nil }
        return number + " " + name
    }

    /// `1,5` → `1.5`; `2,500` → `2.500` and `2500` (a thousands separator?); `1,000,000` → `1000000`.
    static func decimalComma(_ word: String) -> [String] {
        let groups = word.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard groups.count >= 2, groups.dropFirst().allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              isOneToken(groups[0], .number) else { return [] }
        var numbers: [String] = []
        if groups.count == 2, isOneToken(groups[0] + "." + groups[1], .number) { numbers.append(groups[0] + "." + groups[1]) }
        if groups.dropFirst().allSatisfy({ $0.count == 3 }), isOneToken(groups.joined(), .number) { numbers.append(groups.joined()) }
        return numbers
    }

    static func isOneToken(_ text: String, _ kind: TokenKind) -> Bool {
        let tokens = RPN.tokenize(text)
        return tokens.count == 1 && tokens[0].kind == kind && tokens[0].range == 0..<text.utf8.count
    }

    /// Infix arithmetic around a diagnostic: the word it is in, widened on its line until the
    /// parentheses balance (`sqrt( 2 + 3 )`), rewritten in RPN.
    func infixFix(around range: Swift.Range<Int>, in document: Document) -> [QuickFix] {
        let bytes = document.bytes
        let line = document.lineIndex.lineRange(document.lineIndex.line(containing: range.lowerBound), in: bytes)
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
        let hash = UInt8(ascii: "#"), open = UInt8(ascii: "("), close = UInt8(ascii: ")")
        var start = max(range.lowerBound, line.lowerBound), end = min(max(range.upperBound, start), line.upperBound)
        while start > line.lowerBound, !isSpace(bytes[start - 1]) { start -= 1 }
        while end < line.upperBound, !isSpace(bytes[end]), bytes[end] != hash { end += 1 }
        var depth = 0
        for b in bytes[start..<end] { depth += b == open ? 1 : b == close ? -1 : 0 }
        while depth > 0, end < line.upperBound, bytes[end] != hash {
            depth += bytes[end] == open ? 1 : bytes[end] == close ? -1 : 0
            end += 1
        }
        while depth < 0, start > line.lowerBound {
            start -= 1
            depth += bytes[start] == open ? 1 : bytes[start] == close ? -1 : 0
        }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard depth == 0, start < end else { return [] }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        guard let rpn = InfixToRPN.rewrite(text),
              rpn.split(separator: " ") != text.split(whereSeparator: \.isWhitespace) else { return [] }
        return [("Rewrite '\(text)' in RPN: '\(rpn)'", start..<end, rpn)]
    }

    /// The document's variables to name after a bare arrow or `unset`, likeliest first: for a
    /// store, those read after it and never stored; for an unset, those stored before it.
    func variableChoices(_ document: Document, at offset: Int, storing: Bool) -> [String] {
        let occurrences = document.analysis.occurrences
        let stored = Set(occurrences.filter(\.isStore).map(\.name))
        let likely: Set<String> = storing
            ? Set(occurrences.filter { !$0.isStore && $0.range.lowerBound > offset && !stored.contains($0.name) }.map(\.name))
            : Set(occurrences.filter { $0.isStore && $0.range.lowerBound < offset }.map(\.name))
        let others = Set(occurrences.map(\.name)).subtracting(likely)
        return Array((likely.sorted() + others.sorted()).prefix(20))
    }
}
