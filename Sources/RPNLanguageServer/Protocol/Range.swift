import RPNJSON

/// LSP `Range`: start inclusive, end exclusive.
struct Range: Equatable, JSONConvertible {
    var start: Position
    var end: Position

    init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    init(json: JSONValue?) throws(ResponseError) {
        guard let json else { throw .invalidParams("expected a range") }
        self.init(start: try Position(json: json["start"]), end: try Position(json: json["end"]))
    }

    var json: JSONValue { ["start": start.json, "end": end.json] }
}
