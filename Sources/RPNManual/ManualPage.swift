import RPNCore
import RPNShell

/// `man rpn`: the page made from the tables the program itself runs on, so that it never says
/// something the program does not do. The options and commands come from the argument
/// parser's tree (`CommandReference`), the synopsis from `CommandLineUsage` (the lines
/// `rpn --help` prints), the words from the word table (`Builtin.all`), the `:` commands from
/// the shell's command table. The prose around them (the language, files, environment) is
/// written in `ManualPage+Prose`.
public struct ManualPage {
    public var commandLine: CommandReference
    /// The forms of `rpn --help`'s usage: each form's first line starts with `rpn`; the lines
    /// after it continue it.
    public var synopsis: [String]
    public var words: [Builtin]
    public var shellCommands: [ShellCommandReference]
    public var version: String

    public init(commandLine: CommandReference, synopsis: [String], words: [Builtin],
                shellCommands: [ShellCommandReference], version: String) {
        self.commandLine = commandLine
        self.synopsis = synopsis
        self.words = words
        self.shellCommands = shellCommands
        self.version = version
    }

    /// The page in roff, UTF-8.
    public func render() throws(ManualError) -> String {
        guard let root = commandLine.commands.first, root.path.count == 1 else {
            throw ManualError("the command tree has no root command")
        }
        var page = RoffWriter()
        // man-db's preconv reads the coding from this first line, so √ π → reach groff intact
        // whatever the locale man runs in.
        page.comment("-*- coding: UTF-8 -*-")
        page.comment("Made by rpn-manual from rpn's own tables; edit those, not this file.")
        page.macro("TH", "RPN", "1", "", "rpn \(version)", "User Commands")
        // No hyphenation: a word split at a line's end (`histo-gram`, `--max-st-eps`) is not
        // what a reader types.
        page.request("nh")
        // Lines set flush left: stretched blanks in a synopsis or a word's stack effect read
        // as if they meant something.
        page.request("ad l")
        page.section("NAME")
        page.raw("rpn \\- " + Roff.escaped(Self.lowercasingFirst(Self.withoutFinalPeriod(root.abstract))))
        writeSynopsis(into: &page)
        page.section("DESCRIPTION")
        page.paragraphs(root.discussion)
        page.section("OPTIONS")
        for argument in root.arguments { writeArgument(argument, into: &page) }
        writeCommands(root: root, into: &page)
        writeLanguage(into: &page)
        writeWords(into: &page)
        writeShell(into: &page)
        writeFiles(into: &page)
        writeEnvironment(into: &page)
        writeExitStatus(into: &page)
        writeExamples(into: &page)
        writeSeeAlso(into: &page)
        return page.lines.joined(separator: "\n") + "\n"
    }

    /// Each usage form a paragraph of its own, its continuation lines hanging under its first.
    private func writeSynopsis(into page: inout RoffWriter) {
        page.section("SYNOPSIS")
        var forms: [[String]] = []
        for line in synopsis {
            let trimmed = String(line.drop { $0 == " " })
            if trimmed.hasPrefix("rpn ") || trimmed == "rpn" || forms.isEmpty {
                forms.append([trimmed])
            } else {
                forms[forms.count - 1].append(trimmed)
            }
        }
        for form in forms {
            page.request("PP")
            page.request("in +4n")
            page.request("ti -4n")
            for line in form { page.raw(Self.usageRoff(line)) }
            page.request("in -4n")
        }
    }

    /// A usage line with the command bold: `rpn check [--json]` → `\fBrpn check\fR [\-\-json]`.
    static func usageRoff(_ line: String) -> String {
        guard line.hasPrefix("rpn") else { return Roff.escaped(line) }
        var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var command = [words.removeFirst()]
        // The command's name: the lowercase words after `rpn` before the first option or
        // placeholder (`rpn fav list|add …` keeps its alternatives plain).
        while let next = words.first, next.allSatisfy({ $0.isLowercase }), !next.isEmpty {
            command.append(words.removeFirst())
        }
        return Roff.bold(command.joined(separator: " ")) + (words.isEmpty ? "" : " " + Roff.escaped(words.joined(separator: " ")))
    }

    /// A `:` command's usage with its name bold: `:fix N` → `\fB:fix\fR N`.
    static func shellUsageRoff(_ usage: String) -> String {
        let name = usage.prefix { $0 != " " }
        let rest = usage.dropFirst(name.count)
        return Roff.bold(String(name)) + Roff.escaped(String(rest))
    }

    /// An option or positional argument as a tagged paragraph: `-e, --expression PROGRAM`.
    private func writeArgument(_ argument: CommandReference.Argument, into page: inout RoffWriter) {
        var body = argument.abstract
        if !argument.discussion.isEmpty { body += "\n\n" + argument.discussion }
        // An argument the parser says nothing of (`rpn help`'s) is in its command's usage.
        guard !body.isEmpty else { return }
        page.item(Self.argumentRoff(argument), body)
    }

