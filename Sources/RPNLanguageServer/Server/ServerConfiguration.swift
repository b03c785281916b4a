import RPNCore
import RPNJSON

/// Settings a client can give in `initializationOptions` or `workspace/didChangeConfiguration`
/// (`{"rpn": {...}}` or the same object bare):
/// `{"inlayHints": false | {"enabled": false}, "formatting": {"glyphs": "keep"|"unicode"|"ascii"},
///   "angleUnit": "radians"|"degrees"}`.
public struct ServerConfiguration: Sendable, Equatable {
    public var inlayHints = true
    public var formattingGlyphs = Formatter.Glyphs.keep
    public var angleUnit = AngleUnit.radians

    public init() {}

    mutating func update(from json: JSONValue?) {
        guard var json, json.objectValue != nil else { return }
        if let nested = json["rpn"], nested.objectValue != nil { json = nested }
        if let hints = json["inlayHints"] {
            inlayHints = hints.boolValue ?? hints["enabled"]?.boolValue ?? inlayHints
        }
        if let glyphs = json["formatting"]?["glyphs"]?.stringValue.flatMap(Formatter.Glyphs.init(rawValue:)) {
            formattingGlyphs = glyphs
        }
        if let unit = json["angleUnit"]?.stringValue {
            angleUnit = unit == "degrees" ? .degrees : .radians
        }
    }
}
