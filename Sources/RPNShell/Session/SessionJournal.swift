import RPNCore

/// One undo step of the session as the state file replays it: a line (typed, loaded, a
/// favorite run, or what a command such as `:set` or `:deg` writes), `:clear` or `:new`.
struct JournalEntry {
    enum Kind: Equatable {
        /// The line's text; `name` and `path` as `Session.enter` took them (a loaded file's).
        case line(String, name: String?, path: String?)
        /// `:clear`, with the program it left (the definitions in force, the directives): the
        /// file shows it for `rpn FILE`, replaying runs `clear()` again instead.
        case clear(left: String)
        case new

        /// `:clear` or `:new`: what came before no longer shows.
        var replacesState: Bool {
            if case .line = self { false } else { true }
        }
    }

    let kind: Kind
    /// What `:undo` says it took back: `defined square`, `3 4 +`, `:load f.rpn`, `:clear`.
    let summary: String
    /// Its lines in the state file, made once (a `:load` of megabytes is not split again
    /// after every line that follows it).
    let text: SessionJournal.EntryText

    init(kind: Kind, summary: String) {
        self.kind = kind
        self.summary = summary
        text = SessionJournal.EntryText(kind)
    }

    /// A line's summary: the words it defined, else its first line, cut at `limit` characters.
    static func summary(of line: String, name: String?, path: String?, defined words: [String], limit: Int = 60) -> String {
        if let name { return path != nil ? ":load \(name)" : name }
        if !words.isEmpty { return "defined " + words.joined(separator: ", ") }
        let first = line.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return first.count > limit || first.count < line.count ? String(first.prefix(limit)) + "…" : first
    }
}

/// The state file's text: the session as an RPN program that replays it, header comments
/// first, the shell's own records as `#:` comments, and every accepted line as itself.
///
///     # rpn session state, format 1
///     # (what the file is, in a few comment lines)
///     #: display fix 2 hex
///     #| #: steps                 lines before the last :clear or :new, commented with "#| "
///     #| 100 200                  so that `rpn FILE` does not run them; replay uncomments them
///     #: clear 1                  :clear, then the 1 line it left (skipped by replay)
///     : hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;
///     3 4 hyp                     an accepted line
///     #: lines 2                  a line of several lines (or one starting with #, or blank)
///     #: name f.rpn               a loaded file's name and path, before its lines
///     #: path /home/me/f.rpn
///
/// `#: start` ... `#: steps` holds the lines the session started with (`--degrees`, `--set`),
/// which replay as no undo step. Replaying is entering every record again through the
/// session's own API (`Session.restoring`), which rebuilds the undo history as it goes.
enum SessionJournal {
    static let format = 1
    static let headerPrefix = "# rpn session state, format "
    static let explanation = [
        "# The rpn shell's memory of one session, written after every change: its stack, variables,",
        "# words, modes and the lines :undo can take back. Starting rpn replays it. It is also an RPN",
        "# program: `rpn THIS-FILE` leaves the stack the shell showed. #: lines are the shell's",
        "# records; #| lines were replaced by a :clear or :new and come back with :undo. A file",
        "# the shell cannot replay is kept aside under a new name, never overwritten.",
    ]
    static let commentedPrefix = "#| "

    // MARK: Writing

    static func text(start: [String], entries: [JournalEntry], display: DisplayModes) -> String {
        var sections: [EntryText] = []
        if !start.isEmpty {
            sections.append(EntryText(lines: ["#: start"]))
            sections += start.map { EntryText(.line($0, name: nil, path: nil)) }
        }
        sections.append(EntryText(lines: ["#: steps"]))
        // Everything before the last :clear or :new is commented out.
        let commentedUpTo = entries.lastIndex { $0.kind.replacesState }.map { sections.count + $0 } ?? 0
        sections += entries.map(\.text)
        var text = ([headerPrefix + String(format)] + explanation + ["#: display " + display.words.joined(separator: " ")])
            .joined(separator: "\n") + "\n"
        for (index, section) in sections.enumerated() { text += index < commentedUpTo ? section.commented : section.plain }
        return text
    }

