/// What a command's handler gets: the words typed after its name, and the same as typed.
struct CommandArguments {
    /// The command's name as typed, lowercased: its name or an alias (`degrees`).
    let name: String
    /// The blank-separated words after the name.
    let words: [String]
    /// Everything after the name, blanks, quotes and all (`:save "my file.rpn"`).
    let text: Substring
    /// What `usage: ...` shows: the command's usage, or the alias typed (`:degrees`).
    let usage: String

    var isEmpty: Bool { words.isEmpty }
    var count: Int { words.count }
    subscript(index: Int) -> String { words[index] }

    /// `usage: :set NAME VALUE`, thrown when the arguments do not fit.
    var usageError: CommandError { CommandError("usage: " + usage) }

    /// For a command that takes no arguments.
    func none() throws(CommandError) {
        guard words.isEmpty else { throw usageError }
    }

    /// Splits a line that starts with `:` into the command's name and its arguments (the
    /// usage left empty: the table fills it in).
    static func split(_ line: Substring) -> (name: String, words: [String], text: Substring) {
        let afterColon = line.drop { $0 == " " || $0 == "\t" }.dropFirst()
        let words = afterColon.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let text = afterColon.drop { $0 == " " || $0 == "\t" }.drop { $0 != " " && $0 != "\t" }
        return (words.first?.lowercased() ?? "", Array(words.dropFirst()), text)
    }
}
