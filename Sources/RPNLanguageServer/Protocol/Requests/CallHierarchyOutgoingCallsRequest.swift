import RPNJSON

/// `callHierarchy/outgoingCalls`: the words of one's own the item's word (or the top level)
/// calls.
struct CallHierarchyOutgoingCallsRequest: RequestType {
    typealias Response = [CallHierarchyOutgoingCall]?
    static let method = "callHierarchy/outgoingCalls"

    var item: CallHierarchyItem

    init(json: JSONValue?) throws(ResponseError) {
        item = try CallHierarchyItem(json: json?["item"])
    }
}
