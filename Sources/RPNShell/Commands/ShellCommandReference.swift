import RPNCommandLine

/// A `:` command as the man page lists it: read from the shell's own table
/// (`ShellCommandTable`), so the page and `:help` never disagree.
public struct ShellCommandReference: Sendable, Equatable {
    /// The name with its arguments: `:fix N`.
    public let usage: String
    /// Other spellings that do the same (`q`, `exit`), without their `:`.
    public let aliases: [String]
    /// `:help`'s one line.
    public let summary: String

    public init(usage: String, aliases: [String], summary: String) {
        self.usage = usage
        self.aliases = aliases
        self.summary = summary
    }
}

extension Shell {
    /// Every `:` command in `:help`'s order. The table is filled by a shell's registration, so a
    /// shell is made for the asking: on an empty session, with its output captured and its
    /// favorites in memory; nothing runs and nothing is read or written.
    public static func commandReference() -> [ShellCommandReference] {
        let shell = Shell(session: Session(), environment: ShellEnvironment(
            output: .capture(), colour: false, terminalSize: { (80, 24) }, favorites: InMemoryFavoritesStore()))
        return shell.commands.commands.map {
            ShellCommandReference(usage: $0.usage, aliases: $0.aliases, summary: $0.summary)
        }
    }
}
