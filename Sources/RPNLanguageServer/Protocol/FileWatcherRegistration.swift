import RPNJSON

/// The `client/registerCapability` params that ask a client to watch files for
/// `workspace/didChangeWatchedFiles` (LSP `Registration` with
/// `DidChangeWatchedFilesRegistrationOptions`): each glob pattern, for creations, changes and
/// deletions alike.
struct FileWatcherRegistration: JSONConvertible {
    static let id = "rpn-watched-files"

    var globPatterns: [String]

    var json: JSONValue {
        ["registrations": [["id": .string(Self.id), "method": .string(DidChangeWatchedFilesNotification.method),
                            "registerOptions": ["watchers": .array(globPatterns.map { ["globPattern": .string($0)] })]]]]
    }
}
