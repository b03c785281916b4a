import RPNJSON

/// The `rpn.evaluate` command, as it goes on the wire (what it does: Features/ExecuteCommand).
/// Its one argument is `{uri, position}` (the document up to the end of the line of
/// `position`) or `{uri, range}` (the text of the range).
enum EvaluateCommand {
    static let name = "rpn.evaluate"
    /// Every command the server executes (`executeCommandProvider.commands`).
    static let all = [name]

    static let usage = "rpn.evaluate takes arguments [{uri, position}] or [{uri, range}]"

    struct Arguments: JSONConvertible {
        enum Target {
            case position(Position)
            case range(Range)
        }

        var uri: String
        var target: Target

        init(uri: String, target: Target) {
            self.uri = uri
            self.target = target
        }

        /// From the command's `arguments`.
        init(arguments: JSONValue?) throws(ResponseError) {
            guard let argument = arguments?[0], let uri = argument["uri"]?.stringValue else {
                throw .invalidParams(EvaluateCommand.usage)
            }
            self.uri = uri
            if let range = argument["range"], !range.isNull {
                target = .range(try Range(json: range))
            } else if let position = argument["position"], !position.isNull {
                target = .position(try Position(json: position))
            } else {
                throw .invalidParams(EvaluateCommand.usage)
            }
        }

        var json: JSONValue {
            switch target {
            case .position(let position): ["uri": .string(uri), "position": position.json]
            case .range(let range): ["uri": .string(uri), "range": range.json]
            }
        }
    }

    /// A command evaluating up to the end of a line.
    static func command(_ title: String, uri: String, position: Position) -> Command {
        Command(title: title, command: name, arguments: [Arguments(uri: uri, target: .position(position)).json])
    }

    /// A command evaluating the text of a range.
    static func command(_ title: String, uri: String, range: Range) -> Command {
        Command(title: title, command: name, arguments: [Arguments(uri: uri, target: .range(range)).json])
    }
}
