import RPNJSON

/// `completionItem/resolve`: the documentation of the item the user is looking at, which the
/// list leaves out (a description runs the word on symbols; 200 of them would cost more than
/// the list).
struct CompletionResolveRequest: RequestType {
    typealias Response = ResolvedCompletionItem
    static let method = "completionItem/resolve"
    static let capability: ServerCapability? = ServerCapability(
        "completionProvider", value: ["resolveProvider": true], refines: true)

    var item: JSONObject
    var data: CompletionItemData?

    init(json: JSONValue?) throws(ResponseError) {
        guard let item = json?.objectValue, item["label"]?.stringValue != nil else {
            throw .invalidParams("expected a completion item with a label")
        }
        self.item = item
        data = CompletionItemData(json: item["data"])
    }
}
