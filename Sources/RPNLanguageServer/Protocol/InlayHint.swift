import RPNJSON

/// LSP `InlayHint` with a plain label, set apart from the text before it.
struct InlayHint: JSONConvertible {
    var position: Position
    var label: String

    var json: JSONValue { ["position": position.json, "label": .string(label), "paddingLeft": true] }
}
