import RPNJSON

/// Requests the server sends to the client (refreshes): each with its own id, and the client's
/// answers taken in without a reply.
extension LanguageServer {
    /// A response to a request this server sent: forgotten, and an error logged.
    func handleResponse(id: JSONValue, error: JSONValue?) {
        guard let method = outgoing.removeValue(forKey: Self.key(of: id)) else {
            log("ignoring a response to \(JSONSerializer.string(id)), which is no request of this server")
            return
        }
        if let error, !error.isNull {
            log("\(method): the client answered with an error: \(error["message"]?.stringValue ?? JSONSerializer.string(error))")
        }
    }

    /// Sends a request to the client; its response is matched by id and dropped.
    func sendRequest(_ method: String, _ params: JSONValue? = nil) {
        let id = JSONValue.string("rpn-\(nextOutgoingID)")
        nextOutgoingID += 1
        outgoing[Self.key(of: id)] = method
        var message: JSONObject = ["jsonrpc": "2.0", "id": id, "method": .string(method)]
        if let params { message["params"] = params }
        send(.object(message))
    }
}
