import RPNJSON

/// `textDocument/selectionRange`: for each position, the ranges "expand selection" steps
/// through.
struct SelectionRangeRequest: RequestType {
    typealias Response = [SelectionRange]
    static let method = "textDocument/selectionRange"
    static let capability: ServerCapability? = ServerCapability("selectionRangeProvider", value: true)

    var textDocument: TextDocumentIdentifier
    var positions: [Position]

    init(json: JSONValue?) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params: json)
        guard let positions = json?["positions"]?.arrayValue else { throw .invalidParams("expected positions") }
        self.positions = []
        self.positions.reserveCapacity(positions.count)
        for position in positions { self.positions.append(try Position(json: position)) }
    }
}
