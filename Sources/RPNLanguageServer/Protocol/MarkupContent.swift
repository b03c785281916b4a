import RPNJSON

/// LSP `MarkupKind`, and the one decision of which a client gets.
enum MarkupKind: String {
    case plaintext, markdown

    /// The first format the client lists that the server writes (the list is in the client's
    /// order of preference); plain text when it lists none: a client that did not offer
    /// markdown must not see asterisks and backslashes. Hover (`hover.contentFormat`) and
    /// completion (`completionItem.documentationFormat`) both decide here.
    static func preferred(_ offered: JSONValue?) -> MarkupKind {
        for format in offered?.arrayValue ?? [] {
            if let kind = format.stringValue.flatMap(MarkupKind.init(rawValue:)) { return kind }
        }
        return .plaintext
    }
}

/// LSP `MarkupContent`, written once and rendered either way: pieces of text, each rendered
/// as markdown (escaped, so the document's `*` and `_` stay literal) or as plain text.
struct MarkupContent {
    enum Piece {
        case text(String)
        case strong(String)
        case code(String)
        /// A line break inside a paragraph.
        case lineBreak
        case paragraphBreak
    }

    private(set) var pieces: [Piece] = []

    var isEmpty: Bool { pieces.isEmpty }

    mutating func text(_ text: String) { pieces.append(.text(text)) }
    mutating func strong(_ text: String) { pieces.append(.strong(text)) }
    mutating func code(_ text: String) { pieces.append(.code(text)) }
    mutating func lineBreak() { pieces.append(.lineBreak) }
    mutating func append(_ other: MarkupContent) { pieces += other.pieces }

    /// Starts a new paragraph (nothing when there is nothing yet).
    mutating func paragraph() {
        if !pieces.isEmpty { pieces.append(.paragraphBreak) }
    }

    var markdown: String {
        pieces.map { piece in
            switch piece {
            case .text(let text): Markdown.escape(text)
            case .strong(let text): "**" + Markdown.escape(text) + "**"
            case .code(let text): Markdown.codeSpan(text)
            case .lineBreak: "  \n"
            case .paragraphBreak: "\n\n"
            }
        }.joined()
    }

    var plainText: String {
        pieces.map { piece in
            switch piece {
            case .text(let text), .strong(let text), .code(let text): text
            case .lineBreak: "\n"
            case .paragraphBreak: "\n\n"
            }
        }.joined()
    }

    func string(_ kind: MarkupKind) -> String { kind == .markdown ? markdown : plainText }

    func json(_ kind: MarkupKind) -> JSONValue {
        ["kind": .string(kind.rawValue), "value": .string(string(kind))]
    }
}
