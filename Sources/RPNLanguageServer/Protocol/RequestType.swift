import RPNJSON

/// A request the server answers, one type per method as sourcekit-lsp's
/// LanguageServerProtocol has them: the method name, the parameters read (and checked) from
/// JSON, the type of the answer, and what the server advertises in `initialize` when it
/// handles the method. Registering a handler (`on(HoverRequest.self) { ... }`) is what adds
/// the capability, so what is advertised is exactly what is handled.
protocol RequestType {
    associatedtype Response: JSONConvertible
    static var method: String { get }
    /// The server capability a handler for this request stands for (nil: none, as for
    /// `shutdown`).
    static var capability: ServerCapability? { get }
    /// The parameters, or `invalidParams` (-32602) saying what is wrong with them. `json` is
    /// nil when the request has none (absent or null).
    init(json: JSONValue?) throws(ResponseError)
}

/// A notification the server takes.
protocol NotificationType {
    static var method: String { get }
    static var capability: ServerCapability? { get }
    init(json: JSONValue?) throws(ResponseError)
}

extension RequestType {
    static var capability: ServerCapability? { nil }
}

extension NotificationType {
    static var capability: ServerCapability? { nil }
}

/// A request about a place in a document (`TextDocumentPositionParams`).
protocol TextDocumentPositionRequest: RequestType {
    var textDocument: TextDocumentIdentifier { get }
    var position: Position { get }
}
