import RPNCommandLine
import RPNCore

/// `:save FILE` and `:load FILE`: the session's program to a file, a program file onto the stack.
extension Shell {
    func registerFileCommands() {
        on("save", usage: ":save FILE",
           summary: "write the session's program to FILE (\"my file.rpn\" for spaces, ~ for home)", useRank: 21,
           completing: { [unowned self] in fileCompletions($0, $1) }
        ) { [unowned self] arguments throws(CommandError) in
            let path = try Self.path(arguments)
            let program = session.savedProgram
            let text = program + (program.isEmpty ? "" : "\n")
            do throws(InputError) {
                try environment.writeFile(path, Array(text.utf8))
            } catch { throw CommandError(error.message) }
            // The lines the file holds (a loaded file is one entry of many lines).
            let lines = text.utf8.count(where: { $0 == 0x0A })
            say(note("saved \(lines) line\(lines == 1 ? "" : "s") to \(TerminalText.shown(path))"))
        }
        on("load", usage: ":load FILE",
           summary: "run a program file on the stack (\"my file.rpn\" for spaces, ~ for home)", useRank: 22,
           completing: { [unowned self] in fileCompletions($0, $1) }
        ) { [unowned self] arguments throws(CommandError) in
            let path = try Self.path(arguments)
            let bytes: [UInt8]
            do throws(InputError) { bytes = try environment.readFile(path) } catch { throw CommandError(error.message) }
            calculate(String(decoding: bytes, as: UTF8.self), file: path, path: environment.filePath(path))
        }
    }

    /// The one file name after the command, read as a POSIX shell reads a word.
    static func path(_ arguments: CommandArguments) throws(CommandError) -> String {
        let name = arguments.name
        switch PathArgument.parse(arguments.text) {
        case .success(let path): return path
        case .failure(.missing): throw arguments.usageError
        case .failure(.several): throw CommandError("usage: :\(name) FILE (a name with spaces needs quotes: :\(name) \"my file.rpn\")")
        case .failure(.empty): throw CommandError(":\(name): the file name is empty")
        case .failure(.unclosedQuote(let quote)): throw CommandError(":\(name): the closing \(quote) is missing")
        case .failure(.trailingBackslash): throw CommandError(":\(name): nothing follows the last \\")
        }
    }
}