    /// An entry's lines, each ending in a newline, as they are and commented out with `#| `
    /// (made when first asked: most entries never are).
    final class EntryText {
        let plain: String
        private(set) lazy var commented: String = plain.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map { commentedPrefix + $0 + "\n" }.joined()

        init(lines: [String]) {
            plain = lines.map { $0 + "\n" }.joined()
        }

        convenience init(_ kind: JournalEntry.Kind) {
            var lines: [String] = []
            SessionJournal.append(kind, to: &lines)
            self.init(lines: lines)
        }
    }

    fileprivate static func append(_ kind: JournalEntry.Kind, to body: inout [String]) {
        switch kind {
        case .line(let text, let name, let path):
            if let name { body.append("#: name " + name) }
            if let path { body.append("#: path " + path) }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.count != 1 || name != nil || path != nil || standsApart(lines[0]) { body.append("#: lines \(lines.count)") }
            body += lines
        case .clear(let left):
            let lines = left.isEmpty ? [] : left.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            body.append("#: clear \(lines.count)")
            body += lines
        case .new:
            body.append("#: new")
        }
    }

    /// A line that would not read back as a line on its own: blank, or a comment (a record).
    private static func standsApart(_ line: String) -> Bool {
        line.allSatisfy(\.isWhitespace) || line.drop(while: \.isWhitespace).hasPrefix("#")
    }

    // MARK: Reading

    /// One record read back, with where its text starts in the file (1-based line, and the
    /// columns a `#| ` in front takes).
    struct Record {
        var kind: JournalEntry.Kind
        var line: Int
        var indent: Int
    }

    struct Parsed {
        var display: DisplayModes
        var records: [Record]
        /// The records before this index are the session's start (no undo steps).
        var stepsStart: Int
    }

    /// Why a file does not read as a state file; `line` 1-based in the file.
    struct Problem: Error, Equatable {
        var line: Int
        var column: Int = 1
        var message: String
    }

    static func parse(_ text: String) -> Result<Parsed, Problem> {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first, first.hasPrefix(headerPrefix) else {
            return .failure(Problem(line: 1, message: "not an rpn session state (it does not start with '\(headerPrefix)1')"))
        }
        guard let version = Int(first.dropFirst(headerPrefix.count)), version >= 1 else {
            return .failure(Problem(line: 1, message: "unknown format '\(first.dropFirst(headerPrefix.count))'"))
        }
        guard version <= format else {
            return .failure(Problem(line: 1, message: "written by a newer rpn (format \(version); this rpn reads format \(format))"))
        }
        // (text, 1-based line, indent): the commented lines uncommented, then the rest as is.
        var index = 1
        while index < lines.count, lines[index] == "#" || lines[index].hasPrefix("# ") { index += 1 }
        var flat: [(text: String, line: Int, indent: Int)] = []
        while index < lines.count, lines[index].hasPrefix("#: display") {
            flat.append((lines[index], index + 1, 0))
            index += 1
        }
        while index < lines.count, lines[index].hasPrefix("#|") {
            let text = lines[index]
            flat.append(text.hasPrefix(commentedPrefix) ? (String(text.dropFirst(3)), index + 1, 3) : (String(text.dropFirst(2)), index + 1, 2))
            index += 1
        }
        flat += lines[index...].enumerated().map { ($1, index + $0 + 1, 0) }

        var parsed = Parsed(display: DisplayModes(), records: [], stepsStart: 0)
        var name: String?, path: String?
        var position = 0
        while position < flat.count {
            let (text, line, indent) = flat[position]
            position += 1
            guard text.hasPrefix("#:") else {
                // Blank lines and comments a reader added are not lines of the session.
                if standsApart(text) { continue }
                parsed.records.append(Record(kind: .line(text, name: name, path: path), line: line, indent: indent))
                (name, path) = (nil, nil)
                continue
            }
            let words = text.dropFirst(2).split(separator: " ", maxSplits: 1).map(String.init)
            let (record, argument) = (words.first ?? "", words.count > 1 ? words[1] : "")
            func count() -> Result<Int, Problem> {
                guard let n = Int(argument), n >= 0 else { return .failure(Problem(line: line, message: "'#: \(record)' needs a count of lines")) }
                guard n <= flat.count - position else {
                    return .failure(Problem(line: line, message: "'#: \(record) \(n)' announces more lines than the file has"))
                }
                return .success(n)
            }
            switch record {
            case "display":
                switch DisplayModes.parse(argument) {
                case .success(let modes): parsed.display = modes
                case .failure(let unknown): return .failure(Problem(line: line, message: "unknown display mode '\(unknown.word)'"))
                }
            case "start": break
            case "steps": parsed.stepsStart = parsed.records.count
            case "name": name = argument
            case "path": path = argument
            case "new": parsed.records.append(Record(kind: .new, line: line, indent: indent))
            case "lines", "clear":
                let n: Int
                switch count() {
                case .success(let value): n = value
                case .failure(let problem): return .failure(problem)
                }
                let body = flat[position..<position + n].map(\.text).joined(separator: "\n")
                let start = position < flat.count ? flat[position] : (text: text, line: line, indent: indent)
                position += n
                if record == "clear" {
                    parsed.records.append(Record(kind: .clear(left: body), line: line, indent: indent))
                } else {
                    parsed.records.append(Record(kind: .line(body, name: name, path: path), line: start.line, indent: start.indent))
                    (name, path) = (nil, nil)
                }
            default:
                return .failure(Problem(line: line, message: "unknown record '#:\(record)'"))
            }
        }
        return .success(parsed)
    }
}

