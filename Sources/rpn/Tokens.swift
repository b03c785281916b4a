import ArgumentParser
import RPNCommandLine

struct Tokens: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the tokens of a program with their kinds and positions."
    )

    @Flag(help: "Print a JSON array of {kind, text, line, column, endLine, endColumn}.")
    var json = false

    @Argument(help: ArgumentHelp("The program file ('-' or none: standard input).", valueName: "FILE"), completion: .file())
    var file: String = "-"

    func run() throws {
        var command = TokensCommand(input: file == "-" ? .standardInput : .file(file))
        command.json = json
        try finish(command.run(processIO()))
    }
}
