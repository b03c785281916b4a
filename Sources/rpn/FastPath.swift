import RPNCommandLine

/// The most common invocations, `rpn -e PROGRAM` (repeated, optionally with `-d` and the
/// flags below, each at most once), parsed without swift-argument-parser: its set-up costs
/// one to three milliseconds (`--float` made it parse everything), longer than the whole
/// evaluation, and start-up is measured against dc's. Anything else goes to the full parser,
/// which accepts these same arguments with the same meaning.
enum FastPath {
    static func evaluation(_ arguments: [String]) -> EvalCommand? {
        var programs: [String] = []
        var describe = false
        var flags: Set<String> = []
        var i = 0
        while i < arguments.count {
            switch arguments[i] {
            case "-e":
                guard i + 1 < arguments.count else { return nil }
                programs.append(arguments[i + 1])
                i += 2
            case "-d":
                describe = true
                i += 1
            case let flag where ["--float", "--degrees", "--ascii", "--expand", "--json"].contains(flag):
                guard flags.insert(flag).inserted else { return nil }
                i += 1
            default:
                return nil
            }
        }
        guard !programs.isEmpty else { return nil }
        var command = EvalCommand(inputs: programs.enumerated().map { .expression($1, index: $0 + 1) })
        command.describe = describe
        command.exact = !flags.contains("--float")
        command.degrees = flags.contains("--degrees")
        command.ascii = flags.contains("--ascii")
        command.expand = flags.contains("--expand")
        command.json = flags.contains("--json")
        return command
    }
}