/// How the shell shows values and descriptions (`:fix 2`, `:hex`, `:ascii`...), kept in the
/// state file as the commands' names: `fix 2 frac group hex polar ascii`.
struct DisplayModes: Equatable {
    var format = NumberFormat()
    var glyphs = DescriptionStyle.Glyphs.unicode

    var words: [String] {
        var words: [String]
        switch format.mode {
        case .standard: words = ["std"]
        case .fixed(let n): words = ["fix", String(n)]
        case .scientific(let n): words = ["sci", String(n)]
        case .engineering(let n): words = ["eng", String(n)]
        }
        if format.fractions { words.append("frac") }
        if format.grouping { words.append("group") }
        if let base = Self.bases.first(where: { $0.base == format.base && $0.base != 10 }) { words.append(base.name) }
        if format.polar != nil { words.append("polar") }
        if glyphs == .ascii { words.append("ascii") }
        return words
    }

    static let bases: [(name: String, base: Int)] = [("hex", 16), ("oct", 8), ("bin", 2), ("dec", 10)]

    /// A word that names no display mode.
    struct UnknownWord: Error { var word: String }

    /// The modes from their words; the first word not understood on failure.
    static func parse(_ text: String) -> Result<DisplayModes, UnknownWord> {
        var modes = DisplayModes()
        var words = text.split(separator: " ").map(String.init)[...]
        while let word = words.popFirst() {
            switch word {
            case "std": modes.format.mode = .standard
            case "fix", "sci", "eng":
                guard let n = words.popFirst().flatMap({ Int($0) }), (0...NumberFormat.maximumDigits).contains(n) else { return .failure(UnknownWord(word: word)) }
                modes.format.mode = word == "fix" ? .fixed(n) : word == "sci" ? .scientific(n) : .engineering(n)
            case "frac": modes.format.fractions = true
            case "group": modes.format.grouping = true
            case "polar": modes.format.polar = .radians
            case "ascii": modes.glyphs = .ascii
            default:
                guard let base = bases.first(where: { $0.name == word }) else { return .failure(UnknownWord(word: word)) }
                modes.format.base = base.base
            }
        }
        return .success(modes)
    }
}
