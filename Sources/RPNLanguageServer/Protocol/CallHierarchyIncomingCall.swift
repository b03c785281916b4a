import RPNJSON

/// LSP `CallHierarchyIncomingCall`: a caller, and where in it the calls are.
struct CallHierarchyIncomingCall: JSONConvertible {
    var from: CallHierarchyItem
    var fromRanges: [Range]

    var json: JSONValue { ["from": from.json, "fromRanges": .array(fromRanges.map(\.json))] }
}
