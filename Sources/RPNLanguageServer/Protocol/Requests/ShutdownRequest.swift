import RPNJSON

/// `shutdown`: every later request but `exit` is refused.
struct ShutdownRequest: RequestType {
    typealias Response = VoidResponse
    static let method = "shutdown"

    init(json: JSONValue?) {}
}
