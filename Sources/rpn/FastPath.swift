import RPNCommandLine

/// The most common invocations, `rpn -e PROGRAM` and `rpn FILE` (each repeated, optionally
/// with `-d` and the flags below, each at most once), parsed without swift-argument-parser:
/// its set-up costs one to three milliseconds (10.5 M instructions for `rpn FILE`, against
/// 0.4 M for the whole run of `rpn -e '3 4 +'`), longer than the whole evaluation, and
/// start-up is measured against dc's. Anything else goes to the full parser, which accepts
/// these same arguments with the same meaning (the -e programs run first, then the files).
enum FastPath {
    static func evaluation(_ arguments: [String]) -> EvalCommand? {
        // A command's name first is that command (`rpn check FILE`), never a file.
        if let first = arguments.first, CommandNames.all.contains(first) { return nil }
        var programs: [String] = []
        var files: [String] = []
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
            case let file where file == "-" || !file.hasPrefix("-"):
                files.append(file)
                i += 1
            default:
                return nil
            }
        }
        guard !programs.isEmpty || !files.isEmpty else { return nil }  // the shell, or standard input
        var command = EvalCommand(inputs: programs.enumerated().map { .expression($1, index: $0 + 1) }
                                  + ProgramInput.files(files))
        command.describe = describe
        command.exact = !flags.contains("--float")
        command.degrees = flags.contains("--degrees")
        command.ascii = flags.contains("--ascii")
        command.expand = flags.contains("--expand")
        command.json = flags.contains("--json")
        return command
    }
}