    static func argumentRoff(_ argument: CommandReference.Argument) -> String {
        let repeats = argument.isRepeating ? "\\&..." : ""
        switch argument.kind {
        case .positional:
            return Roff.italic(argument.valueName) + repeats
        case .flag:
            return argument.names.map(Roff.bold).joined(separator: ", ")
        case .option:
            return argument.names.map(Roff.bold).joined(separator: ", ") + " " + Roff.italic(argument.valueName) + repeats
        }
    }

    /// The short form of an argument in a command's usage: `[--json]`, `FILE...`, `-e PROGRAM`.
    static func argumentUsageRoff(_ argument: CommandReference.Argument) -> String {
        var form: String
        switch argument.kind {
        case .positional: form = Roff.italic(argument.valueName)
        case .flag: form = Roff.bold(argument.names.last ?? "")
        case .option: form = Roff.bold(argument.names.first ?? "") + " " + Roff.italic(argument.valueName)
        }
        if argument.isRepeating { form += "\\&..." }
        return argument.isOptional ? "[" + form + "]" : form
    }

    /// The named commands (`rpn check` …), each with its own options; what they share with
    /// the root (`--help`, `--version`) is said once, under OPTIONS. A command under another
    /// (`rpn fav add`) is one tagged paragraph in its parent's subsection.
    private func writeCommands(root: CommandReference.Command, into page: inout RoffWriter) {
        let commands = commandLine.commands.dropFirst()
        guard !commands.isEmpty else { return }
        page.section("COMMANDS")
        for command in commands {
            let own = command.arguments.filter { argument in
                !root.arguments.contains { $0.names == argument.names && $0.abstract == argument.abstract && !$0.names.isEmpty }
            }
            if command.path.count == 2 {
                page.subsection(command.path.joined(separator: " "))
                page.paragraphs(command.abstract + (command.discussion.isEmpty ? "" : "\n\n" + command.discussion))
                let form = ([Roff.bold(command.path.joined(separator: " "))] + own.map(Self.argumentUsageRoff)).joined(separator: " ")
                page.request("PP")
                page.raw(form + (command.hasSubcommands ? " " + Roff.italic("COMMAND") : ""))
                for argument in own { writeArgument(argument, into: &page) }
            } else {
                let form = ([Roff.bold(command.path.joined(separator: " "))] + own.map(Self.argumentUsageRoff)).joined(separator: " ")
                var body = command.abstract
                let positionals = own.filter { $0.kind == .positional && !$0.abstract.isEmpty }
                for argument in positionals { body += " " + argument.valueName + ": " + argument.abstract }
                page.item(form, body)
            }
        }
    }

    /// The word table, kind by kind in `:help`'s order: each word's spellings, its stack
    /// effect, its summary and its example.
    private func writeWords(into page: inout RoffWriter) {
        page.section("WORDS")
        page.text("""
            Every built-in word, from the table the language itself reads. Each line gives the \
            word's spellings (any one may be written; letter spellings in any case, except the \
            constants), its stack effect (what it takes from the top of the stack, then what it \
            leaves), what it does, and an example (the program, then what it leaves).
            """)
        for (kind, title) in Self.wordKinds {
            let ofKind = words.filter { $0.kind == kind }
            guard !ofKind.isEmpty else { continue }
            page.subsection(title)
            for word in ofKind {
                let spellings = word.spellings.map(Roff.bold).joined(separator: ", ")
                page.item(spellings + "  " + Roff.escaped(word.stackEffect), word.summary + " Example: " + word.example)
            }
        }
    }

    /// The kinds of words in `:help`'s order, with their titles.
    static let wordKinds: [(WordKind, String)] = [
        (.binaryOperator, "Operators"), (.function, "Functions"), (.constant, "Constants"),
        (.stackWord, "Stack words"), (.directive, "Directives"),
        (.keyword, "Definitions, branches and loops"),
    ]

    /// The `:` commands, from the shell's table.
    func writeShellCommands(into page: inout RoffWriter) {
        page.subsection("Commands")
        for command in shellCommands {
            var body = command.summary
            if !command.aliases.isEmpty {
                body += " (also " + command.aliases.map { ":" + $0 }.joined(separator: ", ") + ")"
            }
            page.item(Self.shellUsageRoff(command.usage), Self.capitalizingFirst(body) + (body.hasSuffix(".") ? "" : "."))
        }
    }

    static func lowercasingFirst(_ text: String) -> String {
        guard let first = text.first, first.isUppercase, text.dropFirst().first?.isUppercase != true else { return text }
        return first.lowercased() + text.dropFirst()
    }

    static func capitalizingFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    static func withoutFinalPeriod(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}
