import RPNCore
import RPNShell
import Testing
@testable import RPNManual

/// The page made from a small command tree (swift-argument-parser's JSON shape, written by
/// hand), a few words and commands: what the reader finds in it.
struct ManualPageTests {
    static let tree = """
        {"serializationVersion": 0, "command": {"commandName": "rpn", "shouldDisplay": true,
          "abstract": "Evaluate RPN programs.", "discussion": "Runs the programs.\\n\\n.Exit status: 0.",
          "arguments": [
            {"kind": "option", "names": [{"kind": "short", "name": "e"}, {"kind": "long", "name": "expression"}],
             "valueName": "PROGRAM", "abstract": "A program to run.", "isOptional": true, "isRepeating": true, "shouldDisplay": true},
            {"kind": "flag", "names": [{"kind": "long", "name": "ascii"}], "valueName": "ascii",
             "abstract": "Describe with sqrt pi instead of √ π.", "isOptional": true, "isRepeating": false, "shouldDisplay": true},
            {"kind": "flag", "names": [{"kind": "long", "name": "secret"}], "valueName": "secret",
             "abstract": "Hidden flag.", "shouldDisplay": false},
            {"kind": "positional", "valueName": "FILE", "abstract": "Files.", "isOptional": true, "isRepeating": true, "shouldDisplay": true},
            {"kind": "flag", "names": [{"kind": "long", "name": "version"}], "valueName": "version",
             "abstract": "Show the version.", "isOptional": true, "shouldDisplay": true}],
          "subcommands": [
            {"commandName": "check", "abstract": "Report diagnostics only.", "shouldDisplay": true, "arguments": [
              {"kind": "flag", "names": [{"kind": "long", "name": "json"}], "valueName": "json", "abstract": "JSON out.", "isOptional": true},
              {"kind": "flag", "names": [{"kind": "long", "name": "version"}], "valueName": "version", "abstract": "Show the version.", "isOptional": true}]},
            {"commandName": "width", "abstract": "Internal widths.", "shouldDisplay": false, "arguments": [],
             "subcommands": [{"commandName": "inner", "abstract": "Under a hidden one.", "arguments": []}]},
            {"commandName": "fav", "abstract": "Favorites.", "shouldDisplay": true, "arguments": [], "subcommands": [
              {"commandName": "add", "abstract": "Add a program.", "arguments": [
                {"kind": "positional", "valueName": "program", "abstract": "The RPN program.", "isOptional": false}]}]}]}}
        """

    static func page() throws -> String {
        let commandLine = try CommandReference(json: Array(tree.utf8))
        let words = Builtin.all.filter { [BuiltinID.add, .sqrt, .pi, .dup, .deg, .define].contains($0.id) }
        let commands = [ShellCommandReference(usage: ":fix N", aliases: [], summary: "show N digits"),
                        ShellCommandReference(usage: ":quit", aliases: ["q", "exit"], summary: "leave")]
        return try ManualPage(commandLine: commandLine,
                              synopsis: ["rpn [-e PROGRAM]... [FILE]...", "    [--ascii]", "rpn check [--json] FILE..."],
                              words: words, shellCommands: commands, version: "9.9.9").render()
    }

    @Test func hiddenCommandsAndArgumentsAreLeftOut() throws {
        let tree = try CommandReference(json: Array(Self.tree.utf8))
        #expect(tree.commands.map { $0.path.joined(separator: " ") } == ["rpn", "rpn check", "rpn fav", "rpn fav add"])
        #expect(!tree.commands[0].arguments.contains { $0.names == ["--secret"] })
        let page = try Self.page()
        #expect(!page.contains("width"))
        #expect(!page.contains("Internal"))
        #expect(!page.contains("Under a hidden one"))
        #expect(!page.contains("secret"))
    }

    @Test func theFirstLineNamesTheCodingAndGlyphsStayUTF8() throws {
        let page = try Self.page()
        #expect(page.hasPrefix(".\\\" -*- coding: UTF-8 -*-\n"))
        #expect(page.contains("sqrt pi instead of √ π."))
        #expect(page.contains("\\fB√\\fR, \\fBsqrt\\fR  ( a \\-\\- √a )"))
        #expect(page.contains("\\fBπ\\fR, \\fBpi\\fR"))
    }

    @Test func everySectionIsThereInOrder() throws {
        let headings = try Self.page().split(separator: "\n").filter { $0.hasPrefix(".SH ") }
        #expect(headings == [".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH OPTIONS",
                             ".SH COMMANDS", ".SH \"THE LANGUAGE\"", ".SH WORDS", ".SH \"THE SHELL\"",
                             ".SH FILES", ".SH ENVIRONMENT", ".SH \"EXIT STATUS\"", ".SH EXAMPLES",
                             ".SH \"SEE ALSO\""])
    }

    @Test func theSynopsisHasEachFormWithItsContinuation() throws {
        let page = try Self.page()
        #expect(page.contains(".ti -4n\n\\fBrpn\\fR [\\-e PROGRAM]... [FILE]...\n[\\-\\-ascii]\n.in -4n"))
        #expect(page.contains("\\fBrpn check\\fR [\\-\\-json] FILE..."))
    }

    @Test func optionsAndCommandsAreTaggedParagraphs() throws {
        let page = try Self.page()
        #expect(page.contains(".TP\n\\fB\\-e\\fR, \\fB\\-\\-expression\\fR \\fIPROGRAM\\fR\\&...\nA program to run.\n"))
        #expect(page.contains(".SS \"rpn check\"\nReport diagnostics only.\n"))
        #expect(page.contains(".TP\n\\fBrpn fav add\\fR \\fIprogram\\fR\nAdd a program. program: The RPN program.\n"))
        // --version is the root's: said once, not again under each command.
        #expect(page.occurrences(of: ".TP\n\\fB\\-\\-version\\fR") == 1)
    }

    @Test func aDiscussionLineStartingWithADotIsText() throws {
        #expect(try Self.page().contains("\n\\&.Exit status: 0.\n"))
    }

    @Test func theShellCommandsComeFromTheirTable() throws {
        let page = try Self.page()
        #expect(page.contains(".TP\n\\fB:fix\\fR N\nShow N digits.\n"))
        #expect(page.contains(".TP\n\\fB:quit\\fR\nLeave (also :q, :exit).\n"))
    }

    @Test(arguments: ["{", "{}", "{\"command\": {\"arguments\": []}}",
                      "{\"command\": {\"commandName\": \"rpn\", \"arguments\": [{\"kind\": \"option\"}]}}"])
    func aTreeOfAnotherShapeIsAnError(json: String) {
        #expect(throws: ManualError.self) { try CommandReference(json: Array(json.utf8)) }
    }

    @Test func theRealTablesGiveEveryWordAndCommand() throws {
        let tree = "{\"command\": {\"commandName\": \"rpn\", \"abstract\": \"Evaluate.\", \"arguments\": []}}"
        let page = try ManualPage(commandTreeJSON: Array(tree.utf8)).render()
        for word in Builtin.all {
            for spelling in word.spellings {
                #expect(page.contains(Roff.bold(spelling)), "\(spelling) is not on the page")
            }
        }
        let commands = Shell.commandReference()
        #expect(commands.contains { $0.usage == ":undo" })
        for command in commands { #expect(page.contains(ManualPage.shellUsageRoff(command.usage))) }
    }
}

extension String {
    /// How many times `part` occurs.
    func occurrences(of part: String) -> Int {
        var count = 0
        var rest = self[...]
        while let range = rest.firstRange(of: part) {
            count += 1
            rest = rest[range.upperBound...]
        }
        return count
    }
}
