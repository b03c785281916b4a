import RPNJSON
import Testing
@testable import RPNLanguageServer

@Suite struct LifecycleTests {
    @Test func initializeAnswersCapabilitiesAndServerInfo() {
        let h = ServerHarness(initialize: false)
        let result = h.result("initialize", ["processId": 1234, "capabilities": [:]])
        #expect(result["serverInfo"]?["name"] == "rpn")
        let capabilities = result["capabilities"]
        #expect(capabilities?["positionEncoding"] == "utf-16")
        #expect(capabilities?["textDocumentSync"]?["change"] == 2)
        for provider in ["hoverProvider", "definitionProvider", "referencesProvider", "documentHighlightProvider",
                         "documentSymbolProvider", "documentFormattingProvider", "inlayHintProvider"] {
            #expect(capabilities?[provider] == true, "\(provider)")
        }
        #expect(h.server.clientProcessID == 1234)
    }

    @Test func utf8WhenTheClientOffersIt() {
        let h = ServerHarness(initialize: false)
        let result = h.result("initialize", ["capabilities": ["general": ["positionEncodings": ["utf-16", "utf-8"]]]])
        #expect(result["capabilities"]?["positionEncoding"] == "utf-8")
    }

    @Test func requestsBeforeInitializeGetServerNotInitialized() {
        let h = ServerHarness(initialize: false)
        #expect(h.request("textDocument/hover", [:])["error"]?["code"] == -32002)
        h.notify("textDocument/didOpen", ["textDocument": ["uri": "file:///a", "text": "1 0 /", "version": 1]])
        #expect(h.sent.count == 1, "notifications before initialize are dropped, never answered")
    }

    @Test func unknownMethodsAndNotifications() {
        let h = ServerHarness()
        #expect(h.request("textDocument/unknownThing", [:])["error"]?["code"] == -32601)
        let before = h.sent.count
        h.notify("$/unknownNotification", [:])
        h.notify("custom/unknown", [:])
        h.notify("$/setTrace", ["value": "off"])
        h.notify("workspace/didChangeConfiguration", ["settings": [:]])
        #expect(h.sent.count == before)
    }

    @Test(arguments: [JSONValue.int(7), .string("a-uuid-string"), .int(0), .string("")])
    func idsAreEchoedUnchanged(_ id: JSONValue) {
        let h = ServerHarness()
        #expect(h.request("shutdown", nil, id: id)["id"] == id)
    }

    @Test func paramsMayBeAbsentOrNull() {
        let h = ServerHarness()
        h.server.handle(["jsonrpc": "2.0", "id": 41, "method": "shutdown", "params": nil])
        #expect(h.sent.last?["id"] == 41)
        #expect(h.sent.last?["result"] == .null)
        #expect(JSONSerializer.string(h.sent.last!).contains("\"result\":null"), "result is explicitly null")
        h.server.handle(["jsonrpc": "2.0", "method": "exit"])
        #expect(h.server.exitCode == 0)
    }

    @Test func exitWithoutShutdownIsOne() {
        let h = ServerHarness()
        h.notify("exit")
        #expect(h.server.exitCode == 1)
    }

    @Test func requestsAfterShutdownAreInvalid() {
        let h = ServerHarness()
        h.request("shutdown")
        #expect(h.request("textDocument/hover", [:])["error"]?["code"] == -32600)
    }

    @Test func initializeTwiceIsInvalid() {
        let h = ServerHarness()
        #expect(h.request("initialize", ["capabilities": [:]])["error"]?["code"] == -32600)
    }

    static let malformed: [(String, Int)] = [
        ("{not json", -32700),
        ("[1,2", -32700),
        ("\"just a string\"", -32600),
        ("[]", -32600),
        (#"{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}"#, -32600),
        (#"{"jsonrpc":"2.0","id":[1],"method":"shutdown"}"#, -32600),
        (#"{"jsonrpc":"2.0","id":1}"#, -32600),
        (#"{"jsonrpc":"2.0","id":1,"method":42}"#, -32600),
        (#"{"jsonrpc":"2.0","id":1,"method":"shutdown","params":"text"}"#, -32600),
        (#"{"jsonrpc":"1.0","id":1,"method":"shutdown"}"#, -32600),
    ]

    @Test(arguments: malformed)
    func malformedMessagesGetErrorsAndTheServerKeepsGoing(_ body: String, _ code: Int) {
        let h = ServerHarness()
        h.server.handle(Array(body.utf8))
        #expect(h.sent.last?["error"]?["code"]?.intValue == code, "\(body)")
        #expect(h.request("shutdown")["result"] == .null)
    }

    @Test func invalidUTF8BodyIsAParseError() {
        let h = ServerHarness()
        h.server.handle([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D])
        #expect(h.sent.last?["error"]?["code"] == -32700)
    }

    @Test func cancelledRequestsAreAnsweredWithRequestCancelled() {
        let h = ServerHarness()
        h.server.handle(["jsonrpc": "2.0", "id": 9, "method": "shutdown"], cancelled: [LanguageServer.key(of: 9)])
        #expect(h.sent.last?["error"]?["code"] == -32800)
        #expect(h.sent.last?["id"] == 9)
    }
}
