import RPNJSON

/// `$/cancelRequest`: takes effect when it is queued (`MessageQueue` reads its `id`), before
/// the requests ahead of it are handled; when its turn comes there is nothing left to do.
struct CancelRequestNotification: NotificationType {
    static let method = "$/cancelRequest"

    init(json: JSONValue?) {}
}
