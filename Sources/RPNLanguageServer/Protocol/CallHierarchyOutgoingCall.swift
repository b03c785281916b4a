import RPNJSON

/// LSP `CallHierarchyOutgoingCall`: a word called, and where in the caller the calls are.
struct CallHierarchyOutgoingCall: JSONConvertible {
    var to: CallHierarchyItem
    var fromRanges: [Range]

    var json: JSONValue { ["to": to.json, "fromRanges": .array(fromRanges.map(\.json))] }
}
