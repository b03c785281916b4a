import RPNCore

/// `:help`: an index that fits one screen, and `:help WORD`, `:help :COMMAND`, `:help TOPIC`.
/// Words come from the builtin table (effect, summary, example), one's own words from the
/// session, commands from the command table: help repeats none of them.
extension Shell {
    /// One topic of `:help TOPIC`: its name, its line in the index, and its text at a width.
    struct HelpTopic: Sendable {
        let name: String
        let summary: String
        let text: @Sendable (Shell, Int) -> [String]
    }

    static let helpTopics: [HelpTopic] = [
        HelpTopic(name: "words", summary: "every built-in word, by kind, with its stack effect") { shell, width in
            shell.wordList(width: width)
        },
        HelpTopic(name: "commands", summary: "the : commands") { shell, width in shell.commandList(width: width) },
        HelpTopic(name: "variables", summary: "names, →M stores, and why a store changes results already shown") { _, width in
            wrap(paragraphs: [
                "Variables: any other name (M, x, rate). →M or ->M stores the top of the stack in M; :set M VALUE "
                    + "does too, :unset M forgets it, :vars lists them.",
                "Values are symbolic until evaluated: an entry that reads M uses M's latest value, so "
                    + "1 →M M 2 →M M + is 4 (dc and HP calculators give 3). A store therefore changes the results "
                    + "already on the stack that read the variable. An entry whose variables have no "
                    + "value shows ?; storing it is an error.",
            ], width: width)
        },
        HelpTopic(name: "definitions", summary: "words of your own: : NAME ( a b -- c ) BODY ;") { _, width in
            wrap(paragraphs: [
                "Words of your own: : NAME BODY ; defines one (: square dup × ; then 3 square is 9), and "
                    + ": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ; names its inputs. A word that leaves one value shows "
                    + "as a call, hyp(3,4).",
                "A definition may span lines: the prompt is ...> until its ;. A line starting with : there is a "
                    + "command, run at once (:words, :see NAME); :cancel, Ctrl-C or Ctrl-D drops the definition. "
                    + "A name or parameter list that cannot be right is said at its line.",
                "Branches and loops: flag if … else … then, from to for i … next, begin … flag until. "
                    + "Words stay for the session: :words lists them, :see NAME or :help NAME shows one, "
                    + ":undo takes one back, :save writes them, :clear keeps them, and a favorite keeps "
                    + "the ones it uses.",
            ], width: width)
        },
        HelpTopic(name: "lists", summary: "{ 1 2 3 }, [ quotations ], map, filter, fold, statistics") { _, width in
            wrap(paragraphs: [
                "{ 1 2 3 } is a list: what runs between the braces, collected. Arithmetic works element by "
                    + "element ({ 1 2 } 10 × is { 10 20 }). [ dup × ] is a quotation, code kept as a value, for "
                    + "map, filter, fold, times and call; ' sq is [ sq ].",
                "Words on lists: size rev sort head tail get put concat seq, Σ Π mean median mode var sdev, "
                    + "→list list→. :help WORD shows each with an example; :show prints a long list whole.",
            ], width: width)
        },
        HelpTopic(name: "modes", summary: "exact or float, :digits N, degrees, complex, display formats") { _, width in
            wrap(paragraphs: [
                "Arithmetic is exact (integers and fractions) unless a value cannot be: √, ln, sin, π… are "
                    + "doubles. :float computes in doubles throughout, :exact goes back, :digits N computes "
                    + "inexact values with N significant digits.",
                ":deg and :rad choose the angle unit of the trigonometry typed next; :complex gives complex "
                    + "answers where a real has none (-1 √ is 1i), :real goes back.",
                "Display only: :std :fix N :sci N :eng N, :frac for fractions, :group for digits in threes, "
                    + ":polar and :rect for complex values, :ascii for plain glyphs. :help :COMMAND says more of each.",
            ], width: width)
        },
        HelpTopic(name: "files", summary: ":save, :load, include, favorites, the saved session") { _, width in
            wrap(paragraphs: [
                ":save FILE writes the session's program (each definition once), :load FILE runs a program "
                    + "file on the stack; Tab completes file names, ~ is the home directory, \"my file.rpn\" "
                    + "a name with spaces. include \"FILE\" in a program runs another file where it stands.",
                ":fav keeps the session's program as a favorite, :favs lists them, :fav N runs one; :plot draws "
                    + "the top expression in the terminal (:plot … svg FILE writes it as SVG).",
                "The session is remembered: after every line that changes it, its stack, variables, words, modes "
                    + "and undo history are written to \(ShellFileLocations.sessionDocumented.path) (a readable RPN "
                    + "program), and the next rpn brings them back. rpn --session NAME keeps a session of another "
                    + "name, :sessions lists them, :new starts an empty one (:undo brings the old one back), "
                    + "rpn --fresh neither reads nor writes one.",
            ], width: width)
        },
        HelpTopic(name: "keys", summary: "Tab, history, Ctrl-C, Ctrl-D") { _, width in
            wrap(paragraphs: [
                "Tab completes words (yours and their parameters too), variables, commands and file names; "
                    + "Up and Ctrl-R search the history; Ctrl-C abandons a line or stops a long computation; "
                    + "Ctrl-D leaves. Enter on an empty line duplicates the top entry, as ENTER does on an HP "
                    + "calculator.",
            ], width: width)
        },
    ]

