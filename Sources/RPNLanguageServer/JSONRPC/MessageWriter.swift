import RPNJSON

/// Frames outgoing messages: `Content-Length: N\r\n\r\n` + the JSON body.
public enum MessageWriter {
    public static func frame(_ message: JSONValue) -> [UInt8] {
        let body = JSONSerializer.serialize(message)
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}
