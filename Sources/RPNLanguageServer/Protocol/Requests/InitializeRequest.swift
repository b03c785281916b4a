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

    init(json: JSONValue?) {
        if let pid = json?["processId"]?.intValue, pid > 0, pid <= Int(Int32.max) { processID = Int32(pid) }
        capabilities = ClientCapabilities(json: json?["capabilities"])
        settings = ServerSettings(json: json?["initializationOptions"])
    }
}
