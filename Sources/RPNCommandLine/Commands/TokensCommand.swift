import RPNCore

/// `rpn tokens [--json] FILE`: the lexer's view of a program, for grammar tests and tools.
public struct TokensCommand {
    public var input: ProgramInput
    public var json = false

    public init(input: ProgramInput) { self.input = input }

    public func run(_ io: CommandLineIO) -> Int32 {
        defer { io.standardOutput.flush(); io.standardError.flush() }
        let sources: SourceSet
        do { sources = try SourceSet.load([input], io) } catch { io.fail(error.message); return ExitStatus.failure }
        let file = sources.files[0]
        var lines: [String] = []
        for token in RPN.tokenize(file) {
            guard let (_, start, end) = SourceSpan.of(token.range, in: sources) else { continue }
            let text = file.text(of: token.range)
            if json {
                lines.append("{\"kind\":\"\(token.kind.rawValue)\",\"text\":\(JSON.quoted(text)),"
                             + "\"line\":\(start.line),\"column\":\(start.column),"
                             + "\"endLine\":\(end.line),\"endColumn\":\(end.column)}")
            } else {
                lines.append("\(start.line):\(start.column)-\(end.line):\(end.column) \(token.kind.rawValue) \(text)")
            }
        }
        io.standardOutput.write(json ? "[" + lines.joined(separator: ",\n") + "]\n"
                                     : lines.map { $0 + "\n" }.joined())
        return ExitStatus.success
    }
}
