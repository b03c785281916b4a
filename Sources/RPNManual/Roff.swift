/// Text made safe for roff (man(7)), and the lines of a page.
///
/// Glyphs stay UTF-8 (`√`, `π`, `→`): the page's first line names its coding, which man-db's
/// preconv reads, and groff's `-Tutf8` prints them as they are.
public enum Roff {
    /// `text` as roff input inside a line: a backslash is `\e` (roff's escape character
    /// printed), and every `-` is `\-`, the minus sign, so that `--json` and `a -- b` come out
    /// as the ASCII characters a reader types (a bare `-` may become a hyphen, U+2010). Line
    /// breaks become blanks: a newline inside a line would start a new one, perhaps a request.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case "\n", "\r\n", "\r": result += " "
            default: result.append(character)
            }
        }
        return result
    }

    /// A line of text as roff reads it: a line starting with `.` or `'` would be a request,
    /// so a zero-width `\&` goes before; a blank line or one starting with a blank would
    /// break the filled paragraph, so leading blanks are dropped and an empty line is nothing.
    /// `line` is roff input already (escaped, with font changes).
    public static func textLine(_ line: String) -> String? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard !trimmed.isEmpty else { return nil }
        if trimmed.first == "." || trimmed.first == "'" { return "\\&" + trimmed }
        return String(trimmed)
    }

    /// `text` in bold: `\fB…\fR`.
    public static func bold(_ text: String) -> String { "\\fB" + escaped(text) + "\\fR" }

    /// `text` in italics (a placeholder such as FILE): `\fI…\fR`.
    public static func italic(_ text: String) -> String { "\\fI" + escaped(text) + "\\fR" }

    /// A macro argument in double quotes: a `"` inside is roff's `\(dq`.
    public static func quotedArgument(_ text: String) -> String {
        "\"" + escaped(text).replacingAll("\"", with: "\\(dq") + "\""
    }
}

extension String {
    /// Every `target` replaced (Foundation's replacingOccurrences without Foundation).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
