import RPNJSON

/// `workspace/didChangeWatchedFiles`: files created, changed or deleted on the disk, as the
/// client's watchers saw them. Registered with the client at run time (`FileWatching`), so
/// nothing is advertised for it.
struct DidChangeWatchedFilesNotification: NotificationType {
    static let method = "workspace/didChangeWatchedFiles"

    /// LSP `FileChangeType`.
    enum Kind: Int { case created = 1, changed = 2, deleted = 3 }

    var changes: [(uri: String, kind: Kind)]

    init(json: JSONValue?) throws(ResponseError) {
        guard let events = json?["changes"]?.arrayValue else { throw .invalidParams("expected changes: [FileEvent]") }
        changes = []
        for event in events {
            guard let uri = event["uri"]?.stringValue, let kind = event["type"]?.intValue.flatMap(Kind.init(rawValue:)) else {
                throw .invalidParams("expected a FileEvent: {uri, type: 1, 2 or 3}")
            }
            changes.append((uri, kind))
        }
    }
}
