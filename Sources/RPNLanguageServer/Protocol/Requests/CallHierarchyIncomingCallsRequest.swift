import RPNJSON

/// `callHierarchy/incomingCalls`: the words (and the top level) that call the item's word.
struct CallHierarchyIncomingCallsRequest: RequestType {
    typealias Response = [CallHierarchyIncomingCall]?
    static let method = "callHierarchy/incomingCalls"

    var item: CallHierarchyItem

    init(json: JSONValue?) throws(ResponseError) {
        item = try CallHierarchyItem(json: json?["item"])
    }
}
