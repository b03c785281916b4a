import RPNCore

/// The `:` commands, in the order `:help` lists them: the one place a command is declared.
/// Running a command, `:help`, Tab completion of names and arguments, and the did-you-mean of
/// an unknown command all read it.
struct ShellCommandTable {
    private(set) var commands: [ShellCommand] = []

    /// Adds a command; one with the same name is replaced where it stood.
    mutating func add(_ command: ShellCommand) {
        if let index = commands.firstIndex(where: { $0.name == command.name }) {
            commands[index] = command
        } else {
            commands.append(command)
        }
    }

    /// Every command's name (aliases are not listed).
    var names: [String] { commands.map(\.name) }

    /// The command a name or an alias stands for, in any case.
    func command(named typed: String) -> ShellCommand? {
        let name = typed.lowercased()
        return commands.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The names Tab offers for `prefix` (without its `:`), in `:help`'s order.
    func names(startingWith prefix: String) -> [String] {
        names.filter { $0.hasPrefix(prefix) }
    }

    /// The command meant by an unknown name: the most used one it begins, else the nearest
    /// by spelling.
    func suggestion(for name: String) -> String? {
        let byUse = commands.enumerated().sorted { ($0.element.useRank, $0.offset) < ($1.element.useRank, $1.offset) }
        if let prefixed = byUse.first(where: { $0.element.name.hasPrefix(name) }) { return prefixed.element.name }
        return Suggestions.closest(to: name, among: names)
    }
}
