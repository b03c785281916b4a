import RPNJSON

/// `workspace/executeCommand`: runs one of the server's commands (`EvaluateCommand.all`).
struct ExecuteCommandRequest: RequestType {
    typealias Response = EvaluateCommandResult
    static let method = "workspace/executeCommand"
    static let capability: ServerCapability? = ServerCapability(
        "executeCommandProvider", value: ["commands": .array(EvaluateCommand.all.map(JSONValue.string))])

    enum Command {
        case evaluate(EvaluateCommand.Arguments)
    }

    var command: Command

    init(json: JSONValue?) throws(ResponseError) {
        guard let command = json?["command"]?.stringValue else { throw .invalidParams("expected a command") }
        guard command == EvaluateCommand.name else {
            let known = EvaluateCommand.all.joined(separator: ", ")
            throw .invalidParams("unknown command '\(command)'; the server executes \(known)")
        }
        self.command = .evaluate(try EvaluateCommand.Arguments(arguments: json?["arguments"]))
    }
}
