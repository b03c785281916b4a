import RPNJSON

/// `initialized`: the client has taken the answer to `initialize`; nothing to do.
struct InitializedNotification: NotificationType {
    static let method = "initialized"

    init(json: JSONValue?) {}
}
