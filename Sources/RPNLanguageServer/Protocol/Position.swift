import RPNCore
import RPNJSON

/// LSP `Position`: 0-based line and character (in the negotiated encoding).
struct Position: Equatable, JSONConvertible {
    var line: Int
    var character: Int

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init(_ position: SourcePosition) {
        self.init(line: position.line, character: position.column)
    }

    init(json: JSONValue?) throws(ResponseError) {
        guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue,
              line >= 0, character >= 0 else {
            throw .invalidParams("expected a position {line, character} of unsigned integers")
        }
        self.init(line: line, character: character)
    }

    var source: SourcePosition { SourcePosition(line: line, column: character) }
    var json: JSONValue { ["line": .int(line), "character": .int(character)] }
}
