import RPNCore
import RPNJSON

/// The language server: lifecycle, a method -> handler table, and the open documents. It
/// neither reads nor writes bytes: messages come in through `handle`, and everything it sends
/// goes out through the `send` closure it was given, so tests run it in memory.
public final class LanguageServer {
    public typealias RequestHandler = (JSONValue?) throws(ResponseError) -> JSONValue
    public typealias NotificationHandler = (JSONValue?) throws(ResponseError) -> Void

    enum State { case uninitialized, running, shutDown }

    let send: (JSONValue) -> Void
    let log: (String) -> Void
    var state = State.uninitialized
    var encoding = PositionEncoding.utf16
    var configuration = ServerConfiguration()
    var markdownHover = true
    var markdownCompletion = true
    /// The client can be asked to fetch inlay hints / semantic tokens again
    /// (`workspace.inlayHint.refreshSupport`, `workspace.semanticTokens.refreshSupport`).
    var refreshesInlayHints = false
    var refreshesSemanticTokens = false
    /// The client's process, from `initialize`.
    public internal(set) var clientProcessID: Int32?
    /// The client's process if it existed at `initialize` (see `ClientProcess`); the transport
    /// exits when it has gone.
    public internal(set) var watchedProcessID: Int32?
    /// Set once `exit` arrives: 0 after `shutdown`, 1 without.
    public internal(set) var exitCode: Int32?
    let documents = DocumentStore()
    private var requestHandlers: [String: RequestHandler] = [:]
    private var notificationHandlers: [String: NotificationHandler] = [:]
    /// What has arrived and waits its turn (see `enqueue` and `handleQueued`).
    var queue = MessageQueue()
    /// Takes in, without waiting, whatever has arrived since (the transport reads its input
    /// and calls `enqueue`); long requests call it through `checkpoint()`.
    public var receive: () -> Void = {}
    /// The request being handled: its id key, and the document it is about.
    private var current: (key: String, uri: String?)?
    /// Ids cancelled by the caller of `handle(_:cancelled:)`.
    private var cancelledByCaller: Set<String> = []
    /// Requests that yielded to a newer version of their document, by URI: they are answered
    /// with ContentModified once that version has been handled.
    private var yielded: [String: [JSONValue]] = [:]
    /// Requests this server sent to the client (refreshes) and not yet answered, by id key.
    var outgoing: [String: String] = [:]
    private var nextOutgoingID = 1
    /// Semantic tokens results given so far (their ids).
    var semanticTokensResults = 0
    /// A document or an analysis has been let go since the transport last gave freed memory
    /// back to the system.
    public var freedMemory = false
    /// How long an analysis is kept after it was last asked for (see `AnalysisRetention`).
    public var analysisRetention: Duration = .seconds(30)

    public static let name = "rpn"
    public static let version = RPN.version

    /// `send` receives every outgoing message (responses and notifications); `log` is for
    /// people (stderr), never the protocol stream.
    public init(send: @escaping (JSONValue) -> Void, log: @escaping (String) -> Void = { _ in }) {
        self.send = send
        self.log = log
        registerLifecycle()
        registerDocumentSync()
        registerFeatures()
    }

    /// Registers a request handler: `on("textDocument/hover") { params in ... }`.
    public func on(_ method: String, _ handler: @escaping RequestHandler) {
        requestHandlers[method] = handler
    }

    public func onNotification(_ method: String, _ handler: @escaping NotificationHandler) {
        notificationHandlers[method] = handler
    }

    // MARK: - The queue

    /// Adds a message to the queue; `$/cancelRequest` takes effect at once, for requests
    /// waiting and for the one in progress.
    public func enqueue(_ message: JSONValue) {
        queue.append(message)
    }

    public var hasQueuedMessages: Bool { !queue.isEmpty }

