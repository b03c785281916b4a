/// One `:` command as the shell's table holds it (see `ShellCommandTable`): its names, what
/// `:help` says of it, how Tab completes its arguments, and what it does. `:help`, Tab and
/// the did-you-mean of an unknown command all read these entries, so a command exists once.
struct ShellCommand {
    /// The name `:help` lists and Tab completes (lowercase).
    let name: String
    /// Other spellings that do the same (`:q`, `:exit`); typed, never offered.
    let aliases: [String]
    /// The name with its arguments, for `:help` and usage errors: `:fix N`.
    let usage: String
    /// One line for `:help`.
    let summary: String
    /// How often people use it, 1 the most: of the commands a typed prefix starts, the one
    /// suggested is the most used (`:u` is more likely `:undo` than `:unset`).
    let useRank: Int
    /// Tab in an argument: given the complete arguments before it and what is typed of it (the
    /// text after the last blank), the word being completed and its candidates.
    let completeArgument: ArgumentCompleter
    /// Does the command; a thrown error is shown as `error: MESSAGE`.
    let run: (CommandArguments) throws(CommandError) -> Void

    /// See `completeArgument`.
    typealias ArgumentCompleter = (_ before: [String], _ typed: String) -> (word: String, candidates: [String])

    /// An argument that is one of `candidates`: those `typed` starts, sorted.
    static func offering(_ candidates: [String]) -> ArgumentCompleter {
        { _, typed in (typed, Set(candidates.filter { $0.hasPrefix(typed) }).sorted()) }
    }

    /// No completion.
    static func noCompletion(_ before: [String], _ typed: String) -> (word: String, candidates: [String]) { (typed, []) }

    /// Whether a line typed at `rpn>` is a command: `:` then directly something other than a
    /// blank (`:undo`, `:?`). A `:` followed by a blank or nothing starts a definition
    /// (`: sq dup × ;`).
    static func isCommand(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.first == ":", let next = trimmed.dropFirst().first else { return false }
        return !next.isWhitespace
    }
}
