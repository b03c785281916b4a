import RPNJSON

/// LSP `ParameterInformation`: one input of a signature, by where it is in the signature's
/// label (UTF-16 offsets, for clients with `labelOffsetSupport`: `max ( a b -- max(a,b) )` has
/// an `a` in `max` too) or by its text.
struct ParameterInformation: JSONConvertible {
    enum Label {
        case offsets(Swift.Range<Int>)
        case text(String)
    }

    var label: Label

    var json: JSONValue {
        switch label {
        case .offsets(let range): ["label": [.int(range.lowerBound), .int(range.upperBound)]]
        case .text(let text): ["label": .string(text)]
        }
    }
}
