import RPNJSON

/// LSP `InitializeResult`: what the server does (the capabilities of its handlers, merged,
/// and the negotiated position encoding) and who it is.
struct InitializeResult: JSONConvertible {
    var capabilities: JSONObject
    var serverName: String
    var serverVersion: String

    var json: JSONValue {
        ["capabilities": .object(capabilities),
         "serverInfo": ["name": .string(serverName), "version": .string(serverVersion)]]
    }
}