    /// `:help`: what to type and the topics, in less than one 24-row screen.
    func helpIndex(width: Int) -> String {
        var lines = Self.wrap(paragraphs: [
            "Type RPN: numbers and words act on the stack, shown after each line. "
                + "Enter on an empty line duplicates the top entry, as ENTER does on an HP calculator.",
        ], width: width)
        lines.append(":help TOPIC, one of:")
        for topic in Self.helpTopics { row(&lines, "  " + topic.name, 15, topic.summary, width: width) }
        row(&lines, ":help WORD", 15, "a word: its stack effect, what it does, an example (:help sin)", width: width)
        row(&lines, ":help :CMD", 15, "a command (:help :save)", width: width)
        lines.append("")
        lines += Self.wrap(paragraphs: [
            "Most used: " + commands.commands.sorted { $0.useRank < $1.useRank }.prefix(8).map { ":" + $0.name }
                .joined(separator: " ") + ". Ctrl-D leaves.",
        ], width: width)
        return lines.joined(separator: "\n")
    }

    /// `:help NAME` (and `:see` of a built-in): a topic, a command (`:save`), a built-in word
    /// or one of one's own; nil when NAME is none of them.
    func help(for name: String, width: Int) -> String? {
        if let topic = Self.helpTopics.first(where: { $0.name == name.lowercased() }) {
            return topic.text(self, width).joined(separator: "\n")
        }
        if name.hasPrefix(":") {
            guard let command = commands.command(named: String(name.dropFirst())) else { return nil }
            var lines: [String] = []
            row(&lines, "  " + command.usage, 30, command.summary, width: width)
            if !command.aliases.isEmpty {
                lines.append("  also " + command.aliases.map { ":" + $0 }.joined(separator: ", "))
            }
            return lines.joined(separator: "\n")
        }
        if let (index, word) = session.word(named: name).map({ ($0.index, $0.definition) }) {
            let text = session.text(of: word).split(separator: "\n", omittingEmptySubsequences: false)
                .map(TerminalText.shown).joined(separator: "\n")
            return "\(word.name) " + Self.effectAndDescription(word, session.describe(word: index))
                + "\n  a word of your own, defined as:\n" + text
        }
        guard let builtin = Self.builtin(spelled: name) else { return nil }
        var lines = ["\(builtin.spellings.joined(separator: " "))  \(builtin.stackEffect)"]
        lines += Self.wrap(builtin.summary, width: width, indent: "  ")
        lines += Self.wrap("example: " + builtin.example, width: width, indent: "  ")
        return lines.joined(separator: "\n")
    }

