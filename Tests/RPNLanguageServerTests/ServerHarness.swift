import RPNJSON
@testable import RPNLanguageServer

/// A server in memory: messages in through `handle`, everything it sends collected.
final class ServerHarness {
    var sent: [JSONValue] = []
    var server: LanguageServer!
    private var nextID = 1

    /// What the server logged (its stderr).
    var logged: [String] = []

    init(initialize: Bool = true, capabilities: JSONValue = [:], initializationOptions: JSONValue = nil) {
        server = LanguageServer(send: { [unowned self] in sent.append($0) }, log: { [unowned self] in logged.append($0) })
        if initialize {
            _ = request("initialize", ["processId": nil, "capabilities": capabilities,
                                       "initializationOptions": initializationOptions])
            notify("initialized", [:])
        }
    }

    /// Sends a request; returns its response (the whole message).
    @discardableResult
    func request(_ method: String, _ params: JSONValue? = nil, id: JSONValue? = nil) -> JSONValue {
        let id = id ?? .int(nextID)
        nextID += 1
        var message: JSONObject = ["jsonrpc": "2.0", "id": id, "method": .string(method)]
        if let params { message["params"] = params }
        let before = sent.count
        server.handle(.object(message))
        return sent[before...].first { $0["id"] == id } ?? .null
    }

    func result(_ method: String, _ params: JSONValue? = nil) -> JSONValue {
        let response = request(method, params)
        precondition(response["error"] == nil, "\(method) failed: \(JSONSerializer.string(response))")
        return response["result"] ?? .null
    }

    func notify(_ method: String, _ params: JSONValue? = nil) {
        var message: JSONObject = ["jsonrpc": "2.0", "method": .string(method)]
        if let params { message["params"] = params }
        server.handle(.object(message))
    }

    func open(_ text: String, uri: String = "file:///t.rpn") {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "rpn", "version": 1,
                                                         "text": .string(text)]])
    }

    /// The latest diagnostics published for a document.
    func diagnostics(_ uri: String = "file:///t.rpn") -> [JSONValue] {
        let publish = sent.last { message in
            message["method"]?.stringValue == "textDocument/publishDiagnostics" && message["params"]?["uri"]?.stringValue == uri
        }
        return publish?["params"]?["diagnostics"]?.arrayValue ?? []
    }

    /// The items of a completion at a place.
    func completionItems(_ line: Int, _ character: Int, uri: String = "file:///t.rpn") -> [JSONValue] {
        result("textDocument/completion", at(line, character, uri: uri))["items"]?.arrayValue ?? []
    }

    /// An item's documentation, as `completionItem/resolve` gives it (the list has none).
    func documentation(of item: JSONValue?) -> JSONValue? {
        guard let item else { return nil }
        return result("completionItem/resolve", item)["documentation"]
    }

    static func position(_ line: Int, _ character: Int) -> JSONValue { ["line": .int(line), "character": .int(character)] }

    func at(_ line: Int, _ character: Int, uri: String = "file:///t.rpn") -> JSONValue {
        ["textDocument": ["uri": .string(uri)], "position": Self.position(line, character)]
    }
}

/// `[line, character, line, character]` of a range.
func span(_ range: JSONValue?) -> [Int] {
    [range?["start"]?["line"], range?["start"]?["character"], range?["end"]?["line"], range?["end"]?["character"]]
        .map { $0?.intValue ?? -1 }
}

/// A text with `|` marking a place in it: the text before and after the mark.
func splitAtCursor(_ marked: String) -> (before: String, after: String) {
    let mark = marked.firstIndex(of: "|")!
    return (String(marked[..<mark]), String(marked[marked.index(after: mark)...]))
}
