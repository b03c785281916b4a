import ArgumentParser
import Platform
import RPNShell

/// `rpn fav` alone lists, like `rpn fav list`. It is not List made the default subcommand:
/// then `rpn fav bogus` would be parsed as `rpn fav list bogus` and answered with list's usage.
struct Fav: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The favorites list: programs kept with their descriptions (shared with the shell's :fav).",
        discussion: """
            Stored in \(ShellFileLocations.favoritesDocumented.path) (default \(ShellFileLocations.favoritesDocumented.default)). \
            'rpn fav' alone lists them. A program may start with a minus sign: rpn fav add '-5 abs'.
            """,
        subcommands: [List.self, Add.self, Remove.self, Show.self]
    )

    @OptionGroup var options: Options

    func run() throws { try Fav.run(.list, json: options.json) }

    struct Options: ParsableArguments {
        @Flag(help: "Print JSON.") var json = false
    }

    static func run(_ action: FavoritesCommand.Action, json: Bool) throws {
        let store = FileFavoritesStore(path: FileFavoritesStore.defaultPath(environment: processEnvironment()))
        var command = FavoritesCommand(action: action, store: store)
        command.json = json
        command.terminalColumns = Terminal.size(of: 1)?.columns
        try finish(command.run(processIO()))
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the favorites, numbered.")
        @OptionGroup var options: Options
        func run() throws { try Fav.run(.list, json: options.json) }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a program.")
        @OptionGroup var options: Options
        @Argument(help: "The RPN program.") var program: String
        func run() throws { try Fav.run(.add(program), json: options.json) }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete favorite N.")
        @OptionGroup var options: Options
        @Argument(help: "Its number in 'rpn fav list'.") var number: Int
        func run() throws { try Fav.run(.remove(number), json: options.json) }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print favorite N's program and description.")
        @OptionGroup var options: Options
        @Argument(help: "Its number in 'rpn fav list'.") var number: Int
        func run() throws { try Fav.run(.show(number), json: options.json) }
    }
}

/// The process environment as a dictionary (passed down; nothing reads it later).
func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
        let text = String(cString: entry)
        if let equals = text.firstIndex(of: "=") {
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        pointer += 1
    }
    return result
}
