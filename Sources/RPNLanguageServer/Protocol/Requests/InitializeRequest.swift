import RPNJSON

/// `initialize`: the client's process, its capabilities and the settings it starts with.
struct InitializeRequest: RequestType {
    typealias Response = InitializeResult
    static let method = "initialize"

    /// `processId` when it can be a process (null, garbage or out of range: none).
    var processID: Int32?
    var capabilities: ClientCapabilities
    /// `initializationOptions`.
    var settings: ServerSettings
    /// The paths of the workspace's folders: `workspaceFolders`, else `rootUri`, else
    /// `rootPath` (folders of no `file:` URI left out).
    var workspaceFolders: [String]

    init(json: JSONValue?) {
        if let pid = json?["processId"]?.intValue, pid > 0, pid <= Int(Int32.max) { processID = Int32(pid) }
        capabilities = ClientCapabilities(json: json?["capabilities"])
        settings = ServerSettings(json: json?["initializationOptions"])
        if let folders = json?["workspaceFolders"]?.arrayValue {
            workspaceFolders = folders.compactMap { $0["uri"]?.stringValue.flatMap(FileURI.path) }
        } else if let root = json?["rootUri"]?.stringValue {
            workspaceFolders = FileURI.path(root).map { [$0] } ?? []
        } else if let root = json?["rootPath"]?.stringValue, root.hasPrefix("/") {
            workspaceFolders = [root]
        } else {
            workspaceFolders = []
        }
    }
}
