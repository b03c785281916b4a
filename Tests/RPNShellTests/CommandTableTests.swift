import RPNTestSupport
import Testing
@testable import RPNShell

/// The `:` commands are one table: a command registered once is run, listed by `:help`,
/// completed by Tab (name and arguments) and suggested for a typo, with nothing else to edit.
@Suite struct CommandTableTests {
    @Test func oneRegistrationReachesEveryUse() {
        let shell = Shell.inMemory(terminal: (100, 20))
        var ran: [[String]] = []
        shell.on("zap", aliases: ["zz"], usage: ":zap [loud|soft]", summary: "makes a test noise", useRank: 99,
                 completing: ShellCommand.offering(["loud", "soft"])) { arguments throws(CommandError) in
            guard arguments.count <= 1 else { throw arguments.usageError }
            ran.append(arguments.words)
        }
        #expect(shell.type(":zap loud") == "")
        #expect(shell.type(":ZZ") == "")
        #expect(ran == [["loud"], []])
        #expect(shell.type(":zap a b") == "error: usage: :zap [loud|soft]\n")
        #expect(shell.type(":help commands").contains("  :zap [loud|soft]" + String(repeating: " ", count: 46 - 18) + "makes a test noise\n"))
        #expect(shell.completions(before: ":za").candidates == [":zap"])
        #expect(shell.completions(before: ":zap s").candidates == ["soft"])
        #expect(shell.type(":zpa") == "error: unknown command ':zpa'; did you mean ':zap'?\n")
    }

    /// Every command in the table is in `:help` with its usage and summary, and Tab offers it.
    @Test func helpAndTabListEveryCommand() {
        let shell = Shell.inMemory(terminal: (200, 20))
        let help = shell.type(":help commands")
        #expect(shell.commands.commands.count == 42)
        for command in shell.commands.commands {
            #expect(help.contains("  \(command.usage)"), "\(command.name)")
            #expect(help.contains(command.summary), "\(command.name)")
            #expect(shell.completions(before: ":" + command.name).candidates.contains(":" + command.name))
        }
        #expect(shell.completions(before: ":").candidates.count == shell.commands.commands.count)
    }

    /// Aliases do what their command does, and are not offered by Tab.
    @Test(arguments: [(":h", ":help"), (":?", ":help"), (":q", ":quit"), (":exit", ":quit"), (":Quit", ":quit"),
                      (":degrees", ":deg"), (":radians", ":rad"), (":fractions", ":frac")])
    func aliases(_ alias: String, _ command: String) {
        let (typed, named) = (Shell.inMemory(), Shell.inMemory())
        for shell in [typed, named] { _ = shell.type("1 3 ÷ 30 sin") }
        #expect(typed.type(alias) == named.type(command))
        #expect(typed.finished == named.finished)
        #expect(typed.completions(before: alias).candidates.contains(alias) == false)
    }

    /// An alias's usage error names the alias, as it was typed.
    @Test func anAliasWithArgumentsNamesTheAlias() {
        #expect(Shell.inMemory().type(":degrees 3") == "error: usage: :degrees\n")
        #expect(Shell.inMemory().type(":exit now") == "error: usage: :exit\n")
    }

    /// Of the commands a prefix starts, the most used is suggested; otherwise the nearest.
    @Test(arguments: [(":u", ":undo"), (":r", ":redo"), (":s", ":set"), (":f", ":fav"), (":d", ":describe"),
                      (":e", ":eng"), (":p", ":plot"), (":g", ":group"), (":o", ":oct"), (":b", ":bin"),
                      (":unod", ":undo"), (":plto", ":plot")])
    func suggestions(_ typed: String, _ suggested: String) {
        #expect(Shell.inMemory().type(typed) == "error: unknown command '\(typed)'; did you mean '\(suggested)'?\n")
    }
}
