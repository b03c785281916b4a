import RPNJSON

/// Messages received and not handled yet, oldest first, and what the server asks of them
/// while it works: has a request been cancelled, is a newer version of a document waiting.
struct MessageQueue {
    private var messages: [JSONValue] = []
    private var head = 0
    /// Ids (`LanguageServer.key(of:)`) of requests whose `$/cancelRequest` has arrived; an id
    /// leaves when its cancellation is handled, after every message before it.
    private(set) var cancelled: Set<String> = []
    /// Per document URI: the `didOpen`, `didChange` and `didClose` notifications waiting.
    private var versionsWaiting: [String: Int] = [:]

    var isEmpty: Bool { head == messages.count }

    mutating func append(_ message: JSONValue) {
        if let id = Self.cancelledID(message) { cancelled.insert(id) }
        if let uri = Self.changedDocument(message) { versionsWaiting[uri, default: 0] += 1 }
        messages.append(message)
    }

    mutating func popFirst() -> JSONValue? {
        guard head < messages.count else { return nil }
        let message = messages[head]
        messages[head] = .null
        head += 1
        if head == messages.count {
            messages.removeAll(keepingCapacity: messages.count < 1024)
            head = 0
        } else if head >= 1024, head * 2 >= messages.count {
            messages.removeSubrange(0..<head)
            head = 0
        }
        if let id = Self.cancelledID(message) { cancelled.remove(id) }
        if let uri = Self.changedDocument(message) {
            versionsWaiting[uri]! -= 1
            if versionsWaiting[uri] == 0 { versionsWaiting[uri] = nil }
        }
        return message
    }

    /// Whether a notification that changes (opens, edits or closes) the document is waiting.
    func hasNewerVersion(of uri: String) -> Bool { versionsWaiting[uri] != nil }

    private static func cancelledID(_ message: JSONValue) -> String? {
        guard message["method"]?.stringValue == CancelRequestNotification.method, message["id"] == nil,
              let id = message["params"]?["id"] else { return nil }
        return LanguageServer.key(of: id)
    }

    static func changedDocument(_ message: JSONValue) -> String? {
        guard message["id"] == nil, let method = message["method"]?.stringValue,
              method == DidChangeTextDocumentNotification.method || method == DidOpenTextDocumentNotification.method
                || method == DidCloseTextDocumentNotification.method
        else { return nil }
        return message["params"]?["textDocument"]?["uri"]?.stringValue
    }
}