    /// The built-in word `name` spells, in any of its spellings (`+`, `√`, `sqrt`, `→list`), as
    /// the lexer reads it.
    static func builtin(spelled name: String) -> Builtin? {
        let tokens = RPN.tokenize(name)
        guard tokens.count == 1, tokens[0].range == 0..<name.utf8.count, let id = tokens[0].builtin else { return nil }
        return Builtin[id]
    }

    /// Why `:help NAME` has nothing, with the closest name it has.
    func helpNotFound(_ name: String) -> String {
        let names = Self.helpTopics.map(\.name) + commands.names.map { ":" + $0 } + Builtin.wordNames
            + Builtin.all.flatMap(\.spellings)
        let suggestion = Suggestions.closest(to: name, among: names, ownNames: session.wordNames)
        return "no word, command or topic \(TerminalText.quoted(name))"
            + (suggestion.map { "; did you mean \(TerminalText.quoted($0))?" } ?? "; :help lists the topics")
    }

    /// `:help words`: the built-in words by kind, each with its effect and summary.
    func wordList(width: Int) -> [String] {
        var lines: [String] = []
        let kinds: [(WordKind, String)] = [(.binaryOperator, "operators"), (.function, "functions"),
                                           (.constant, "constants"), (.stackWord, "stack words"),
                                           (.directive, "directives"), (.keyword, "definitions, branches and loops")]
        for (kind, title) in kinds {
            lines.append(title + ":")
            for word in Builtin.all where word.kind == kind {
                row(&lines, "  " + word.spellings.joined(separator: " ").padding(to: 14) + word.stackEffect, 38,
                    word.summary, width: width)
            }
        }
        lines += ["", ":help WORD shows a word with an example."]
        return lines
    }

    /// `:help commands`: every command with its usage and summary, in the table's order.
    func commandList(width: Int) -> [String] {
        var lines = ["commands:"]
        for command in commands.commands { row(&lines, "  " + command.usage, 46, command.summary, width: width) }
        lines += ["", ":help :COMMAND shows one."]
        return lines
    }

    /// A two-column row: `left` padded to `leftWidth`, `right` wrapped beside it; a long left
    /// gets a line of its own, and a narrow terminal stacks the two.
    func row(_ lines: inout [String], _ left: String, _ leftWidth: Int, _ right: String, width: Int) {
        let indent = String(repeating: " ", count: leftWidth)
        let leftText = left.hasPrefix("  ") ? String(left.dropFirst(2)) : left
        if leftWidth + 20 > width {
            lines += Self.wrap(leftText, width: width, indent: "  ")
            lines += Self.wrap(right, width: width, indent: "    ")
        } else if left.count >= leftWidth {
            // A long usage gets a line of its own, its summary aligned below.
            lines += Self.wrap(leftText, width: width, indent: "  ")
            lines += Self.wrap(right, width: width, indent: indent)
        } else {
            var wrapped = Self.wrap(right, width: width - leftWidth, indent: "")
            lines.append(left.padding(to: leftWidth) + wrapped.removeFirst())
            lines += wrapped.map { indent + $0 }
        }
    }

    /// Paragraphs wrapped to `width`, a blank line between them.
    static func wrap(paragraphs: [String], width: Int) -> [String] {
        var lines: [String] = []
        for (index, paragraph) in paragraphs.enumerated() {
            if index > 0 { lines.append("") }
            lines += wrap(paragraph, width: width, indent: "")
        }
        return lines
    }

    /// Greedy word wrap; a word longer than the width gets a line of its own.
    static func wrap(_ text: String, width: Int, indent: String) -> [String] {
        let width = max(width, 20)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, indent.count + line.count + 1 + word.count > width {
                lines.append(indent + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(indent + line)
        return lines
    }
}
