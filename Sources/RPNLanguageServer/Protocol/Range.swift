import RPNJSON

/// LSP `Range`: start inclusive, end exclusive.
struct Range: Equatable, JSONConvertible {
    var start: Position
    var end: Position

    init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    /// A range that ends before it starts (in line, then character order, as sent) is
    /// refused, in every request and change that takes one: a client's mistake, not a
    /// selection made backwards (clients order those), and guessing at what it meant (swapping
    /// its ends, or taking it as empty) would answer a question nobody asked.
    init(json: JSONValue?) throws(ResponseError) {
        guard let json else { throw .invalidParams("expected a range") }
        let start = try Position(json: json["start"]), end = try Position(json: json["end"])
        guard (start.line, start.character) <= (end.line, end.character) else {
            throw .invalidParams("a range ends before it starts: its end (line \(end.line), character \(end.character)) "
                                 + "is before its start (line \(start.line), character \(start.character))")
        }
        self.init(start: start, end: end)
    }

    var json: JSONValue { ["start": start.json, "end": end.json] }
}