    /// Handles the queued messages in order until none is left, `exit` has arrived, or `stop`
    /// says so. Edits to one document that wait one behind the other are all applied, but
    /// only the last is analysed and has its diagnostics published (see DocumentSync).
    public func handleQueued(until stop: () -> Bool = { false }) {
        while exitCode == nil, !stop(), let message = queue.popFirst() {
            handle(message)
            limitRetainedAnalyses()
        }
    }

    /// For long requests, every so often: takes in what has arrived, then stops the request
    /// (by throwing) when it has been cancelled (RequestCancelled), or when a newer version
    /// of its document is waiting. Then it yields: the new version is handled first, and the
    /// request, whose answer would describe text that no longer exists, gets ContentModified.
    func checkpoint() throws(ResponseError) {
        guard let current else { return }
        receive()
        if queue.cancelled.contains(current.key) || cancelledByCaller.contains(current.key) {
            throw ResponseError(ResponseError.requestCancelled, "the request was cancelled")
        }
        if let uri = current.uri, queue.hasNewerVersion(of: uri) {
            throw ResponseError(ResponseError.contentModified, "\(uri) changed while the request was being handled")
        }
    }

    /// Whether the document has a newer version waiting in the queue: analysing or publishing
    /// this one would be wasted.
    func isSuperseded(_ uri: String) -> Bool { queue.hasNewerVersion(of: uri) }

    /// Answers the requests that yielded to a newer version of `uri`, now that it is handled.
    func answerYielded(_ uri: String) {
        guard let ids = yielded.removeValue(forKey: uri) else { return }
        for id in ids {
            respond(id: id, error: ResponseError(ResponseError.contentModified, "\(uri) changed; ask again"))
        }
    }

    // MARK: - Dispatch

    /// Handles one message body; `cancelled` lists request ids cancelled before it ran.
    public func handle(_ body: [UInt8], cancelled: Set<String> = []) {
        let message: JSONValue
        do { message = try JSONParser.parse(body) } catch {
            respond(id: .null, error: ResponseError(ResponseError.parseError, "parse error: \(error.message)"))
            return
        }
        handle(message, cancelled: cancelled)
    }

    public func handle(_ message: JSONValue, cancelled: Set<String> = []) {
        guard let object = message.objectValue else {
            respond(id: .null, error: ResponseError(ResponseError.invalidRequest, "a message must be a JSON object"))
            return
        }
        let id = object["id"]
        if let id, !Self.isValidID(id) {
            respond(id: .null, error: ResponseError(ResponseError.invalidRequest, "an id must be an integer or a string"))
            return
        }
        guard let methodValue = object["method"] else {
            if let id, object["result"] != nil || object["error"] != nil {  // a response to a request of ours
                handleResponse(id: id, error: object["error"])
                return
            }
            respond(id: id ?? .null, error: ResponseError(ResponseError.invalidRequest, "a request needs a method"))
            return
        }
        guard let method = methodValue.stringValue, object["jsonrpc"]?.stringValue == "2.0" else {
            if let id { respond(id: id, error: ResponseError(ResponseError.invalidRequest, "not a JSON-RPC 2.0 request")) }
            return
        }
        let params = object["params"]
        if let params, !params.isNull, params.objectValue == nil, params.arrayValue == nil {
            if let id { respond(id: id, error: ResponseError(ResponseError.invalidRequest, "params must be an object or an array")) }
            return
        }
        if let id {
            let key = Self.key(of: id)
            if cancelled.contains(key) || queue.cancelled.contains(key) {
                respond(id: id, error: ResponseError(ResponseError.requestCancelled, "\(method) was cancelled"))
                return
            }
            cancelledByCaller = cancelled
            defer { cancelledByCaller = [] }
            handleRequest(id: id, method: method, params: params)
        } else {
            handleNotification(method: method, params: params)
            // Requests that yielded to this version of a document are answered now that it is
            // handled (even when handling it failed: they must not wait forever).
            if let uri = MessageQueue.changedDocument(message) { answerYielded(uri) }
        }
    }

