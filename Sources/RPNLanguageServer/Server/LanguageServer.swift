import RPNCore
import RPNJSON

/// The language server: lifecycle, a method -> handler table, and the open documents. It
/// neither reads nor writes bytes: messages come in through `handle`, and everything it sends
/// goes out through the `send` closure it was given, so tests run it in memory.
public final class LanguageServer {
    /// A handler as the table holds it: the params as they came, the result encoded.
    typealias RequestHandler = (JSONValue?) throws(ResponseError) -> JSONValue
    typealias NotificationHandler = (JSONValue?) throws(ResponseError) -> Void

    enum State { case uninitialized, running, shutDown }

    let send: (JSONValue) -> Void
    let log: (String) -> Void
    var state = State.uninitialized
    var encoding = PositionEncoding.utf16
    var configuration = ServerConfiguration()
    /// What the client said it can do in `initialize`, for features that adapt to it.
    var clientCapabilities = ClientCapabilities()
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
    /// The capability each registered method stands for, in the order of registration (see
    /// `capabilities`).
    private(set) var registeredCapabilities: [(method: String, capability: ServerCapability)] = []
    /// What has arrived and waits its turn (see `enqueue` and `handleQueued`).
    var queue = MessageQueue()
    /// Takes in, without waiting, whatever has arrived since (the transport reads its input
    /// and calls `enqueue`); long requests call it through `checkpoint()`.
    public var receive: () -> Void = {}
    /// The request being handled: its id key, and the document it is about.
    var current: (key: String, uri: String?)?
    /// Ids cancelled by the caller of `handle(_:cancelled:)`.
    var cancelledByCaller: Set<String> = []
    /// Documents edited whose analysis and diagnostics wait for the messages queued behind
    /// the edit, oldest first (see `analyseSoon`).
    var analysesDue: [String] = []
    /// Requests that yielded to a newer version of their document, by URI: they are answered
    /// with ContentModified once that version has been handled.
    var yielded: [String: [JSONValue]] = [:]
    /// Requests this server sent to the client (refreshes) and not yet answered, by id key.
    var outgoing: [String: String] = [:]
    var nextOutgoingID = 1
    /// Semantic tokens results given so far (their ids).
    var semanticTokensResults = 0
    /// Pulled diagnostics results given so far (their ids: one per text and settings of a
    /// document, see `Document.diagnosticsResultID`).
    var diagnosticsResults = 0
    /// A document or an analysis has been let go since the transport last gave freed memory
    /// back to the system.
    public var freedMemory = false
    /// How long an analysis is kept after it was last asked for (see `AnalysisRetention`).
    public var analysisRetention: Duration = .seconds(30)
    /// The paths of the workspace's folders (`initialize`), whose `*.rpn` files
    /// `workspace/symbol` searches.
    var workspaceFolders: [String] = []
    /// The symbols of the workspace's files as last read, by path (see `WorkspaceSymbols`).
    var workspaceSymbolFiles: [String: WorkspaceSymbols.File] = [:]
    /// What references, rename and call hierarchy read of the workspace's closed files (see
    /// `ClosedFiles`).
    var closedFiles = ClosedFiles()

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

    /// Registers the handler of a request: `on(HoverRequest.self) { request throws(ResponseError)
    /// in ... }`. It gets the params decoded (invalid ones are answered with -32602 before it
    /// runs) and returns the result, which is encoded here; the request's capability is
    /// advertised from now on.
    func on<Request: RequestType>(_ type: Request.Type,
                                  _ handler: @escaping (Request) throws(ResponseError) -> Request.Response) {
        func handle(_ params: JSONValue?) throws(ResponseError) -> JSONValue {
            let request = try Request(json: params)
            return try handler(request).json
        }
        requestHandlers[Request.method] = handle
        advertise(Request.method, Request.capability)
    }

    /// Registers the handler of a notification: `on(DidOpenTextDocumentNotification.self) { ... }`.
    func on<Notification: NotificationType>(_ type: Notification.Type,
                                            _ handler: @escaping (Notification) throws(ResponseError) -> Void) {
        func handle(_ params: JSONValue?) throws(ResponseError) {
            let notification = try Notification(json: params)
            try handler(notification)
        }
        notificationHandlers[Notification.method] = handle
        advertise(Notification.method, Notification.capability)
    }

    /// Forgets the handler of a method and its capability (tests check that the capability goes
    /// with it).
    func removeHandler(_ method: String) {
        requestHandlers[method] = nil
        notificationHandlers[method] = nil
        registeredCapabilities.removeAll { $0.method == method }
    }

    /// The methods with a handler.
    var registeredMethods: [String] { Array(requestHandlers.keys) + Array(notificationHandlers.keys) }

    private func advertise(_ method: String, _ capability: ServerCapability?) {
        registeredCapabilities.removeAll { $0.method == method }
        if let capability { registeredCapabilities.append((method, capability)) }
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
        } catch {
            if error.code == ResponseError.contentModified, let uri, queue.hasNewerVersion(of: uri) {
                yielded[uri, default: []].append(id)  // answered once the newer version is handled
            } else {
                respond(id: id, error: error)
            }
        }
    }

    private func handleNotification(method: String, params: JSONValue?) {
        if method == ExitNotification.method {
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

    /// The open document a request is about; RequestFailed when it is not open, or out of
    /// sync (saying why and what brings it back).
    func document(_ identifier: TextDocumentIdentifier) throws(ResponseError) -> Document {
        guard let document = documents[identifier.uri] else {
            if let reason = documents.outOfSyncReason(identifier.uri) {
                throw ResponseError(ResponseError.requestFailed, "\(identifier.uri) is out of sync with the client (\(reason)): "
                                    + "send its whole text, in a change without a range or by closing and reopening it")
            }
            throw ResponseError(ResponseError.requestFailed, "\(identifier.uri) is not open")
        }
        return document
    }

    /// The document and byte offset of a request's position.
    func documentPosition(_ request: some TextDocumentPositionRequest) throws(ResponseError) -> (Document, Int) {
        let document = try document(request.textDocument)
        return (document, document.offset(of: request.position, encoding: encoding))
    }
}
