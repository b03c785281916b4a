import RPNJSON

/// `$/setTrace`: the server sends no traces, whatever the value.
struct SetTraceNotification: NotificationType {
    static let method = "$/setTrace"

    init(json: JSONValue?) {}
}
