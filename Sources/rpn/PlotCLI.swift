import ArgumentParser
import CEditLine
import RPNShell

struct PlotCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Graph the top expression of a program as a function of a variable (M by default)."
    )

    @Option(name: [.customShort("e"), .customLong("expression")], parsing: .unconditional,
            help: ArgumentHelp("The program whose top entry is plotted.", valueName: "PROGRAM"))
    var program: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Left end of the range.", valueName: "XMIN"))
    var from: Double = -10
    @Option(parsing: .unconditional, help: ArgumentHelp("Right end of the range.", valueName: "XMAX"))
    var to: Double = 10
    @Option(name: .customLong("var"), help: ArgumentHelp("The variable on the x axis.", valueName: "NAME"))
    var variable: String = "M"
    @Option(help: ArgumentHelp("Write a standalone SVG here instead of drawing in the terminal.", valueName: "FILE"),
            completion: .file(extensions: ["svg"]))
    var svg: String?
    @Flag(help: "ASCII description in the title.") var ascii = false

    func run() throws {
        var command = PlotCommand(program: program)
        command.from = from
        command.to = to
        command.variable = variable
        command.svgPath = svg
        command.ascii = ascii
        var columns: Int32 = 0, rows: Int32 = 0
        shim_terminal_size(1, &columns, &rows)
        try finish(command.run(processIO(), terminalSize: columns > 0 && rows > 0 ? (Int(columns), Int(rows)) : nil))
    }
}