    /// A request id as a set key: `1` and `"1"` are different ids.
    public static func key(of id: JSONValue) -> String {
        switch id {
        case .string(let s): "s:" + s
        default: "i:" + (id.intValue.map(String.init) ?? "?")
        }
    }

    static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .int, .string: true
        case .double(let d): d.rounded() == d
        default: false
        }
    }

    private func handleRequest(id: JSONValue, method: String, params: JSONValue?) {
        switch state {
        case .uninitialized where method != "initialize":
            respond(id: id, error: ResponseError(ResponseError.serverNotInitialized, "the server is not initialized yet"))
            return
        case .running where method == "initialize":
            respond(id: id, error: ResponseError(ResponseError.invalidRequest, "initialize was already received"))
            return
        case .shutDown:
            respond(id: id, error: ResponseError(ResponseError.invalidRequest, "the server is shutting down"))
            return
        default: break
        }
        guard let handler = requestHandlers[method] else {
            respond(id: id, error: ResponseError(ResponseError.methodNotFound, "unknown method \(method)"))
            return
        }
        let uri = params?["textDocument"]?["uri"]?.stringValue
        current = (Self.key(of: id), uri)
        defer { current = nil }
        do {
            let result = try handler(params?.isNull == true ? nil : params)
            send(["jsonrpc": "2.0", "id": id, "result": result])
        } catch where error.code == ResponseError.contentModified && uri != nil && queue.hasNewerVersion(of: uri!) {
            yielded[uri!, default: []].append(id)  // answered once the newer version is handled
        } catch {
            respond(id: id, error: error)
        }
    }

    /// A response to a request this server sent: forgotten, and an error logged.
    private func handleResponse(id: JSONValue, error: JSONValue?) {
        guard let method = outgoing.removeValue(forKey: Self.key(of: id)) else {
            log("ignoring a response to \(JSONSerializer.string(id)), which is no request of this server")
            return
        }
        if let error, !error.isNull {
            log("\(method): the client answered with an error: \(error["message"]?.stringValue ?? JSONSerializer.string(error))")
        }
    }

    /// Sends a request to the client; its response is matched by id and dropped.
    func sendRequest(_ method: String, _ params: JSONValue? = nil) {
        let id = JSONValue.string("rpn-\(nextOutgoingID)")
        nextOutgoingID += 1
        outgoing[Self.key(of: id)] = method
        var message: JSONObject = ["jsonrpc": "2.0", "id": id, "method": .string(method)]
        if let params { message["params"] = params }
        send(.object(message))
    }

    private func handleNotification(method: String, params: JSONValue?) {
        if method == "exit" {
            exitCode = state == .shutDown ? 0 : 1
            return
        }
        guard state == .running else { return }  // notifications before initialize are dropped
        guard let handler = notificationHandlers[method] else {
            if !method.hasPrefix("$/") { log("ignoring unknown notification \(method)") }
            return
        }
        do { try handler(params?.isNull == true ? nil : params) } catch {
            log("\(method): \(error.message)")
        }
    }

    func respond(id: JSONValue, error: ResponseError) {
        send(["jsonrpc": "2.0", "id": id, "error": ["code": .int(error.code), "message": .string(error.message)]])
    }

    func notify(_ method: String, _ params: JSONValue) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    // MARK: - Helpers for handlers

    func document(_ params: JSONValue?) throws(ResponseError) -> Document {
        guard let uri = params?["textDocument"]?["uri"]?.stringValue else {
            throw .invalidParams("expected textDocument.uri")
        }
        guard let document = documents[uri] else { throw ResponseError(ResponseError.requestFailed, "\(uri) is not open") }
        return document
    }

    /// The document and byte offset of `params.position`.
    func documentPosition(_ params: JSONValue?) throws(ResponseError) -> (Document, Int) {
        let document = try document(params)
        let position = try Position(json: params?["position"])
        return (document, document.offset(of: position, encoding: encoding))
    }
}
