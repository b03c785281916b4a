import ArgumentParser
import Platform
import RPNCommandLine
import RPNShell

struct PlotCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Graph the top expression of a program as a function of a variable (M by default)."
    )

    @Option(name: [.customShort("e"), .customLong("expression")], parsing: .unconditional,
            help: ArgumentHelp("The program whose top entry is plotted.", valueName: "PROGRAM"))
    var program: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Left end of the range, in RPN ('π neg'; default -10).", valueName: "XMIN"))
    var from: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Right end of the range, in RPN (default 10).", valueName: "XMAX"))
    var to: String?
    @Option(name: .customLong("var"), help: ArgumentHelp("The variable on the x axis.", valueName: "NAME"))
    var variable: String = "M"
    @Option(help: ArgumentHelp("Write a standalone SVG here instead of drawing in the terminal.", valueName: "FILE"),
            completion: .file(extensions: ["svg"]))
    var svg: String?
    @Option(name: .customLong("set"),
            help: ArgumentHelp("Give a variable a value (repeatable), as the evaluator's --set.", valueName: "NAME=VALUE"))
    var assignments: [String] = []
    @Flag(help: "Trigonometric functions take and give degrees (in --set values and bounds too).") var degrees = false
    @Flag(help: "ASCII description in the title.") var ascii = false
    // .unconditional: `--max-steps -5` is the value -5, refused with the reason, not a missing value.
    @Option(name: .customLong("max-steps"), parsing: .unconditional,
            help: ArgumentHelp("Stop after N steps in all, the samples' included (default 10^7).", valueName: "N"))
    var maxSteps: String?

    func run() throws {
        var command = PlotCommand(program: program)
        command.fromText = from
        command.toText = to
        command.assignments = assignments
        command.degrees = degrees
        command.variable = variable
        command.svgPath = svg
        command.ascii = ascii
        if let maxSteps { command.maxSteps = try StepLimit.parse(maxSteps).mapError { ValidationError($0.message) }.get() }
        try finish(command.run(processIO(), terminalSize: Terminal.size(of: 1)))
    }
}
