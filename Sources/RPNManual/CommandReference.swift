import RPNJSON

/// The command line as `rpn --experimental-dump-help` describes it (swift-argument-parser's
/// JSON of the whole command tree): the one source of the page's options and commands.
/// Commands and arguments the parser hides (`rpn width`, the `help` command's own flag) are
/// left out, a hidden command with everything under it.
public struct CommandReference: Equatable, Sendable {
    /// Every shown command in the order of the tree, a command before the ones under it:
    /// the root (`rpn`) first.
    public var commands: [Command]

    public struct Command: Equatable, Sendable {
        /// The words that run it, from `rpn`: `["rpn", "fav", "add"]`.
        public var path: [String]
        public var abstract: String
        public var discussion: String
        public var arguments: [Argument]
        /// Whether commands sit under it (`rpn fav list`).
        public var hasSubcommands: Bool
    }

    public struct Argument: Equatable, Sendable {
        public enum Kind: String, Sendable { case flag, option, positional }
        public var kind: Kind
        /// As typed: `-e`, `--expression`; none for a positional.
        public var names: [String]
        /// The value's placeholder: `PROGRAM`, `FILE`.
        public var valueName: String
        public var abstract: String
        public var discussion: String
        public var isOptional: Bool
        public var isRepeating: Bool
    }

    public init(commands: [Command]) { self.commands = commands }

    /// Reads the JSON; a document of another shape is an error naming what is missing.
    public init(json bytes: [UInt8]) throws(ManualError) {
        let document: JSONValue
        do { document = try JSONParser.parse(bytes) } catch {
            throw ManualError("the command tree is not JSON: \(error.message) at byte \(error.offset)")
        }
        guard let root = document["command"] else {
            throw ManualError("the command tree has no \"command\" (expected rpn --experimental-dump-help's JSON)")
        }
        // Depth first with a stack of its own, children pushed in reverse to keep their order.
        var commands: [Command] = []
        var pending: [(value: JSONValue, parent: [String])] = [(root, [])]
        while let next = pending.popLast() {
            let (value, parent) = next
            guard let name = value["commandName"]?.stringValue else {
                throw ManualError("a command in the tree has no commandName")
            }
            if value["shouldDisplay"]?.boolValue == false { continue }
            let path = parent + [name]
            let subcommands = value["subcommands"]?.arrayValue ?? []
            var arguments: [Argument] = []
            for argument in value["arguments"]?.arrayValue ?? [] {
                if argument["shouldDisplay"]?.boolValue == false { continue }
                arguments.append(try Self.argument(argument, of: path))
            }
            commands.append(Command(path: path, abstract: value["abstract"]?.stringValue ?? "",
                                    discussion: value["discussion"]?.stringValue ?? "",
                                    arguments: arguments, hasSubcommands: !subcommands.isEmpty))
            pending += subcommands.reversed().map { ($0, path) }
        }
        self.commands = commands
    }

    private static func argument(_ value: JSONValue, of path: [String]) throws(ManualError) -> Argument {
        let where_ = path.joined(separator: " ")
        guard let kindName = value["kind"]?.stringValue, let kind = Argument.Kind(rawValue: kindName) else {
            throw ManualError("an argument of '\(where_)' has no known kind")
        }
        var names: [String] = []
        for name in value["names"]?.arrayValue ?? [] {
            guard let text = name["name"]?.stringValue else { continue }
            switch name["kind"]?.stringValue {
            case "short", "longWithSingleDash": names.append("-" + text)
            default: names.append("--" + text)
            }
        }
        if kind != .positional && names.isEmpty {
            throw ManualError("an option of '\(where_)' has no name")
        }
        return Argument(kind: kind, names: names, valueName: value["valueName"]?.stringValue ?? "",
                        abstract: value["abstract"]?.stringValue ?? "",
                        discussion: value["discussion"]?.stringValue ?? "",
                        isOptional: value["isOptional"]?.boolValue ?? true,
                        isRepeating: value["isRepeating"]?.boolValue ?? false)
    }
}

/// Why no page could be made.
public struct ManualError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
