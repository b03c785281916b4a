/// The lines of a man(7) page, each request or text line made safe as it is added.
struct RoffWriter {
    private(set) var lines: [String] = []

    /// A request or a macro written by this program, as it is: `PP`, `in +4n`, `RS 4`.
    mutating func request(_ line: String) {
        lines.append("." + line)
    }

    /// A macro whose arguments are text (`SH`, `SS`, `TH`): each escaped, and quoted when it
    /// is empty or holds a blank.
    mutating func macro(_ name: String, _ arguments: String...) {
        let quoted = arguments.map { argument in
            argument.isEmpty || argument.contains(" ") || argument.contains("\"")
                ? Roff.quotedArgument(argument) : Roff.escaped(argument)
        }
        lines.append(([".\(name)"] + quoted).joined(separator: " "))
    }

    /// A comment line: `.\" text` (never shown). Not escaped: preconv reads the coding tag
    /// `-*- coding: UTF-8 -*-` as it is written.
    mutating func comment(_ text: String) {
        lines.append(".\\\" " + text.split(whereSeparator: \.isNewline).joined(separator: " "))
    }

    /// Roff input already escaped (font changes in it), as one text line.
    mutating func raw(_ roff: String) {
        if let line = Roff.textLine(roff) { lines.append(line) }
    }

    /// Plain text, escaped; its line breaks are kept as separate input lines, which fill mode
    /// joins into one paragraph.
    mutating func text(_ plain: String) {
        for line in plain.split(separator: "\n", omittingEmptySubsequences: true) {
            raw(Roff.escaped(String(line)))
        }
    }

    /// Plain text whose blank lines separate paragraphs (a parser's discussion). Inside a
    /// tagged paragraph the next ones are `.IP`, indented as the first; `.PP` would go back to
    /// the margin.
    mutating func paragraphs(_ plain: String, indented: Bool = false) {
        var first = true
        for paragraph in Self.paragraphs(of: plain) {
            if !first { request(indented ? "IP" : "PP") }
            text(paragraph)
            first = false
        }
    }

    /// A section heading: `.SH "THE LANGUAGE"`.
    mutating func section(_ title: String) { macro("SH", title) }

    /// A subsection heading: `.SS "rpn check"`.
    mutating func subsection(_ title: String) { macro("SS", title) }

    /// A tagged paragraph: the tag (roff input) on its own line, the body indented under it.
    mutating func item(_ tagRoff: String, _ body: String) {
        request("TP")
        raw(tagRoff)
        paragraphs(body, indented: true)
    }

    /// Text printed as it is, line for line (examples): no filling, no adjusting.
    mutating func literal(_ plain: [String]) {
        request("PP")
        request("RS 4")
        request("nf")
        for line in plain {
            // An empty line in no-fill mode is an empty output line; `\&` keeps it a text line.
            lines.append(line.isEmpty ? "\\&" : "\\&" + Roff.escaped(line))
        }
        request("fi")
        request("RE")
    }

    /// The paragraphs of `text`: separated by lines that are empty or blank.
    static func paragraphs(of text: String) -> [String] {
        var result: [String] = []
        var current: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                if !current.isEmpty { result.append(current.joined(separator: "\n")) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { result.append(current.joined(separator: "\n")) }
        return result
    }
}
