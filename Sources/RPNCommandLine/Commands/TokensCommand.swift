import RPNCore
import RPNJSON

/// `rpn tokens [--json] FILE`: the lexer's view of a program, for grammar tests and tools.
/// The text output escapes control characters (`TerminalText`); the JSON keeps the exact text.
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
                let object: JSONValue = ["kind": .string(token.kind.rawValue), "text": .string(text),
                                         "line": .int(start.line), "column": .int(start.column),
                                         "endLine": .int(end.line), "endColumn": .int(end.column)]
                lines.append(JSONSerializer.string(object))
            } else {
                lines.append("\(start.line):\(start.column)-\(end.line):\(end.column) \(token.kind.rawValue) "
                             + TerminalText.shown(text))
            }
        }
        // JSON: one token a line, so that a diff of two outputs reads token by token.
        io.standardOutput.write(json ? "[" + lines.joined(separator: ",\n") + "]\n"
                                     : lines.map { $0 + "\n" }.joined())
        return ExitStatus.success
    }
}
