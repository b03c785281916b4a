import RPNJSON

/// `workspace/didChangeConfiguration`: new settings (those given change).
struct DidChangeConfigurationNotification: NotificationType {
    static let method = "workspace/didChangeConfiguration"

    var settings: ServerSettings

    init(json: JSONValue?) { settings = ServerSettings(json: json?["settings"]) }
}
